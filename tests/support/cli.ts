import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'

import Database from 'better-sqlite3'
import { expect } from 'vitest'

/** Runs the command-line scripts as `npm run` does (through tsx), in separate processes. */
export const ROOT = resolve(__dirname, '../..')
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs')
/** Generous: each run starts a fresh tsx process, slow on a busy two-core machine. */
export const SLOW = { timeout: 240_000 }

export interface Run {
  code: number | null
  stdout: string
  stderr: string
}

export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  options: { wrapper?: string[] } = {},
): Promise<Run> {
  const [command, ...prefix] = options.wrapper ?? []
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      command ?? process.execPath,
      [...prefix, ...(command ? [process.execPath] : []), TSX, `scripts/${script}`, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, PORT: undefined, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolvePromise({ code, stdout, stderr })
    })
  })
}

/** A failure the operator can read: non-zero, the message on stderr, no stack trace. */
export function expectCleanFailure(result: Run, message: string | RegExp) {
  expect(result.code, result.stdout + result.stderr).not.toBe(0)
  expect(result.stderr).toMatch(message)
  expect(result.stderr).not.toMatch(/^\s+at /m)
}

export function withDb<T>(path: string, fn: (db: Database.Database) => T): T {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    return fn(db)
  } finally {
    db.close()
  }
}

export function tableCounts(db: Database.Database): Record<string, number> {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[]
  return Object.fromEntries(tables.map((t) => [t, Number(db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get())]))
}
