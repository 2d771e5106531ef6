import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, vi } from 'vitest'

import { closeDatabase, type OpenDatabase, openDatabase, useDatabase } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'

export type TestDatabase = OpenDatabase & { path: string; cleanup: () => Promise<void> }

/**
 * A real SQLite file in a fresh temporary folder, migrated, and installed as the
 * models' database. Call `cleanup` after the test (file removed).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
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

/**
 * Each test of the file (or of the `describe` block this is called in) gets a
 * database of its own: made by `create` before the test; after it, the real
 * clock is put back, every `vi.spyOn` is restored, and the database is cleaned
 * up. The handle returned always stands for the running test's database, so a
 * file reads `const t = useTestDatabase()` once and uses `t.sqlite` in its
 * tests. Hooks registered after this call run after it (before each test) and
 * before it (after each test).
 */
export function useTestDatabase(create: () => Promise<TestDatabase> = createTestDatabase): TestDatabase {
  const current = {} as TestDatabase
  beforeEach(async () => {
    Object.assign(current, await create())
  })
  afterEach(async () => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    await current.cleanup()
  })
  return current
}

/**
 * Adds a member of staff with a password hash no one can match (and `name`,
 * when given, else the table's default) and returns them as `runAs` and the
 * activity log name them.
 */
export function insertAccount(t: TestDatabase, email: string, name?: string): { id: number; email: string } {
  const info =
    name === undefined
      ? t.sqlite.prepare("INSERT INTO users (email, password_hash) VALUES (?, 'x')").run(email)
      : t.sqlite.prepare("INSERT INTO users (email, password_hash, name) VALUES (?, 'x', ?)").run(email, name)
  return { id: Number(info.lastInsertRowid), email }
}
