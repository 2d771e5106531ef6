import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Page } from '@playwright/test'

import { totpCode } from '../support/totp'
import { expect, test } from './fixtures'
import { mintSessionCookie, type PrivateServer, startServer } from './support/server'
import { e2eDatabase } from './support/session'

/**
 * Staff accounts end to end, on a server of its own (it turns on the
 * two-step rule and deactivates people): an admin requires two-step sign-in
 * and sets up their own app, invites a budtender, the budtender joins from
 * the email in the outbox (without JavaScript), sets up an app, signs in
 * with a code, and is signed out at once when deactivated; the activity log
 * shows all of it.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }
const BUDTENDER = { email: 'budtender@example.com', name: 'Robin Budtender', password: 'robin-password-42' }
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]

let server: PrivateServer
let admin: BrowserContext
let adminPage: Page
let budtender: BrowserContext
let budtenderPage: Page
let adminSecret = ''
/** Console errors, CSP violations and uncaught exceptions in the admin's browser, over the whole walk. */
const adminProblems: string[] = []
let budtenderSecret = ''

function outboxLink(to: string, path: string): string | undefined {
  const dir = join(server.dataDir, 'outbox')
  let files: string[]
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()
  } catch {
    return undefined
  }
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=')
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue
    const link = new RegExp(`https?://\\S+${path.replace(/[?]/g, '\\$&')}\\?token=[\\w-]+`).exec(text)?.[0]
    if (link) return link
  }
  return undefined
}

async function newContext(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled })
  await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
  return context
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

/** axe at a phone's width and a desktop's, then back to the width the page had. */
async function expectAccessibleAtBothWidths(page: Page) {
  const before = page.viewportSize()
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    expect(await axeViolations(page), `${page.url()} at ${size.width}px`).toEqual([])
  }
  if (before) await page.setViewportSize(before)
}

/**
 * axe needs scripts, which the budtender's browser does not run: the same
 * address is audited in a browser with JavaScript and the same cookies.
 */
async function expectAccessibleWithCookiesOf(browser: Browser, from: BrowserContext, url: string) {
  const context = await newContext(browser)
  await context.addCookies(await from.cookies())
  const page = await context.newPage()
  await page.goto(url)
  await expectAccessibleAtBothWidths(page)
  await context.close()
}

/** The setup key as the page shows it, for typing into an "app". */
async function setupKey(page: Page): Promise<string> {
  const key = page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
  await expect(key).toBeVisible()
  return (await key.innerText()).replace(/\s/g, '')
}

function dbValue<T>(sql: string, ...params: unknown[]): T {
  const db = e2eDatabase(server.databasePath)
  try {
    return db
      .prepare(sql)
      .pluck()
      .get(...params) as T
  } finally {
    db.close()
  }
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }) => {
  server = await startServer({ env: { RATE_LIMIT_MULTIPLIER: '1000' } })
  admin = await newContext(browser)
  adminPage = await admin.newPage()
  adminPage.on('console', (message) => {
    // A refused form answers 4xx on purpose; Chromium reports that status itself.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      adminProblems.push(`console: ${message.text()}`)
  })
  adminPage.on('pageerror', (error) => adminProblems.push(`exception: ${error.message}`))
  await adminPage.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  // The budtender's browser runs no JavaScript: every step works with plain forms.
  budtender = await newContext(browser, false)
  budtenderPage = await budtender.newPage()
})

test.afterAll(async () => {
  await admin?.close()
  await budtender?.close()
  await server?.stop()
})

test('an admin sets up their own app, then requires two-step sign-in for everyone', async () => {
  const page = adminPage
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  // Requiring it before having it is refused: nobody locks themselves out.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Staff' }).click()
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible()
  await page.getByLabel('Require two-step sign-in for every account').check()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Set up two-step sign-in for your own account first')).toBeVisible()
  expect(dbValue<number>('SELECT require_second_factor FROM auth_policy')).toBe(0)

  await page.getByRole('link', { name: 'set it up for your own account' }).click()
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click()
  await expect(page).toHaveURL(/\/admin\/account\/two-factor$/)
  await expect(page.getByRole('img', { name: /QR code that adds admin@example\.com/ })).toBeVisible()
  adminSecret = await setupKey(page)
  await expectAccessibleAtBothWidths(page)

  await page.getByLabel('6-digit code').fill('000000')
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(page.getByText('That code does not match')).toBeVisible()
  await page.getByLabel('6-digit code').fill(totpCode(adminSecret))
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(page.getByRole('heading', { name: 'Two-step sign-in is on' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: /^[a-z2-9]{5}-[a-z2-9]{5}$/ })).toHaveCount(10)
  await expectAccessibleAtBothWidths(page)
  // Stored only as hashes.
  expect(dbValue<number>('SELECT count(*) FROM recovery_codes WHERE length(code_hash) = 64')).toBe(10)

  await page.goto('/admin/staff')
  await page.getByLabel('Require two-step sign-in for every account').check()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Two-step sign-in is now required')).toBeVisible()
  await expect(page.getByLabel('Require two-step sign-in for every account')).toBeChecked()
})

test('the admin invites a budtender as staff; the email waits in the outbox', async () => {
  const page = adminPage
  await page.goto('/admin/staff')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('There is already an account for this email')).toBeVisible()

  await page.getByLabel('Email').fill(BUDTENDER.email)
  await page.getByLabel('Role', { exact: true }).selectOption('staff')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible()
  const waiting = page.getByRole('region', { name: 'Invitations waiting' })
  await expect(waiting.getByText(BUDTENDER.email)).toBeVisible()
  await expect.poll(() => outboxLink(BUDTENDER.email, '/admin/invitation')).toBeTruthy()
  // The database holds only the hash of the link, never the link.
  const link = outboxLink(BUDTENDER.email, '/admin/invitation')!
  const token = new URL(link).searchParams.get('token')!
  expect(dbValue<number>(`SELECT count(*) FROM staff_invitations WHERE token_hash = ?`, token)).toBe(0)
  expect(dbValue<string>(`SELECT group_concat(body) FROM mail_queue`) ?? '').not.toContain(token)
  await expect(waiting.getByText(/Link works until/)).toBeVisible()
  await expectAccessibleAtBothWidths(page)
})

test('the budtender joins from the email without JavaScript, sets up an app and signs in with a code', async ({
  browser,
}) => {
  const page = budtenderPage
  const link = outboxLink(BUDTENDER.email, '/admin/invitation')!
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Join the staff' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(BUDTENDER.email)
  await expectAccessibleWithCookiesOf(browser, budtender, link)
  await page.getByLabel('Your name').fill(BUDTENDER.name)
  await page.getByLabel('Password', { exact: true }).fill(BUDTENDER.password)
  await page.getByLabel('Confirm password').fill(`${BUDTENDER.password}x`)
  await page.getByRole('button', { name: 'Create my account' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill(BUDTENDER.password)
  await page.getByLabel('Confirm password').fill(BUDTENDER.password)
  await page.getByRole('button', { name: 'Create my account' }).click()

  // Signed in, and at once asked for the second factor the admin requires.
  await expect(page).toHaveURL(/\/admin\/account\/two-factor$/)
  await page.getByRole('button', { name: 'Begin set-up' }).click()
  budtenderSecret = await setupKey(page)
  await page.getByLabel('6-digit code').fill(totpCode(budtenderSecret))
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  const recovery = (
    await page
      .getByRole('listitem')
      .filter({ hasText: /^[a-z2-9]{5}-[a-z2-9]{5}$/ })
      .allInnerTexts()
  ).map((code) => code.trim())
  expect(recovery).toHaveLength(10)

  // The invitation link worked once.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This invitation has already been used' })).toBeVisible()

  // Sign out, then the first sign-in with the second factor.
  await page.goto('/admin')
  await page.getByLabel(`Account menu for ${BUDTENDER.email}`).click()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.getByLabel('Email').fill(BUDTENDER.email)
  await page.getByLabel('Password', { exact: true }).fill(BUDTENDER.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin\/login\/verify$/)
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  // The password alone opened nothing.
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/)
  await page.goto('/admin/login/verify')
  await expectAccessibleWithCookiesOf(browser, budtender, '/admin/login/verify')
  await page.getByRole('textbox', { name: 'Code' }).fill('123456')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code is not right')).toBeVisible()
  // The code of the next 30 seconds (a phone a little ahead): a later step than the one used to set up.
  await page.getByRole('textbox', { name: 'Code' }).fill(totpCode(budtenderSecret, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByText('Logged in successfully!')).toBeVisible()

  // Staff see the blog, inquiries and applications, not the admin-only sections.
  const nav = page.getByRole('navigation', { name: 'Admin sections' })
  for (const name of ['Dashboard', 'Blog', 'Inquiries', 'Applications']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  }
  for (const name of ['Deals', 'Brands', 'Settings', 'Staff', 'Activity']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0)
  }
  const refused = await page.goto('/admin/deals')
  expect(refused?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Not available to your role' })).toBeVisible()
  await page.goto('/admin/blog')
  await expect(page.getByRole('heading', { name: 'Blog Posts', level: 1 })).toBeVisible()
})

test('deactivating the budtender signs their open session out at once, and they cannot sign in again', async () => {
  // The budtender has the blog open.
  await expect(budtenderPage).toHaveURL(/\/admin\/blog$/)

  const page = adminPage
  await page.goto('/admin/staff')
  const row = page.getByRole('listitem').filter({ hasText: BUDTENDER.email })
  await expect(row.getByRole('combobox', { name: `Role of ${BUDTENDER.name}` })).toHaveValue('staff')
  await expect(row.getByText('On', { exact: true })).toBeVisible()
  await row.getByText(`Deactivate ${BUDTENDER.name}…`).click()
  await row.getByRole('button', { name: `Deactivate ${BUDTENDER.name}` }).click()
  await expect(page.getByText('Account deactivated')).toBeVisible()
  await expect(row.getByText('Deactivated', { exact: true })).toBeVisible()
  expect(
    dbValue<number>(
      `SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?`,
      BUDTENDER.email,
    ),
  ).toBe(0)

  // The very next thing the budtender does finds them signed out.
  await budtenderPage
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Inquiries' })
    .click()
  await expect(budtenderPage).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Finquiries$/)
  await budtenderPage.getByLabel('Email').fill(BUDTENDER.email)
  await budtenderPage.getByLabel('Password', { exact: true }).fill(BUDTENDER.password)
  await budtenderPage.getByRole('button', { name: 'Sign In' }).click()
  await expect(budtenderPage.getByText('This account has been deactivated')).toBeVisible()
  await expect(budtenderPage).toHaveURL(/\/admin\/login/)
})

test('the activity log shows the invitation, the joining and the deactivation, filtered by person and kind', async () => {
  const page = adminPage
  await page.goto('/admin/activity')
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
  const changes = page.getByRole('list', { name: 'Changes, newest first' })
  await expect(changes.getByText('Invited by')).toBeVisible()
  await expect(changes.getByText('Deactivated by')).toBeVisible()
  await expect(changes.getByText('Policy changed by')).toBeVisible()

  await page.getByLabel('Person').selectOption({ label: `${BUDTENDER.name} (${BUDTENDER.email})` })
  await expect(page).toHaveURL(/person=\d+/)
  await expect(changes.getByText(`Joined by ${BUDTENDER.name}`)).toBeVisible()
  await expect(changes.getByText(`Two-step sign-in turned on by ${BUDTENDER.name}`)).toBeVisible()
  await expect(changes.getByText('Invited by')).toHaveCount(0)

  await page.getByLabel('Person').selectOption({ label: 'Everyone' })
  await page.getByLabel('Kind').selectOption({ label: 'Accounts' })
  await expect(page).toHaveURL(/kind=account/)
  const deactivated = changes.getByRole('listitem').filter({ hasText: 'Deactivated by' })
  await expect(deactivated.getByText(BUDTENDER.email)).toBeVisible()
  await expect(deactivated.getByText(/Status: Active → Deactivated; \d+ sessions? signed out/)).toBeVisible()
  const invited = changes.getByRole('listitem').filter({ hasText: 'Invited by' })
  await expect(invited.getByText(BUDTENDER.email)).toBeVisible()
  await expect(invited.getByText('Role: staff')).toBeVisible()
  await expectAccessibleAtBothWidths(page)
})

test('the admin’s browser saw no console error, CSP violation or uncaught exception on any of these pages', () => {
  expect(adminProblems).toEqual([])
})

test('form posts to the new admin actions from another site change nothing', async ({ playwright }) => {
  const cookie = await mintSessionCookie(server.databasePath, ADMIN.email)
  const before = dbValue<string>(
    `SELECT json_array((SELECT count(*) FROM staff_invitations), (SELECT group_concat(deactivated_at) FROM users), (SELECT require_second_factor FROM auth_policy))`,
  )
  const api = await playwright.request.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { Cookie: cookie, Origin: 'https://evil.example' },
    maxRedirects: 0,
  })
  const budtenderId = dbValue<number>('SELECT id FROM users WHERE email = ?', BUDTENDER.email)
  for (const [path, form] of [
    ['/admin/staff', { intent: 'invite', email: 'intruder@example.com', role: 'admin' }],
    ['/admin/staff', { intent: 'reactivate', id: String(budtenderId) }],
    ['/admin/staff', { intent: 'policy' }],
    ['/admin/account', { intent: 'end-other-sessions' }],
    ['/admin/account/two-factor', { intent: 'start' }],
  ] as const) {
    const response = await api.post(path, { form })
    expect(response.status(), path).toBe(403)
  }
  await api.dispose()
  expect(
    dbValue<string>(
      `SELECT json_array((SELECT count(*) FROM staff_invitations), (SELECT group_concat(deactivated_at) FROM users), (SELECT require_second_factor FROM auth_policy))`,
    ),
  ).toBe(before)
})
