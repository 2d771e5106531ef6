import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

import { startFakeS3 } from './support/fake-s3'
import {
  freshDataDir,
  mintSessionCookie,
  type PrivateServer,
  startServer,
  startServerExpectingExit,
} from './support/server'

/**
 * The restore drill, on a file:// replica in a temporary folder: the production
 * server replicates with Litestream; the machine is lost (server and Litestream
 * killed with SIGKILL, data folder deleted); a new start with the same replica
 * brings back every acknowledged write. Then a restore to a moment before the
 * post, a replica that cannot be reached, and a replica lost while serving.
 */
test.describe.configure({ mode: 'serial' })

const AGE = { Cookie: 'age_verified=IjEi' }
const replicaDir = freshDataDir('lsc-replica-')
const REPLICA = `file://${replicaDir}/app.db`
const token = Date.now().toString(36)
const INQUIRY = `Drill inquiry ${token}: do you carry low-dose tinctures?`
const POST_TITLE = `Drill post ${token}`
const POST_SLUG = `drill-post-${token}`
/** A moment after the inquiry was replicated and before the post was written. */
let betweenInquiryAndPost: Date

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function litestreamPid(server: PrivateServer): number {
  const pids = [...server.output().matchAll(/Litestream pid (\d+)/g)].map((m) => Number(m[1]))
  expect(pids.length, server.output()).toBeGreaterThan(0)
  return pids[pids.length - 1]!
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function sendInquiry(url: string, message: string): Promise<number> {
  const response = await fetch(`${url}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url, ...AGE },
    body: new URLSearchParams({
      name: 'Drill Patient',
      email: 'drill@example.com',
      phone: '',
      topic: 'general',
      message,
      company: '',
    }).toString(),
    redirect: 'manual',
  })
  await response.arrayBuffer()
  return response.status
}

function query<T>(databasePath: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(databasePath, { readonly: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

function restoreCli(output: string, timestamp?: Date) {
  const args = ['node_modules/tsx/dist/cli.mjs', 'scripts/restore.ts', '--output', output]
  if (timestamp) args.push('--timestamp', timestamp.toISOString())
  return spawnSync(process.execPath, args, {
    env: { ...process.env, DATABASE_PATH: join(freshDataDir(), 'app.db'), LITESTREAM_REPLICA_URL: REPLICA },
    encoding: 'utf8',
  })
}

test('after the machine is lost, a start with the same replica brings back every acknowledged write', async () => {
  const server = await startServer({ env: { LITESTREAM_REPLICA_URL: REPLICA } })
  let restarted: PrivateServer | undefined
  try {
    expect(server.output()).toContain('holds no database yet: starting a new one')
    // A replicated database is the shop's own: no demo posts or inquiries.
    expect(query(server.databasePath, 'SELECT id FROM posts')).toEqual([])

    // An inquiry through the contact form, acknowledged with the redirect.
    expect(await sendInquiry(server.url, INQUIRY)).toBe(302)
    await sleep(3_000)
    betweenInquiryAndPost = new Date()
    await sleep(1_500)

    // A post through the admin.
    const cookie = await mintSessionCookie(server.databasePath)
    const saved = await fetch(`${server.url}/admin/blog/new`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: server.url,
        Cookie: `${cookie}; ${AGE.Cookie}`,
      },
      body: new URLSearchParams({
        title: POST_TITLE,
        slug: POST_SLUG,
        content: 'Written during the restore drill.',
        status: 'published',
        author: 'Drill Team',
        intent: 'save',
      }).toString(),
      redirect: 'manual',
    })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/admin/blog')

    // Past the sync interval, the dashboard says the replica is current.
    await sleep(3_000)
    const dashboard = await (
      await fetch(`${server.url}/admin`, { headers: { Cookie: `${cookie}; ${AGE.Cookie}` } })
    ).text()
    expect(dashboard).toMatch(/Database last replicated (just now|\d+ seconds ago)/)

    // The machine is lost: both processes killed at once, the volume gone.
    const litestream = litestreamPid(server)
    process.kill(litestream, 'SIGKILL')
    await server.kill()
    for (let i = 0; i < 50 && alive(litestream); i++) await sleep(100)
    expect(alive(litestream)).toBe(false)
    rmSync(server.dataDir, { recursive: true, force: true })
    rmSync(join(server.databasePath, '..'), { recursive: true, force: true })

    restarted = await startServer({ databasePath: server.databasePath, env: { LITESTREAM_REPLICA_URL: REPLICA } })
    expect(restarted.output()).toMatch(/Restored .*app\.db from file:\/\/.* in [\d.]+ s/)
    expect(query(server.databasePath, 'SELECT message FROM contact_inquiries WHERE message = ?', INQUIRY)).toHaveLength(
      1,
    )
    expect(query(server.databasePath, 'SELECT slug FROM posts WHERE slug = ?', POST_SLUG)).toHaveLength(1)
    expect(query<{ integrity_check: string }>(server.databasePath, 'PRAGMA integrity_check')).toEqual([
      { integrity_check: 'ok' },
    ])
    const page = await fetch(`${restarted.url}/blog/${POST_SLUG}`, { headers: AGE })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(POST_TITLE)
    // Nothing was seeded over the restored data.
    expect(restarted.output()).not.toMatch(/content added/)
  } finally {
    await restarted?.stop()
    await server.kill()
  }
  // A clean stop ships the rest of the log first.
  expect(restarted!.output()).toContain('Litestream stopped after its final sync')
})

test('db:restore to a moment before the post finds the inquiry and not the post', async () => {
  expect(betweenInquiryAndPost).toBeDefined()
  const output = join(freshDataDir('lsc-pitr-'), 'then.db')
  const result = restoreCli(output, betweenInquiryAndPost)
  expect(result.status, result.stderr).toBe(0)
  expect(result.stdout).toContain('integrity_check: ok')
  expect(query(output, 'SELECT id FROM contact_inquiries WHERE message = ?', INQUIRY)).toHaveLength(1)
  expect(query(output, 'SELECT id FROM posts WHERE slug = ?', POST_SLUG)).toHaveLength(0)

  const latest = join(freshDataDir('lsc-pitr-'), 'now.db')
  const now = restoreCli(latest)
  expect(now.status, now.stderr).toBe(0)
  expect(query(latest, 'SELECT id FROM posts WHERE slug = ?', POST_SLUG)).toHaveLength(1)
})

test('a replica that cannot be reached stops the start, naming the cause, and nothing is created', async () => {
  const { code, output, databasePath } = await startServerExpectingExit({
    env: {
      LITESTREAM_REPLICA_URL: 's3://shop-backups/app.db',
      // A port nothing listens on: the storage is unreachable.
      LITESTREAM_ENDPOINT: 'http://127.0.0.1:9',
      LITESTREAM_REGION: 'auto',
      LITESTREAM_ACCESS_KEY_ID: 'drill-key',
      LITESTREAM_SECRET_ACCESS_KEY: 'drill-secret',
    },
  })
  expect(code).toBe(1)
  expect(output).toContain(
    'Could not restore the database from s3://shop-backups/app.db: the storage cannot be reached',
  )
  expect(output).toContain('connection refused')
  expect(output).toContain('Not starting with an empty database')
  expect(output).not.toContain('drill-secret')
  expect(output).not.toMatch(/content added|Serving/)
  expect(() => query(databasePath, 'SELECT 1')).toThrow()
})

test('while serving, a storage that goes away is logged once a minute and the site keeps working; a dead Litestream is restarted', async () => {
  const s3 = await startFakeS3()
  const server = await startServer({
    env: {
      LITESTREAM_REPLICA_URL: 's3://shop-backups/app.db',
      LITESTREAM_ENDPOINT: s3.endpoint,
      LITESTREAM_REGION: 'auto',
      LITESTREAM_ACCESS_KEY_ID: 'drill-key',
      LITESTREAM_SECRET_ACCESS_KEY: 'drill-secret',
    },
  })
  try {
    for (let i = 0; i < 50 && !s3.keys().some((key) => key.includes('/snapshots/')); i++) await sleep(100)
    expect(s3.keys().some((key) => key.startsWith('app.db/generations/'))).toBe(true)

    // The storage goes away: from now on Litestream fails every second.
    await s3.close()
    for (let i = 0; i < 6; i++) {
      expect(await sendInquiry(server.url, `Written while the storage is away, number ${i}.`)).toBe(302)
      await sleep(1_000)
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    const failures = server.output().match(/^Replication failing: .*$/gm) ?? []
    expect(failures, server.output()).toHaveLength(1)
    expect(failures[0]).toContain('the storage cannot be reached')

    // Litestream itself dies: the server starts it again (its failure line waits for the next minute).
    const first = litestreamPid(server)
    process.kill(first, 'SIGKILL')
    for (let i = 0; i < 60 && litestreamPid(server) === first; i++) await sleep(100)
    expect(litestreamPid(server)).not.toBe(first)
    expect(alive(litestreamPid(server))).toBe(true)
    expect(server.output().match(/^Replication failing: .*$/gm) ?? []).toHaveLength(1)
  } finally {
    await server.stop()
  }
  expect(server.output()).not.toContain('drill-secret')
})
