import { existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * Command-line tasks started as root (`fly ssh console` is root) switch to the
 * user that owns the data folder before they touch anything, so every file they
 * create there (a backup, a restored copy, the database itself) stays usable by
 * the server, which never runs as root. Started as anyone else, or on a folder
 * root owns, nothing changes. Returns the user id switched to, if any.
 */
export function runAsDataOwner(databasePath: string): number | undefined {
  if (process.getuid?.() !== 0 || !process.setuid || !process.setgid) return undefined
  let folder = dirname(resolve(databasePath))
  while (!existsSync(folder)) folder = dirname(folder)
  const { uid, gid } = statSync(folder)
  if (uid === 0) return undefined
  process.setgroups?.([gid])
  process.setgid(gid)
  process.setuid(uid)
  console.error(`Running as user id ${uid} (the owner of ${folder}), not root, so what this writes stays the server's.`)
  return uid
}
