// npm run db:restore -- --output FILE [--timestamp ISO]
// Restores the database from its Litestream replica (LITESTREAM_REPLICA_URL) into
// a new file: the latest state, or the state at a moment of the last seven days.
// The live database is never touched; the copy is checked and its rows counted.
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

import Database from 'better-sqlite3'

import { config } from '~/config.server'
import { assertWritableFolder, inspectDatabase } from '~/db/backup.server'
import { RestoreError, runRestore } from '~/ops/litestream.server'
import { runAsDataOwner } from '~/ops/run-as-data-owner.server'

import { readCommandLine, runCommand, UsageError } from './command'

const USAGE = 'Usage: npm run db:restore -- --output FILE [--timestamp 2026-11-20T14:30:00Z]'

function readArguments(argv: string[]) {
  const { values } = readCommandLine(argv, USAGE, {
    output: { type: 'string', short: 'o' },
    timestamp: { type: 'string' },
  })
  if (!values.output?.trim()) throw new UsageError('Give the file to restore into with --output')
  let timestamp: Date | undefined
  if (values.timestamp !== undefined) {
    // An ISO 8601 instant with its time zone, as Litestream reads it.
    const valid = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(values.timestamp.trim())
    timestamp = new Date(values.timestamp.trim())
    if (!valid || Number.isNaN(timestamp.getTime())) {
      throw new UsageError(`--timestamp ${values.timestamp} is not an ISO 8601 instant like 2026-11-20T14:30:00Z`)
    }
    if (timestamp.getTime() > Date.now()) throw new UsageError(`--timestamp ${values.timestamp} is in the future`)
  }
  return { output: resolve(values.output.trim()), timestamp }
}

async function main() {
  const args = readArguments(process.argv.slice(2))
  const { DATABASE_PATH, LITESTREAM_REPLICA_URL } = config()
  if (!LITESTREAM_REPLICA_URL) {
    throw new Error(
      'LITESTREAM_REPLICA_URL is not set: db:restore restores from the replica. Without one, restore a db:backup copy (see the README).',
    )
  }
  runAsDataOwner(DATABASE_PATH)
  if (existsSync(args.output)) throw new Error(`${args.output} already exists; db:restore writes a new file only`)
  try {
    mkdirSync(dirname(args.output), { recursive: true })
  } catch {
    // reported by the check below, with the user id
  }
  assertWritableFolder(dirname(args.output))

  const started = Date.now()
  const { restored } = await runRestore({
    databasePath: DATABASE_PATH,
    replicaUrl: LITESTREAM_REPLICA_URL,
    output: args.output,
    timestamp: args.timestamp,
  }).finally(() => rmSync(`${args.output}.tmp`, { force: true })) // Litestream's partial file, if it stopped half-way
  if (!restored) throw new Error(`Litestream wrote nothing to ${args.output}`)
  // One self-contained file (no -wal beside it), like a db:backup copy.
  const copy = new Database(args.output, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
  } finally {
    copy.close()
  }
  const { integrity, counts } = inspectDatabase(args.output)
  const moment = args.timestamp ? `as it was at ${args.timestamp.toISOString()}` : 'latest state'
  console.log(
    `Restored ${LITESTREAM_REPLICA_URL} (${moment}) to ${args.output} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  console.log(`integrity_check: ${integrity}`)
  const width = Math.max(...Object.keys(counts).map((t) => t.length))
  for (const [table, rows] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${rows}`)
  if (integrity !== 'ok') throw new Error('The restored copy failed its integrity check; do not rely on it')
}

runCommand(main, {
  usage: USAGE,
  describe: (message, error) => (error instanceof RestoreError ? `Restore failed: ${message}` : message),
})
