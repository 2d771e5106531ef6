import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { byName, fromFolder, migrations } from '../../migrations'

/**
 * A migration runs once on each database and must do the same thing on every
 * one, whenever it runs. Code of the app (models, lib, the database layer)
 * changes over time, so a migration that called it would do something else
 * next year. Migrations may import Kysely, each other, and types. index.ts,
 * which finds them, is not a migration.
 */
const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations')

/** Every module a source file imports or re-exports, with whether only types come from it. */
function importsOf(source: string): { from: string; typeOnly: boolean }[] {
  const found: { from: string; typeOnly: boolean }[] = []
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g
  for (const match of source.matchAll(statement)) {
    const names = match[3]
    // `import { type A, type B } from` brings only types too.
    const allTypes =
      /^\{[^}]*\}$/.test(names.trim()) &&
      names
        .trim()
        .slice(1, -1)
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .every((part) => part.startsWith('type '))
    found.push({ from: match[4], typeOnly: Boolean(match[2]) || allTypes })
  }
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g))
    found.push({ from: match[1], typeOnly: false })
  for (const match of source.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ from: match[1], typeOnly: false })
  return found
}

/** Where a migration may take running code from: Kysely, and another migration file. */
function allowedAtRunTime(from: string): boolean {
  return from === 'kysely' || (from.startsWith('./') && !from.includes('/', 2))
}

describe('migrations', () => {
  // Every file but the finder: one of another ending (.mts, .js) would be found by neither way and must fail here.
  const files = readdirSync(MIGRATIONS).filter((name) => name !== 'index.ts')

  it('are all found', () => {
    expect(files.length).toBeGreaterThan(10)
    expect(files).toContain('0005_post_content_html.ts')
  })

  it('all run, under their file names, in the order of their names', () => {
    // A migration file the app did not find would never run, and every test
    // would still pass on the tables the others make.
    const onDisk = files.map((name) => name.replace(/\.ts$/, ''))
    expect(Object.keys(migrations)).toEqual(onDisk.toSorted())
    expect(Object.values(migrations).every((m) => typeof m.up === 'function')).toBe(true)
  })

  it('are the same files when read from the folder, as the command line does under tsx', async () => {
    const read = await fromFolder()
    expect(Object.keys(read).map((path) => path.replace(/^\.\/|\.ts$/g, ''))).toEqual(
      expect.arrayContaining(Object.keys(migrations)),
    )
    expect(Object.keys(read)).toHaveLength(Object.keys(migrations).length)
  })

  it('refuse a file named almost like a migration, whichever way they are found', () => {
    const up = async () => {}
    expect(Object.keys(byName({ './0002_b.ts': { up }, './0001_a.ts': { up } }))).toEqual(['0001_a', '0002_b'])
    for (const name of ['0019_addThing.ts', '0019_add-thing.ts', '0019_.ts', '0019_x.test.ts'])
      expect(() => byName({ [`./${name}`]: { up } }), name).toThrow(`./${name} is not named as a migration`)
  })

  for (const file of files) {
    it(`${file} runs no code of the app (types only)`, () => {
      const source = readFileSync(join(MIGRATIONS, file), 'utf8')
      const imports = importsOf(source)
      expect(imports.length, 'every migration imports Kysely at least').toBeGreaterThan(0)
      const live = imports.filter(({ from, typeOnly }) => !typeOnly && !allowedAtRunTime(from)).map((i) => i.from)
      expect(live, `${file} imports running code from outside migrations/`).toEqual([])
      const models = imports.filter(({ from }) => from.includes('models/')).map((i) => i.from)
      expect(models, `${file} imports a model`).toEqual([])
    })
  }
})

describe('the import reader', () => {
  it('tells type imports from imports of running code', () => {
    const source = [
      "import { type Kysely, sql } from 'kysely'",
      "import type { Database } from '~/db/types'",
      "import { type Post } from '~/db/types'",
      "import { renderAllPosts } from '~/models/post-content.server'",
      "import * as m from './0001_initial'",
      "export { thing } from '~/lib/thing'",
      "import '~/lib/side-effect'",
      "const later = await import('~/models/upkeep.server')",
    ].join('\n')
    const found = importsOf(source)
    expect(found.filter((i) => !i.typeOnly && !allowedAtRunTime(i.from)).map((i) => i.from)).toEqual([
      '~/models/post-content.server',
      '~/lib/thing',
      '~/lib/side-effect',
      '~/models/upkeep.server',
    ])
  })
})
