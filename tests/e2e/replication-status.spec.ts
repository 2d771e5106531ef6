import { chmodSync, chownSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'

import { screenshotPath } from './support/screenshots'
import { mintSessionCookie, startServer } from './support/server'

/**
 * The operator mounted the replica folder and forgot to give it to the server's
 * user: Litestream cannot write a byte of the backup. The owner opening the
 * dashboard sees it within seconds — the replica's age in red and the cause in
 * plain words — the log says the same, the site keeps serving, and after a
 * short grace /healthz/replication answers 503 for the platform's monitoring.
 */

const asRoot = process.getuid?.() === 0
const NOBODY = 65534
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('a replica folder that refuses writes is shown on the dashboard in red, with the cause, within seconds', async ({
  browser,
}) => {
  // Root ignores file modes: as root the server runs as 'nobody' beside a replica folder root owns
  // (a fresh volume); otherwise the folder is made read-only to the user running the tests.
  const parent = mkdtempSync(join(tmpdir(), 'lsc-replica-refusing-'))
  chmodSync(parent, 0o755)
  const data = join(parent, 'data')
  const replica = join(parent, 'replica')
  mkdirSync(data, { mode: 0o755 })
  mkdirSync(replica, { mode: 0o755 })
  if (asRoot) chownSync(data, NOBODY, NOBODY)
  else chmodSync(replica, 0o555)

  const server = await startServer({
    databasePath: join(data, 'app.db'),
    wrapper: asRoot ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--'] : undefined,
    env: { LITESTREAM_REPLICA_URL: `file://${replica}`, MAIL_OUTBOX_DIR: join(data, 'outbox') },
  })
  const context = await browser.newContext({ baseURL: server.url })
  try {
    const cookie = await mintSessionCookie(server.databasePath)
    await context.addCookies([
      { name: 'age_verified', value: 'IjEi', url: server.url },
      { name: 'session', value: cookie.slice('session='.length), url: server.url },
    ])
    const page = await context.newPage()
    const status = page.getByRole('region', { name: 'Database replication' })
    const opened = Date.now()
    await expect(async () => {
      await page.goto('/admin')
      await expect(status.getByText(/^Write refused: the replica folder cannot be written/)).toBeVisible({
        timeout: 1_000,
      })
    }).toPass({ timeout: 60_000 })
    const seenAfter = (Date.now() - opened) / 1000

    // The replica's age, in red, and what Litestream itself said.
    const age = status.getByText('The database has not been replicated yet')
    await expect(age).toBeVisible()
    await expect(age).toHaveCSS('color', 'rgb(145, 32, 24)')
    await expect(status).toContainText(`mkdir ${replica}/generations: permission denied`)
    await expect(status).toContainText('The site keeps working.')
    expect(seenAfter, 'seconds until the dashboard named the cause').toBeLessThan(20)

    // The log says the same, in the same words.
    expect(server.output()).toMatch(
      /^Replication failing: write refused: the replica folder cannot be written .*permission denied/m,
    )

    // The site keeps serving; the replication answer turns 503 once the failure outlasts its grace.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    let answer: { status: number; body: { ok?: boolean; problem?: string; cause?: string } } = {
      status: 0,
      body: {},
    }
    for (let i = 0; i < 40 && answer.status !== 503; i++) {
      const response = await fetch(`${server.url}/healthz/replication`)
      answer = { status: response.status, body: await response.json() }
      if (answer.status !== 503) await sleep(500)
    }
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({ ok: false, cause: 'write-refused' })
    expect(answer.body.problem).toMatch(/^write refused: /)

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/admin')
      await status.scrollIntoViewIfNeeded()
      await page.screenshot({ path: screenshotPath(`replication-failing-${width}.png`), fullPage: false })
    }
  } finally {
    await context.close()
    await server.stop()
  }
})
