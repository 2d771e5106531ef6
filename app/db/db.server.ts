import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

import Database from 'better-sqlite3'
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, SqliteDialect, SqliteDriver } from 'kysely'

import { config } from '~/config.server'

import { databaseUnavailableResponse, isDatabaseUnavailable } from './errors.server'
import type { Database as Schema } from './types'
import { type WriteReceiver, WrittenTablesPlugin } from './written-tables.server'

export type DB = Kysely<Schema>

export interface OpenDatabase {
  db: DB
  sqlite: Database.Database
}

/**
 * Opens (and creates, with its folders) a SQLite file with the pragmas we rely
 * on. `replicated`: Litestream replicates this file (LITESTREAM_REPLICA_URL).
 */
export function openDatabase(path: string, options: { readonly?: boolean; replicated?: boolean } = {}): OpenDatabase {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true })
  const sqlite = new Database(path, { readonly: options.readonly ?? false })
  if (!options.readonly) {
    try {
      // WAL: readers never wait for the writer, a crash never leaves a half-written
      // page, and it is the only mode Litestream can replicate (it ships the log).
      sqlite.pragma('journal_mode = WAL')
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      console.error(`The database ${path} cannot be written: serving reads only.`)
    }
  }
  sqlite.pragma('foreign_keys = ON')
  // Wait up to 5 s for a lock instead of failing at once: the CLI scripts, and
  // Litestream when it checkpoints, take short write locks beside the server.
  sqlite.pragma('busy_timeout = 5000')
  // In WAL mode NORMAL syncs at checkpoints, not at every commit: a crash of the
  // process loses nothing, and the file is never corrupted.
  sqlite.pragma('synchronous = NORMAL')
  if (options.replicated) {
    // Litestream decides when the log is copied back into the database: it holds
    // a read lock between its own checkpoints, and a checkpoint by the app in
    // between could let it miss log pages. It checkpoints for us while it runs.
    sqlite.pragma('wal_autocheckpoint = 0')
  }
  const writes = new WriteTracker(sqlite)
  const db = new Kysely<Schema>({
    dialect: new WritingTransactionsDialect({ database: withUnavailableAs503(sqlite, writes) }),
    plugins: [new WrittenTablesPlugin(writes)],
  })
  return { db, sqlite }
}

/**
 * Every transaction we open writes, so it takes the write lock when it begins
 * (`BEGIN IMMEDIATE`), waiting for it as long as `busy_timeout` allows. Kysely's
 * plain `BEGIN` takes it only at the first write, after the reads: if another
 * connection (a script, the backup tool's checkpoint) committed in between, the
 * transaction's view is out of date and SQLite refuses it at once with "database
 * is locked", without waiting, and the owner saw the maintenance message.
 */
class WritingTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class WritingTransactionsDialect extends SqliteDialect {
  constructor(private readonly settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings)
  }

  override createDriver(): Driver {
    return new WritingTransactionsDriver(this.settings)
  }
}

/**
 * The tables a committed write changed; `null` among them stands for a table
 * that could not be named (raw SQL, a schema change, another connection).
 */
export type WrittenTables = ReadonlySet<string | null>

const writeListeners = new Set<(tables: WrittenTables) => void>()

/**
 * Calls `listener` after every write that changed rows, once it can no longer
 * be hidden from readers of this connection: at once outside a transaction, and
 * when the transaction ends inside one (a rollback included: a read inside the
 * transaction saw the rows before they went). Returns a function that stops it.
 * Only writes made through Kysely are seen (and commits by other connections,
 * see `noteOtherWriters`); the raw handle from `sqlite()` is for reads.
 */
export function onWrite(listener: (tables: WrittenTables) => void): () => void {
  writeListeners.add(listener)
  return () => writeListeners.delete(listener)
}

function announce(tables: WrittenTables): void {
  for (const listener of writeListeners) listener(tables)
}

/**
 * Joins what the database wrapper knows of each statement (whether it wrote
 * and changed rows) with what the plugin read from Kysely's syntax tree (which
 * tables). Kysely holds the connection from the statement until its result has
 * passed the plugins, so the plugin's report always follows its own statement.
 */
class WriteTracker implements WriteReceiver {
  #changed = false
  #pending = new Set<string | null>()

  constructor(private readonly sqlite: Database.Database) {}

  /** The wrapper, after every statement: whether it changed rows. */
  ran(changed: boolean): void {
    this.#changed = changed
    this.#announceIfDone()
  }

  /** The plugin, after a statement's result: the tables it may have changed. */
  wrote(tables: ReadonlySet<string | null>): void {
    if (!this.#changed) return
    this.#changed = false
    for (const table of tables) this.#pending.add(table)
    this.#announceIfDone()
  }

  #announceIfDone(): void {
    if (this.sqlite.inTransaction || this.#pending.size === 0) return
    const tables = this.#pending
    this.#pending = new Set()
    announce(tables)
  }
}

type Statement = ReturnType<Database.Database['prepare']>

/**
 * Whether a statement's result says it changed rows: `run` reports how many,
 * a statement with RETURNING returns the rows it changed; anything else
 * (an iterator) counts as a change.
 */
function changedRows(result: unknown): boolean {
  if (Array.isArray(result)) return result.length > 0
  if (result && typeof result === 'object' && 'changes' in result) return (result as Database.RunResult).changes > 0
  return true
}

/**
 * Kysely's view of the database, where a statement that fails because the file
 * cannot be written (read-only, disk full, I/O error) throws a 503 response with
 * a clear message instead of an unexpected error.
 */
function withUnavailableAs503(sqlite: Database.Database, tracker: WriteTracker) {
  const guard = <T>(run: () => T): T => {
    try {
      return run()
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        console.error('Database unavailable:', (error as Error).message)
        throw databaseUnavailableResponse()
      }
      throw error
    }
  }
  // Every statement tells the write tracker whether it changed rows; the
  // plugin then says which tables (see WriteTracker).
  const observe = <T>(writes: boolean, run: () => T): T => {
    const result = guard(run)
    tracker.ran(writes && changedRows(result))
    return result
  }
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const statement: Statement = guard(() => sqlite.prepare(sql))
      const writes = !statement.readonly
      return {
        reader: statement.reader,
        all: (parameters: ReadonlyArray<unknown>) => observe(writes, () => statement.all(parameters)),
        run: (parameters: ReadonlyArray<unknown>) => observe(writes, () => statement.run(parameters)),
        iterate: (parameters: ReadonlyArray<unknown>) => observe(writes, () => statement.iterate(parameters)),
      }
    },
  }
}

let current: OpenDatabase | undefined

function connection(): OpenDatabase {
  const { DATABASE_PATH, LITESTREAM_REPLICA_URL } = config()
  current ??= openDatabase(DATABASE_PATH, { replicated: LITESTREAM_REPLICA_URL !== undefined })
  return current
}

/** The application's Kysely instance on DATABASE_PATH. */
export function db(): DB {
  return connection().db
}

/**
 * The raw better-sqlite3 handle, for reads only: the backup API, pragmas, the
 * health check. Its statements pass neither the 503 guard nor the write hook
 * (`onWrite`), so a write through it would leave cached pages in place: write
 * through Kysely.
 */
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

let dataVersion: { handle: Database.Database; read: () => number; last: number } | undefined

/**
 * Reports commits made through other connections (the command-line tools, a
 * second process) to the write listeners, as a write to a table nobody can
 * name. SQLite's data_version moves only for those; this connection's own
 * writes are reported statement by statement.
 */
export function noteOtherWriters(): void {
  const handle = sqlite()
  if (dataVersion?.handle !== handle) {
    const statement = handle.prepare('PRAGMA data_version').pluck()
    const read = () => statement.get() as number
    dataVersion = { handle, read, last: read() }
    return
  }
  const now = dataVersion.read()
  if (now !== dataVersion.last) {
    dataVersion.last = now
    announce(new Set([null]))
  }
}
