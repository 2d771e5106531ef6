import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { closeDatabase, type OpenDatabase, openDatabase, useDatabase } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'

/**
 * A real SQLite file in a fresh temporary folder, migrated, and installed as the
 * models' database. Call `cleanup` after the test (file removed).
 */
export async function createTestDatabase(): Promise<OpenDatabase & { path: string; cleanup: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'lsc-test-'))
  const path = join(dir, 'app.db')
  process.env.DATABASE_PATH = path
  const open = openDatabase(path)
  await migrateToLatest(open.db)
  useDatabase(open)
  return {
    ...open,
    path,
    async cleanup() {
      await closeDatabase()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
