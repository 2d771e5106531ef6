import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * A browser test gets one time limit, set once in playwright.config.ts and
 * generous enough for a machine busy with other jobs: a test that fails still
 * fails after its expectation's own wait, and a slow one that passes is not
 * cut short. A file that sets a lower limit of its own brings back the
 * failures that only a loaded machine shows (three loaded runs once failed on
 * a sign-in test that had kept 120 s). Raising it (test.slow(), or more than
 * the configured limit) is allowed.
 */
const configured = (() => {
  const match = /^\s*timeout: ([\d_]+),/m.exec(readFileSync('playwright.config.ts', 'utf8'))
  if (!match) throw new Error('playwright.config.ts sets no test timeout')
  return Number(match[1]!.replaceAll('_', ''))
})()

const configuredExpect = (() => {
  const match = /^\s*expect: \{ timeout: ([\d_]+) \}/m.exec(readFileSync('playwright.config.ts', 'utf8'))
  if (!match) throw new Error('playwright.config.ts sets no expectation timeout')
  return Number(match[1]!.replaceAll('_', ''))
})()

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? specFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  )
}

/** Every wait a file gives an expectation or an event (`{ timeout: n }`), besides its test limits. */
function waitsIn(source: string): number[] {
  const limits = new Set(limitsIn(source))
  return [...source.matchAll(/\btimeout: ([\d_]+)/g)]
    .map((match) => Number(match[1]!.replaceAll('_', '')))
    .filter((wait) => !limits.has(wait))
}

/** Every test time limit a file sets: `test.setTimeout(n)` and `test.describe.configure({ timeout: n })`. */
function limitsIn(source: string): number[] {
  const limits = [...source.matchAll(/\btest\.setTimeout\(([\d_]+)\)/g)]
  const configures = [...source.matchAll(/\btest\.describe\.configure\(\{[^}]*\btimeout: ([\d_]+)/g)]
  return [...limits, ...configures].map((match) => Number(match[1]!.replaceAll('_', '')))
}

describe('browser test time limits', () => {
  it('the configured limit gives a loaded machine room (at least two minutes)', () => {
    expect(configured).toBeGreaterThanOrEqual(120_000)
  })

  it('no spec or helper sets a limit at or below the configured one', () => {
    const lowered = specFiles('tests/e2e').flatMap((file) =>
      limitsIn(readFileSync(file, 'utf8'))
        .filter((limit) => limit <= configured)
        .map((limit) => `${file}: ${limit} ms`),
    )
    expect(lowered).toEqual([])
  })

  it('an expectation waits as long for a loaded machine (a minute), and no file or call waits less', () => {
    // A wait of ten seconds or more was set to be generous; once the default grew past it, it cut
    // the wait short instead (a toast after a navigation took 23 s with three runs at once).
    // Shorter waits are deliberate bounds: "within a second", or one try inside a toPass loop.
    expect(configuredExpect).toBeGreaterThanOrEqual(60_000)
    const shorter = specFiles('tests/e2e').flatMap((file) =>
      waitsIn(readFileSync(file, 'utf8'))
        .filter((wait) => wait >= 10_000 && wait < configuredExpect)
        .map((wait) => `${file}: ${wait} ms`),
    )
    expect(shorter).toEqual([])
  })

  it('finds both ways of setting one', () => {
    expect(limitsIn("test.setTimeout(90_000)\ntest.describe.configure({ mode: 'serial', timeout: 120_000 })")).toEqual([
      90_000, 120_000,
    ])
    expect(limitsIn('const expect = baseExpect.configure({ timeout: 20_000 })')).toEqual([])
  })
})
