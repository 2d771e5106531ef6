import { readdirSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

import type { Migration } from 'kysely/migration'

/** A migration file's name: four digits, an underscore, what it does. */
const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.ts$/
/** What the pattern given to import.meta.glob takes (the names byName then checks). */
const GLOBBED = /^\d{4}_.*\.ts$/

/**
 * Every migration of this folder, under its file name without `.ts`, in the
 * order of the names (the order they apply). A new migration is a new file
 * here and nothing else: there is no list to forget it in.
 *
 * Vite (the server build, the command-line build, Vitest) puts the files into
 * the bundle at build time, as the built server has no folder to read. tsx
 * (the command line and benchmarks run from a checkout) has no
 * `import.meta.glob` and no `import.meta.env`; there the folder is read when
 * this module loads. The command-line tests run that way, the container check
 * and the browser tests the other.
 */
export const migrations: Record<string, Migration> = byName(
  import.meta.env ? import.meta.glob<Migration>('./[0-9][0-9][0-9][0-9]_*.ts', { eager: true }) : await fromFolder(),
)

/** The same files, read from the folder: what tsx runs. Exported for the test that both ways agree. */
export async function fromFolder(): Promise<Record<string, Migration>> {
  const found: Record<string, Migration> = {}
  for (const file of readdirSync(import.meta.dirname)) {
    // The files the glob above takes; byName then refuses one named almost like a migration, as in the bundle.
    if (!GLOBBED.test(file)) continue
    found[`./${file}`] = (await import(
      /* @vite-ignore */ pathToFileURL(`${import.meta.dirname}/${file}`).href
    )) as Migration
  }
  return found
}

/** The modules under their migration names, sorted; a file named otherwise is refused. Exported for tests. */
export function byName(modules: Record<string, Migration>): Record<string, Migration> {
  const named = Object.entries(modules).map(([path, migration]) => {
    const name = MIGRATION_FILE.exec(path.slice(2))?.[1]
    if (!name) throw new Error(`${path} is not named as a migration (0000_what_it_does.ts)`)
    return [name, migration] as const
  })
  return Object.fromEntries(named.toSorted(([a], [b]) => (a < b ? -1 : 1)))
}
