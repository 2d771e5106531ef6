import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import Database from 'better-sqlite3'

import { expect, test } from './fixtures'
import { startServer, startServerExpectingExit } from './support/server'

/**
 * How the production server starts: a data folder it cannot write stops it with
 * one clear line; a first production start adds no invented content, prints no
 * password, and logs a one-time link that creates the first admin.
 */
test.describe.configure({ mode: 'serial' })

const asRoot = process.getuid?.() === 0
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-enough-length',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
}

function rows(databasePath: string, table: string): number {
  const db = new Database(databasePath, { readonly: true })
  try {
    return Number(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get())
  } finally {
    db.close()
  }
}

test('a data folder the server cannot write stops the start with one line: the folder, the user id, the fix', async () => {
  // Root ignores file modes: as root the server runs as 'nobody' on a folder root owns (a root-owned volume).
  const parent = mkdtempSync(join(tmpdir(), 'lsc-rovolume-'))
  chmodSync(parent, 0o755)
  const data = join(parent, 'data')
  mkdirSync(data, { mode: 0o755 })
  if (!asRoot) chmodSync(data, 0o555)
  const uid = asRoot ? 65534 : process.getuid!()
  const outbox = mkdtempSync(join(tmpdir(), 'lsc-outbox-'))
  chmodSync(outbox, 0o777)

  const { code, output } = await startServerExpectingExit({
    databasePath: join(data, 'app.db'),
    wrapper: asRoot ? ['runuser', '-u', 'nobody', '--'] : undefined,
    env: { MAIL_OUTBOX_DIR: outbox },
  })
  expect(code).toBe(1)
  const lines = output.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toContain(`Cannot write to the data folder ${data}`)
  expect(lines[0]).toContain(`as user id ${uid}: permission denied`)
  expect(lines[0]).toContain(`chown -R ${uid}:`)
  expect(output).not.toContain('SqliteError')
  chmodSync(data, 0o755)
})

test('a production first start: store content only, no password in the log, and a setup link that works once', async ({
  browser,
}) => {
  const server = await startServer({ env: PRODUCTION })
  let restarted: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    const log = server.output()
    expect(log).toContain('Store content added: settings, 14 brands, 7 deal slides, 14 reviews')
    expect(log).not.toMatch(/password:/i)
    const link = log.match(/http:\/\/127\.0\.0\.1:\d+\/admin\/setup\?token=[\w-]+/)?.[0]
    expect(link, log).toBeDefined()
    expect(rows(server.databasePath, 'posts')).toBe(0)
    expect(rows(server.databasePath, 'contact_inquiries')).toBe(0)
    expect(rows(server.databasePath, 'users')).toBe(0)

    // The page passes axe (with JavaScript) …
    const withScript = await browser.newContext()
    await withScript.addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
    const audited = await withScript.newPage()
    await audited.goto(link!, { waitUntil: 'networkidle' })
    await expect(audited.getByRole('heading', { name: 'Create the first admin' })).toBeVisible()
    const axe = await new AxeBuilder({ page: audited })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])
    await withScript.close()

    // … and works without it.
    const context = await browser.newContext({ javaScriptEnabled: false })
    await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
    const page = await context.newPage()
    await page.goto(link!)
    await page.getByLabel('Email').fill('owner@example.com')
    await page.getByLabel('Password', { exact: true }).fill('owner-secret-1')
    await page.getByLabel('Confirm password').fill('owner-secret-2')
    await page.getByRole('button', { name: 'Create Admin' }).click()
    await expect(page.getByText('Passwords do not match')).toBeVisible()
    expect(rows(server.databasePath, 'users')).toBe(0)

    await page.getByLabel('Password', { exact: true }).fill('owner-secret-1')
    await page.getByLabel('Confirm password').fill('owner-secret-1')
    await page.getByRole('button', { name: 'Create Admin' }).click()
    await expect(page).toHaveURL(`${server.url}/admin`)
    await expect(page.getByText('Admin account created')).toBeVisible()
    await expect(page.getByText('Signed in as owner@example.com', { exact: true })).toBeVisible()
    // Production without replication: the dashboard says so.
    await expect(page.getByRole('region', { name: 'Database replication' })).toContainText('Replication is off')

    // The link is dead now.
    await page.goto(link!)
    await expect(page.getByRole('heading', { name: 'This site already has an admin' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveCount(0)
    await context.close()

    // A restart with an admin logs no link and no password.
    await server.stop()
    restarted = await startServer({ databasePath: server.databasePath, env: PRODUCTION })
    expect(restarted.output()).not.toContain('/admin/setup')
    expect(restarted.output()).not.toMatch(/password:/i)
    expect(rows(server.databasePath, 'posts')).toBe(0)
  } finally {
    await restarted?.stop()
    await server.stop()
  }
})
