import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

import { copyOfSharedDatabase, freshDataDir, startServer } from './support/server'

/**
 * Faults: a server killed in the middle of a burst, a backup taken under
 * writes and restored, and a database that cannot be written.
 */
test.describe.configure({ mode: 'serial' })

const AGE = { Cookie: 'age_verified=IjEi' }

function contactForm(message: string) {
  return new URLSearchParams({
    name: 'Fault Test',
    email: 'fault@example.com',
    phone: '',
    topic: 'general',
    message,
    company: '',
  }).toString()
}

async function postContact(url: string, message: string): Promise<number> {
  const response = await fetch(`${url}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url, ...AGE },
    body: contactForm(message),
    redirect: 'manual',
  })
  await response.arrayBuffer().catch(() => undefined)
  return response.status
}

function messagesIn(databasePath: string): Set<string> {
  const db = new Database(databasePath, { readonly: true })
  try {
    return new Set(
      (db.prepare('SELECT message FROM contact_inquiries').all() as { message: string }[]).map((r) => r.message),
    )
  } finally {
    db.close()
  }
}

function integrity(databasePath: string): string {
  const db = new Database(databasePath, { readonly: true })
  try {
    return db.pragma('integrity_check', { simple: true }) as string
  } finally {
    db.close()
  }
}

test('every submission answered with success survives a SIGKILL in the middle of a burst', async () => {
  const server = await startServer({ databasePath: copyOfSharedDatabase() })
  const acknowledged: string[] = []
  let attempted = 0
  const burst = async (worker: number) => {
    for (let i = 0; i < 400; i++) {
      const message = `Burst message ${worker}-${i}: is the penny preroll still on?`
      attempted++
      try {
        const status = await postContact(server.url, message)
        // Success is the redirect back to /contact with the '✅ Message sent successfully!' toast.
        if (status === 302 || status === 303) acknowledged.push(message)
      } catch {
        return // the server is gone
      }
    }
  }
  const running = Promise.all([0, 1, 2, 3].map(burst))
  while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10))
  await server.kill()
  await running
  expect(acknowledged.length).toBeGreaterThanOrEqual(40)
  expect(attempted).toBeGreaterThan(acknowledged.length)

  const restarted = await startServer({ databasePath: server.databasePath })
  try {
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200)
    const stored = messagesIn(server.databasePath)
    const lost = acknowledged.filter((message) => !stored.has(message))
    expect(lost).toEqual([])
    expect(integrity(server.databasePath)).toBe('ok')
  } finally {
    await restarted.stop()
  }
})

test('a backup taken during a stream of writes restores into a server that serves the same posts', async () => {
  const server = await startServer({ databasePath: copyOfSharedDatabase() })
  const backupPath = join(freshDataDir('lsc-backup-'), 'copy.db')
  let writing = true
  let written = 0
  const writer = (async () => {
    while (writing) {
      if ((await postContact(server.url, `Written during the backup, number ${written}`)) === 302) written++
    }
  })()
  try {
    while (written < 5) await new Promise((r) => setTimeout(r, 10))
    const backup = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/backup.ts', backupPath], {
      env: { ...process.env, DATABASE_PATH: server.databasePath },
      encoding: 'utf8',
    })
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toContain('integrity_check: ok')
  } finally {
    writing = false
    await writer
  }
  expect(written).toBeGreaterThan(5)
  expect(integrity(backupPath)).toBe('ok')

  const restored = await startServer({ databasePath: backupPath })
  try {
    for (const path of ['/blog', '/blog?page=2']) {
      const original = await (await fetch(`${server.url}${path}`, { headers: AGE })).text()
      const copy = await (await fetch(`${restored.url}${path}`, { headers: AGE })).text()
      const slugs = (html: string) => [...html.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map((m) => m[1])
      expect(slugs(original).length).toBeGreaterThan(0)
      expect(slugs(copy)).toEqual(slugs(original))
    }
  } finally {
    await restored.stop()
    await server.stop()
  }
})

test('when the database file cannot be written, forms answer 503 with a clear message and pages still load', async () => {
  // Root ignores file modes, so the server runs as 'nobody'. The data folder is
  // the server's (a folder it cannot write stops the start: see startup.spec.ts);
  // the database file in it is read-only and belongs to someone else.
  const asRoot = process.getuid?.() === 0
  const databasePath = copyOfSharedDatabase()
  const db = new Database(databasePath)
  db.pragma('journal_mode = DELETE') // a read-only file cannot keep a WAL
  db.close()
  const dir = join(databasePath, '..')
  for (const name of readdirSync(dir)) chmodSync(join(dir, name), 0o444)
  if (asRoot) chownSync(dir, 65534, 65534)
  const outbox = freshDataDir('lsc-outbox-')
  mkdirSync(outbox, { recursive: true })
  if (asRoot) chownSync(outbox, 65534, 65534)
  const server = await startServer({
    databasePath,
    wrapper: asRoot ? ['runuser', '-u', 'nobody', '--'] : undefined,
    env: { MAIL_OUTBOX_DIR: outbox },
  })
  try {
    for (const path of ['/', '/blog', '/brands', '/reviews', '/locations']) {
      expect((await fetch(`${server.url}${path}`, { headers: AGE })).status, path).toBe(200)
    }
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, ...AGE },
      body: contactForm('Is the shop open on Thanksgiving Day this year?'),
      redirect: 'manual',
    })
    expect(response.status).toBe(503)
    const page = await response.text()
    expect(page).toContain('under maintenance')
    // The visitor's message is still in the form, so nothing typed is lost.
    expect(page).toContain('Is the shop open on Thanksgiving Day this year?')
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(server.output()).toMatch(/cannot be written by user id \d+: pages are served, forms answer 503/)
  } finally {
    await server.stop()
  }
})
