import AxeBuilder from '@axe-core/playwright'

import { closedPort } from '../support/smtp-server'
import { expect, test } from './fixtures'
import { mintSessionCookie, type PrivateServer, startServer } from './support/server'

/**
 * Sign-in limits and the mail queue on private servers: the real limits
 * (RATE_LIMIT_MULTIPLIER=1), client addresses from Fly-Client-IP (as behind
 * Fly's proxy), a restart, and a mail server that is down.
 */
test.describe.configure({ mode: 'serial' })

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }

async function signInFrom(server: PrivateServer, address: string, email: string, password: string) {
  const response = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: server.url,
      'Fly-Client-IP': address,
    },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: 'manual',
  })
  await response.arrayBuffer()
  return response.status
}

const REAL_LIMITS = { RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: '1' }

test('failures from many addresses do not lock the admin out', async () => {
  const server = await startServer({ env: REAL_LIMITS })
  try {
    // Someone fails twelve times on the admin account from twelve addresses…
    for (let i = 1; i <= 12; i++) {
      expect([401, 429]).toContain(await signInFrom(server, `192.0.2.${i}`, ADMIN.email, 'not-the-password'))
    }
    // …and one of those addresses now waits, even with the right password…
    expect(await signInFrom(server, '192.0.2.12', ADMIN.email, ADMIN.password)).toBe(429)
    // …while the admin, from an address that has not failed, signs in.
    expect(await signInFrom(server, '198.51.100.77', ADMIN.email, ADMIN.password)).toBe(302)
  } finally {
    await server.stop()
  }
})

test('an address refused before a restart is still refused after it', async () => {
  let server = await startServer({ env: REAL_LIMITS })
  const databasePath = server.databasePath
  try {
    // One address fails on one account after another until it is refused (20 failures).
    const statuses: number[] = []
    for (let i = 1; i <= 20 && !statuses.includes(429); i++) {
      statuses.push(await signInFrom(server, '203.0.113.9', `nobody${i}@example.com`, 'not-the-password'))
    }
    expect(statuses.at(-1)).toBe(429)
    expect(await signInFrom(server, '203.0.113.9', ADMIN.email, ADMIN.password)).toBe(429)

    await server.stop()
    server = await startServer({ env: REAL_LIMITS, databasePath })
    expect(await signInFrom(server, '203.0.113.9', ADMIN.email, ADMIN.password)).toBe(429)
    expect(await signInFrom(server, '203.0.113.10', ADMIN.email, ADMIN.password)).toBe(302)
  } finally {
    await server.stop()
  }
})

for (const javaScriptEnabled of [true, false]) {
  test(`with the mail server down, a reset request gets the same page for any address, and the dashboard shows the waiting mail (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } })
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled })
    try {
      await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
      const page = await context.newPage()
      const seen: { status: number; text: string }[] = []
      for (const email of [ADMIN.email, 'no-account-here@example.com']) {
        await page.goto('/admin/reset')
        await page.getByLabel('Email').fill(email)
        const answered = page.waitForResponse(
          (r) => r.url().includes('/admin/reset') && r.request().method() === 'POST',
        )
        await page.getByRole('button', { name: 'Send Reset Link' }).click()
        const response = await answered
        await expect(page.getByText('Check your email for the reset link!')).toBeVisible()
        seen.push({ status: response.status(), text: await page.getByRole('main').innerText() })
      }
      expect(seen[0]!.status).toBe(200)
      expect(seen[1]).toEqual(seen[0])

      // Staff see the reset email waiting, with why it has not gone yet.
      const cookie = await mintSessionCookie(server.databasePath)
      await context.addCookies([{ name: 'session', value: cookie.slice('session='.length), url: server.url }])
      const mail = page.getByRole('region', { name: 'Outgoing mail' })
      await expect(async () => {
        await page.goto('/admin')
        await expect(mail.getByText(/connect ECONNREFUSED/)).toBeVisible({ timeout: 1_000 })
      }).toPass({ timeout: 60_000 })
      await expect(mail.getByText('1 message waiting to be sent · 0 messages failed.', { exact: false })).toBeVisible()
      const item = mail.getByRole('listitem')
      await expect(item).toHaveCount(1)
      await expect(item).toContainText('Waiting')
      await expect(item).toContainText(ADMIN.email)
      await expect(item).toContainText('Password reset link')
      await expect(item).toContainText('1 attempt so far, next')
      // Nothing about the address without an account.
      await expect(mail).not.toContainText('no-account-here@example.com')
      if (javaScriptEnabled) {
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze()
        expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
      }
    } finally {
      await context.close()
      await server.stop()
    }
  })
}
