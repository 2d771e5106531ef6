import { type ChildProcess, spawn } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { litestreamBinary, litestreamEnvironment } from '~/ops/litestream.server'

import { expectCleanFailure, ROOT, runScript, SLOW, tableCounts, withDb } from '../support/cli'

/**
 * What an operator runs on a deployed site: the first start's content and admin
 * rules through `db:seed`, commands started as root (as `fly ssh console` does),
 * and `db:restore` from a Litestream replica.
 */

let dir: string
let dbPath: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lsc-ops-'))
  chmodSync(dir, 0o755)
  dbPath = join(dir, 'data', 'app.db')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const run = (script: string, args: string[] = [], env: Record<string, string | undefined> = {}, wrapper?: string[]) =>
  runScript(script, args, { DATABASE_PATH: dbPath, ...env }, { wrapper })

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-long-enough-session-secret',
  SITE_URL: 'https://shop.example.com',
}

describe('a production first start (npm run db:seed with NODE_ENV=production)', () => {
  it(
    'adds only the store content, prints no password and logs a one-time setup link stored as a hash',
    SLOW,
    async () => {
      const result = await run('seed.ts', [], PRODUCTION)
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain('Store content added')
      expect(result.stdout).not.toMatch(/password:/i)
      const token = /https:\/\/shop\.example\.com\/admin\/setup\?token=([\w-]{43})/.exec(result.stdout)?.[1]
      expect(token, result.stdout).toBeDefined()

      const counts = withDb(dbPath, tableCounts)
      expect(counts).toMatchObject({
        posts: 0,
        contact_inquiries: 0,
        users: 0,
        brands: 14,
        deals_slides: 7,
        reviews: 14,
        setup_tokens: 1,
      })
      const bytes =
        readFileSync(dbPath).toString('latin1') +
        (existsSync(`${dbPath}-wal`) ? readFileSync(`${dbPath}-wal`).toString('latin1') : '')
      expect(bytes).not.toContain(token!)
    },
  )

  it(
    'adds the demo posts and inquiries when DEMO_CONTENT=1 asks, still without printing a password',
    SLOW,
    async () => {
      const result = await run('seed.ts', [], { ...PRODUCTION, DEMO_CONTENT: '1' })
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain('Demo content added')
      expect(result.stdout).not.toMatch(/password:/i)
      expect(withDb(dbPath, tableCounts)).toMatchObject({ posts: 20, contact_inquiries: 9, users: 0 })
    },
  )

  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD and logs no link', SLOW, async () => {
    const result = await run('seed.ts', [], {
      ...PRODUCTION,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-secret-1',
    })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('owner@example.com')
    expect(result.stdout).not.toContain('owner-secret-1')
    expect(result.stdout).not.toContain('/admin/setup')
    expect(withDb(dbPath, tableCounts)).toMatchObject({ users: 1, user_roles: 1, setup_tokens: 0 })
  })

  it('refuses demo content for a database a replica keeps', SLOW, async () => {
    const result = await run('seed.ts', [], { DEMO_CONTENT: '1', LITESTREAM_REPLICA_URL: `file://${dir}/replica` })
    expectCleanFailure(result, /DEMO_CONTENT=1 cannot be used with LITESTREAM_REPLICA_URL/)
    expect(existsSync(dbPath)).toBe(false)
  })
})

describe.runIf(process.getuid?.() === 0)('commands started as root', () => {
  const NOBODY = 65534
  beforeEach(() => {
    mkdirSync(join(dir, 'data'))
    chownSync(join(dir, 'data'), NOBODY, NOBODY)
  })

  it('work as the owner of the data folder, so nothing they write there belongs to root', SLOW, async () => {
    const created = await run('user-create.ts', ['--email', 'a@b.co', '--password', 'secret12', '--admin'])
    expect(created.code, created.stderr).toBe(0)
    expect(created.stderr).toContain(`Running as user id ${NOBODY}`)
    const backup = await run('backup.ts', [join(dir, 'data', 'backup.db')])
    expect(backup.code, backup.stderr).toBe(0)
    for (const name of readdirSync(join(dir, 'data'))) {
      expect(statSync(join(dir, 'data', name)).uid, name).toBe(NOBODY)
    }
    expect(readdirSync(join(dir, 'data'))).toEqual(expect.arrayContaining(['app.db', 'backup.db']))
  })

  it('say which user could not write a backup where it was asked', SLOW, async () => {
    expect((await run('migrate.ts')).code).toBe(0)
    const rootOnly = join(dir, 'root-only')
    mkdirSync(rootOnly, { mode: 0o700 })
    expectCleanFailure(
      await run('backup.ts', [join(rootOnly, 'backup.db')]),
      `Cannot write to ${rootOnly} as user id ${NOBODY}`,
    )
  })
})

/** `litestream replicate` on the test database, as the server runs it. */
function replicate(replicaUrl: string): { child: ChildProcess; stop: () => Promise<number | null>; log: () => string } {
  const child = spawn(litestreamBinary(), ['replicate', '-config', join(ROOT, 'litestream.yml')], {
    env: litestreamEnvironment(dbPath, replicaUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Its log, for the message when it does not stop cleanly.
  let log = ''
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    stop: async () => {
      child.kill('SIGTERM')
      return exited
    },
    log: () => log,
  }
}

async function until(check: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('npm run db:restore', () => {
  it('restores the latest replicated state into a new file, checks it and prints its rows', SLOW, async () => {
    const replica = join(dir, 'replica')
    const replicaUrl = `file://${replica}`
    expect((await run('seed.ts')).code).toBe(0)
    const litestream = replicate(replicaUrl)
    try {
      await until(() => existsSync(join(replica, 'generations')), 'the first snapshot')
      // Stop it once its first sync is done, as an operator stops a running replica. Stopped in the
      // middle of that sync, Litestream 0.3 writes the same WAL segment from its sync loop and its
      // shutdown at once; with a file replica both use one temporary file name, and the loser exits 1
      // ("client write: stat …wal.lz4.tmp: no such file or directory"; seen on a loaded machine).
      await until(() => litestream.log().includes('wal segment written'), 'the first sync')
    } finally {
      expect(await litestream.stop(), litestream.log()).toBe(0) // a clean stop ships the rest of the log
    }
    const source = withDb(dbPath, tableCounts)

    const output = join(dir, 'restored', 'copy.db')
    const result = await run('restore.ts', ['--output', output], { LITESTREAM_REPLICA_URL: replicaUrl })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('integrity_check: ok')
    const copy = withDb(output, (db) => {
      expect(db.pragma('journal_mode', { simple: true })).toBe('delete') // one self-contained file
      return tableCounts(db)
    })
    expect(copy).toEqual(source)
    expect(copy.posts).toBeGreaterThan(0)
    for (const [table, rows] of Object.entries(copy)) {
      expect(result.stdout).toMatch(new RegExp(`^\\s+${table}\\s+${rows}$`, 'm'))
    }

    // A file that exists is never overwritten.
    const before = readFileSync(output)
    expectCleanFailure(
      await run('restore.ts', ['--output', output], { LITESTREAM_REPLICA_URL: replicaUrl }),
      /already exists/,
    )
    expect(readFileSync(output).equals(before)).toBe(true)

    // A moment before anything was replicated.
    expectCleanFailure(
      await run('restore.ts', ['--output', join(dir, 'old.db'), '--timestamp', '2020-01-01T00:00:00Z'], {
        LITESTREAM_REPLICA_URL: replicaUrl,
      }),
      /Restore failed: the replica holds no database at or before that moment/,
    )
    expect(existsSync(join(dir, 'old.db'))).toBe(false)
  })

  it('refuses without a replica, with a bad timestamp, and names an unreadable replica', SLOW, async () => {
    const output = join(dir, 'copy.db')
    const inTheWay = join(dir, 'a-file')
    writeFileSync(inTheWay, '')
    const [noReplica, badTime, future, unreadable] = await Promise.all([
      run('restore.ts', ['--output', output], { LITESTREAM_REPLICA_URL: undefined }),
      run('restore.ts', ['--output', output, '--timestamp', 'yesterday'], {
        LITESTREAM_REPLICA_URL: `file://${dir}/r`,
      }),
      run('restore.ts', ['--output', output, '--timestamp', '2999-01-01T00:00:00Z'], {
        LITESTREAM_REPLICA_URL: `file://${dir}/r`,
      }),
      run('restore.ts', ['--output', output], { LITESTREAM_REPLICA_URL: `file://${inTheWay}/replica` }),
    ])
    expectCleanFailure(noReplica!, /LITESTREAM_REPLICA_URL is not set/)
    expectCleanFailure(badTime!, /--timestamp yesterday is not an ISO 8601 instant/)
    expectCleanFailure(future!, /is in the future/)
    expectCleanFailure(unreadable!, /Restore failed: the replica folder cannot be read/)
    expectCleanFailure(await run('restore.ts', []), /Give the file to restore into with --output/)
    expect(existsSync(output)).toBe(false)
  })
})
