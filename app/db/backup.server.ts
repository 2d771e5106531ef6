import { accessSync, constants, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'

import Database from 'better-sqlite3'

import { sqlite } from '~/db/db.server'

/** A backup that was refused or failed, with a message fit for the operator. */
export class BackupError extends Error {
  override name = 'BackupError'
}

export interface BackupResult {
  /** Absolute path of the copy. */
  path: string
  /** Size of the copy in bytes. */
  bytes: number
  /** The copy's `PRAGMA integrity_check`: 'ok' or the problems found. */
  integrity: string
  /** Rows per table in the copy, by table name (sorted). */
  counts: Record<string, number>
}

export interface BackupOptions {
  /** Replace an existing file at the target. */
  force?: boolean
  /** The database to copy; the application's database by default. */
  source?: Database.Database
}

/**
 * Writes a consistent copy of the live database with SQLite's online backup API;
 * the server may keep reading and writing meanwhile (WAL). The copy is written
 * beside the target and renamed into place only once complete, then opened and
 * checked with `PRAGMA integrity_check`.
 */
export async function backupDatabase(target: string, options: BackupOptions = {}): Promise<BackupResult> {
  const path = resolve(target.trim())
  if (!target.trim()) throw new BackupError('Give the file to write the backup to')
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw new BackupError(`${path} is a folder; give a file name`)
    if (!options.force) throw new BackupError(`${path} already exists; use --force to overwrite it`)
  }
  const source = options.source ?? sqlite()
  if (resolve(source.name) === path) throw new BackupError('The backup cannot overwrite the live database')

  try {
    mkdirSync(dirname(path), { recursive: true })
  } catch {
    // reported by the check below, with the user id
  }
  assertWritableFolder(dirname(path))
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`)
  removeDatabaseFiles(partial)
  try {
    // After the first step, copy every remaining page in one step: one read
    // transaction, so a busy writer in another process cannot restart the copy
    // over and over, and the copy is one consistent snapshot.
    await source.backup(partial, { progress: () => 0x7fffffff })
    // The copy keeps the source's WAL flag; make it one self-contained file.
    const copy = new Database(partial, { fileMustExist: true })
    try {
      copy.pragma('journal_mode = DELETE')
    } finally {
      copy.close()
    }
    const { integrity, counts } = inspectDatabase(partial)
    if (options.force) removeDatabaseFiles(path)
    renameSync(partial, path)
    return { path, bytes: statSync(path).size, integrity, counts }
  } catch (error) {
    removeDatabaseFiles(partial)
    if (error instanceof BackupError) throw error
    throw new BackupError(`Backup failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** A folder this user cannot write is named with the user id, before any copying starts. */
export function assertWritableFolder(folder: string) {
  try {
    accessSync(folder, constants.W_OK)
  } catch {
    throw new BackupError(
      `Cannot write to ${folder} as user id ${process.getuid?.() ?? '?'}: choose a folder that user can write (the data folder is one)`,
    )
  }
}

/** Opens a database file read-only and reports its integrity and row counts. */
export function inspectDatabase(file: string): { integrity: string; counts: Record<string, number> } {
  const copy = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const problems = copy.pragma('integrity_check', { simple: false }) as { integrity_check: string }[]
    const integrity = problems.map((row) => row.integrity_check).join('\n')
    const tables = copy
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .pluck()
      .all() as string[]
    const counts: Record<string, number> = {}
    for (const table of tables) {
      counts[table] = Number(
        copy
          .prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
          .pluck()
          .get(),
      )
    }
    return { integrity, counts }
  } finally {
    copy.close()
  }
}

function removeDatabaseFiles(file: string) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true })
}
