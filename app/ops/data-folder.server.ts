import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

import { StartupError } from './startup-error.server'

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'it is on a read-only file system',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a file is in the way of the folder',
  EEXIST: 'a file is in the way of the folder',
}

/**
 * The folder that holds the database must be writable by the user the server
 * runs as: SQLite keeps its write-ahead log and lock file beside the database,
 * Litestream its shadow log, the mail outbox its files. A folder that is not
 * (a volume mounted as root, a read-only mount) stops the start here with one
 * line naming the path, the user id and the fix, instead of SQLite's
 * "unable to open database file" later.
 */
export function checkDataFolder(databasePath: string): void {
  const folder = dirname(resolve(databasePath))
  const probe = join(folder, `.write-check-${process.pid}`)
  try {
    mkdirSync(folder, { recursive: true })
    writeFileSync(probe, '', { flag: 'wx' })
    rmSync(probe, { force: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    throw new StartupError(dataFolderMessage(folder, REASONS[code] ?? (error as Error).message))
  }
}

export function dataFolderMessage(folder: string, reason: string): string {
  const uid = process.getuid?.() ?? 'unknown'
  const gid = process.getgid?.() ?? uid
  return (
    `Cannot write to the data folder ${folder} (the folder of DATABASE_PATH) as user id ${uid}: ${reason}. ` +
    `Fix: give the folder to that user (chown -R ${uid}:${gid} ${folder}), or start the container as root ` +
    `and its entry point does it before dropping to that user.`
  )
}
