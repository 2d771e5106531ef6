// npm run db:backup -- FILE [--force]
// Writes a consistent copy of DATABASE_PATH with SQLite's online backup API while
// the server keeps running, then checks the copy.
import { existsSync } from 'node:fs'

import { config } from '~/config.server'
import { backupDatabase } from '~/db/backup.server'
import { sqlite } from '~/db/db.server'
import { runAsDataOwner } from '~/ops/run-as-data-owner.server'

import { readCommandLine, runCommand, UsageError } from './command'

const USAGE = 'Usage: npm run db:backup -- FILE [--force]'

function readArguments(argv: string[]) {
  const parsed = readCommandLine(argv, USAGE, { force: { type: 'boolean', default: false } }, true)
  if (parsed.positionals.length === 0) throw new UsageError('Give the file to write the backup to')
  if (parsed.positionals.length > 1) throw new UsageError(`Give one file, not ${parsed.positionals.length}`)
  return { target: parsed.positionals[0], force: parsed.values.force }
}

async function main() {
  const args = readArguments(process.argv.slice(2))
  const { DATABASE_PATH } = config()
  runAsDataOwner(DATABASE_PATH)
  if (!existsSync(DATABASE_PATH)) throw new Error(`No database at ${DATABASE_PATH} (set DATABASE_PATH)`)
  const started = Date.now()
  const result = await backupDatabase(args.target, { force: args.force, source: sqlite() })
  console.log(`Backed up ${DATABASE_PATH} to ${result.path} (${formatBytes(result.bytes)}, ${Date.now() - started} ms)`)
  console.log(`integrity_check: ${result.integrity}`)
  const width = Math.max(...Object.keys(result.counts).map((t) => t.length))
  for (const [table, rows] of Object.entries(result.counts)) console.log(`  ${table.padEnd(width)}  ${rows}`)
  if (result.integrity !== 'ok') throw new Error('The copy failed its integrity check; do not rely on it')
}

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

runCommand(main, { usage: USAGE })
