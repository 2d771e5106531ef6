import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { e2eDatabase, ensureUser, signIn } from './support/session'

/** The newest reset link mailed to `to`, read from the outbox (.eml bodies are quoted-printable). */
function latestResetLink(to: string): string | undefined {
  const dir = process.env.E2E_OUTBOX_DIR!
  let files: string[]
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
  } catch {
    return undefined
  }
  for (const file of files.reverse()) {
    const text = readFileSync(join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=')
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue
    const link = /https?:\/\/\S+\/admin\/reset\/confirm\?token=[\w-]+/.exec(text)?.[0]
    if (link) return link
  }
  return undefined
}

const mailsTo = (to: string) => {
  try {
    return readdirSync(process.env.E2E_OUTBOX_DIR!).filter((f) =>
      readFileSync(join(process.env.E2E_OUTBOX_DIR!, f), 'utf8').includes(`To: ${to}`),
    ).length
  } catch {
    return 0
  }
}

async function requestLink(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('Check your email for the reset link!')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Use Different Email' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible()
}

for (const javaScriptEnabled of [true, false]) {
  test(`the whole reset flow, reading the link from the outbox (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
    page,
    baseURL,
  }) => {
    const email = `reset-flow-${javaScriptEnabled ? 'js' : 'nojs'}@example.com`
    const newPassword = `new-pass-${randomBytes(4).toString('hex')}`
    ensureUser(email, true)
    // A session this user has elsewhere ends when the password changes.
    const elsewhere = await browser.newContext({ baseURL })
    await signIn(elsewhere, baseURL!, { email })
    await elsewhere.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
    const otherPage = await elsewhere.newPage()
    await otherPage.goto('/admin')
    await expect(otherPage).toHaveURL(/\/admin$/)

    const run = javaScriptEnabled
      ? page
      : await (await browser.newContext({ baseURL, javaScriptEnabled: false })).newPage()
    await run.context().addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
    await run.goto('/admin/login')
    await run.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(run).toHaveURL(/\/admin\/reset$/)
    await run.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(run.getByText('Please enter a valid email address')).toBeVisible()
    await requestLink(run, email)

    let link: string | undefined
    await expect.poll(() => (link = latestResetLink(email))).toBeTruthy()
    expect(link!.startsWith(`${baseURL}/admin/reset/confirm?token=`)).toBe(true)
    await run.goto(link!)
    await expect(run.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await run.getByLabel('New password', { exact: true }).fill('12345')
    await run.getByLabel('Confirm new password').fill('12345')
    await run.getByRole('button', { name: 'Update Password' }).click()
    await expect(run.getByText('Password must be at least 6 characters')).toBeVisible()
    await run.getByLabel('New password', { exact: true }).fill(newPassword)
    await run.getByLabel('Confirm new password').fill(`${newPassword}x`)
    await run.getByRole('button', { name: 'Update Password' }).click()
    await expect(run.getByText('Passwords do not match')).toBeVisible()
    await run.getByLabel('New password', { exact: true }).fill(newPassword)
    await run.getByLabel('Confirm new password').fill(newPassword)
    await run.getByRole('button', { name: 'Update Password' }).click()

    // /login, then /admin/login, with the toast carried across both redirects.
    await expect(run).toHaveURL(/\/admin\/login$/)
    await expect(run.getByText('Password updated successfully!')).toBeVisible()
    await run.getByLabel('Email').fill(email)
    await run.getByLabel('Password', { exact: true }).fill(newPassword)
    await run.getByRole('button', { name: 'Sign In' }).click()
    await expect(run).toHaveURL(/\/admin$/)

    // The other session was revoked; the link works only once.
    await otherPage.goto('/admin')
    await expect(otherPage).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/)
    await run.goto(link!)
    await expect(run.getByRole('heading', { name: 'This reset link has already been used' })).toBeVisible()
    await run.getByRole('link', { name: 'Request a new link' }).click()
    await expect(run).toHaveURL(/\/admin\/reset$/)
    await elsewhere.close()
  })
}

test('an unknown address gets the same answer and no email', async ({ page }) => {
  await page.goto('/admin/reset')
  await requestLink(page, 'no-account-here@example.com')
  expect(mailsTo('no-account-here@example.com')).toBe(0)
  await page.getByRole('link', { name: 'Use Different Email' }).click()
  // The text field, not the "Check your email" panel that is still leaving the page.
  const email = page.getByRole('textbox', { name: 'Email' })
  await expect(email).toBeVisible()
  await expect(email).toHaveValue('')
})

test('a missing or expired token says so and links to a new request', async ({ page }) => {
  await page.goto('/admin/reset/confirm')
  await expect(page.getByRole('heading', { name: 'This reset link is not valid' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/admin/reset')

  const userId = ensureUser('reset-expired@example.com', true)
  const token = randomBytes(32).toString('base64url')
  const db = e2eDatabase()
  try {
    db.prepare('INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES (?, ?, ?)').run(
      userId,
      createHash('sha256').update(token).digest('hex'),
      new Date(Date.now() - 1000).toISOString(),
    )
  } finally {
    db.close()
  }
  await page.goto(`/admin/reset/confirm?token=${token}`)
  await expect(page.getByRole('heading', { name: 'This reset link has expired' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to login' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
})
