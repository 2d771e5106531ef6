import Database from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { config } from '~/config.server'
import type { Database as Schema } from './types'

export type DB = Kysely<Schema>

export interface OpenDatabase {
  db: DB
  sqlite: Database.Database
}

/** Opens (and creates, with its folders) a SQLite file with the pragmas we rely on. */
export function openDatabase(path: string, options: { readonly?: boolean } = {}): OpenDatabase {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true })
  const sqlite = new Database(path, { readonly: options.readonly ?? false })
  if (!options.readonly) sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { db, sqlite }
}

let current: OpenDatabase | undefined

function connection(): OpenDatabase {
  current ??= openDatabase(config().DATABASE_PATH)
  return current
}

/** The application's Kysely instance on DATABASE_PATH. */
export function db(): DB {
  return connection().db
}

/** The raw better-sqlite3 handle (backup API, pragmas, health check). */
export function sqlite(): Database.Database {
  return connection().sqlite
}

/** Tests point the models at a database of their own. */
export function useDatabase(next: OpenDatabase | undefined) {
  current = next
}

export async function closeDatabase() {
  const open = current
  current = undefined
  if (open) await open.db.destroy()
}
