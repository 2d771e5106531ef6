import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

/**
 * Mutation testing runs in parts, each with its own results file; the
 * committed results file is those parts merged, so that the next run starts
 * from all of them.
 */
const SCRIPT = join(process.cwd(), 'scripts/merge-mutation-results.mjs')
let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function mutant(id: string, status: string, coveredBy: string[], killedBy?: string[]) {
  return { id, mutatorName: 'BooleanLiteral', replacement: 'false', status, coveredBy, killedBy, location: {} }
}

function results(files: Record<string, object[]>, tests: Record<string, [string, string][]>) {
  return {
    schemaVersion: '2',
    files: Object.fromEntries(
      Object.entries(files).map(([f, mutants]) => [f, { language: 'typescript', source: 'x', mutants }]),
    ),
    testFiles: Object.fromEntries(
      Object.entries(tests).map(([f, list]) => [f, { source: f, tests: list.map(([id, name]) => ({ id, name })) }]),
    ),
  }
}

function merge(...inputs: object[]) {
  dir = mkdtempSync(join(tmpdir(), 'merge-mutation-'))
  const paths = inputs.map((input, i) => {
    const path = join(dir, `part-${i}.json`)
    writeFileSync(path, JSON.stringify(input))
    return path
  })
  const out = join(dir, 'merged.json')
  const run = spawnSync(process.execPath, [SCRIPT, out, ...paths], { encoding: 'utf8' })
  return { run, merged: run.status === 0 ? JSON.parse(readFileSync(out, 'utf8')) : null }
}

/** Each mutant's status and the names of the tests that cover and kill it. */
function readable(merged: {
  files: Record<string, { mutants: { status: string; coveredBy?: string[]; killedBy?: string[] }[] }>
  testFiles: Record<string, { tests: { id: string; name: string }[] }>
}) {
  const names = new Map<string, string>()
  for (const { tests } of Object.values(merged.testFiles)) for (const t of tests) names.set(t.id, t.name)
  const name = (ids?: string[]) => ids?.map((id) => names.get(id))
  return Object.fromEntries(
    Object.entries(merged.files).map(([file, { mutants }]) => [
      file,
      mutants.map((m) => [m.status, name(m.coveredBy), name(m.killedBy)]),
    ]),
  )
}

describe('merging the results of mutation runs made in parts', () => {
  it('keeps every part, each mutant still naming the tests that covered and killed it, though ids clash', () => {
    const models = results(
      { 'app/models/a.ts': [mutant('1', 'Killed', ['0', '1'], ['1'])] },
      {
        'tests/a.test.ts': [
          ['0', 'a loads'],
          ['1', 'a saves'],
        ],
      },
    )
    const lib = results(
      { 'app/lib/b.ts': [mutant('1', 'Survived', ['0']), mutant('2', 'Killed', ['1', '0'], ['0'])] },
      { 'tests/b.test.ts': [['0', 'b reads']], 'tests/a.test.ts': [['1', 'a saves']] },
    )
    const { run, merged } = merge(models, lib)
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('2 files, 3 tests, 66.67 % killed')
    expect(readable(merged)).toEqual({
      'app/models/a.ts': [['Killed', ['a loads', 'a saves'], ['a saves']]],
      'app/lib/b.ts': [
        ['Survived', ['b reads'], undefined],
        ['Killed', ['a saves', 'b reads'], ['b reads']],
      ],
    })
    const ids = Object.values(merged.testFiles as Record<string, { tests: { id: string }[] }>).flatMap((f) =>
      f.tests.map((t) => t.id),
    )
    expect(new Set(ids).size).toBe(3)
  })

  it('takes a file measured again from the later results', () => {
    const part = results(
      { 'app/lib/b.ts': [mutant('1', 'Survived', ['0'])] },
      { 'tests/b.test.ts': [['0', 'b reads']] },
    )
    const again = results(
      { 'app/lib/b.ts': [mutant('7', 'Killed', ['3'], ['3'])] },
      { 'tests/b.test.ts': [['3', 'b refuses']] },
    )
    expect(readable(merge(part, again).merged)).toEqual({ 'app/lib/b.ts': [['Killed', ['b refuses'], ['b refuses']]] })
  })

  it('refuses a results file whose mutant names a test it does not list, and says which', () => {
    const broken = results({ 'app/lib/b.ts': [mutant('1', 'Killed', ['9'], ['9'])] }, { 'tests/b.test.ts': [] })
    const { run } = merge(broken)
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('a mutant names test 9, which the file does not list')
  })

  it('tells how to call it when given nothing to merge', () => {
    const run = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' })
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('usage: node scripts/merge-mutation-results.mjs')
  })
})
