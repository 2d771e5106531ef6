import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import semver from 'semver'
import { describe, expect, it } from 'vitest'

/**
 * The Node versions the project promises (package.json "engines") must be ones
 * every installed package accepts, or `npm ci` warns EBADENGINE and a package
 * may rely on a Node feature we do not have.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>
}

/** The oldest Node the project says it runs on, and the one production runs (Dockerfile). */
const promised = semver.minVersion(manifest.engines.node)!.version
const production = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').match(/\bnode:(\d+)-/)![1]

function refusing(nodeVersion: string): string[] {
  const out: string[] = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    // npm leaves out an optional package whose engines do not match, without a warning.
    if (!path || entry.optional) continue
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node
    if (range && !semver.satisfies(nodeVersion, range, { includePrerelease: true })) {
      out.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range}`)
    }
  }
  return out
}

describe('Node versions', () => {
  it(`every installed package accepts the oldest promised Node (${promised})`, () => {
    expect(refusing(promised)).toEqual([])
  })

  // The image's tag names a major line (node:24-…), and pulls its newest release.
  it(`the Node line the container runs (${production}.x) is one the project promises`, () => {
    expect(semver.intersects(`${production}.x`, manifest.engines.node)).toBe(true)
    expect(semver.major(promised)).toBe(Number(production))
  })

  it('the Node running the tests is one the project promises', () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true)
  })
})
