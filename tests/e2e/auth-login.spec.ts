import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { ADMIN_EMAIL, ADMIN_PASSWORD, ensureUser, signIn, USER_PASSWORD } from './support/session'

async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'sign-in with JavaScript' : 'sign-in without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('an admin signs in and lands on the dashboard with a toast', async ({ page }) => {
      await page.goto('/admin/login')
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
      await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD)
      await expect(page).toHaveURL(/\/admin$/)
      await expect(page.getByRole('status').getByText('Logged in successfully!')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
      await expect(page.getByText(ADMIN_EMAIL).first()).toBeVisible()
    })

    test('each validation message shows', async ({ page }) => {
      await page.goto('/admin/login')
      await submitLogin(page, 'admin.example.com', '12345')
      await expect(page.getByText('Please enter a valid email address')).toBeVisible()
      await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
      await expect(page).toHaveURL(/\/admin\/login/)
    })

    test('a wrong password and an unknown email get the same answer', async ({ page }) => {
      await page.goto('/admin/login')
      await submitLogin(page, ADMIN_EMAIL, 'not-the-password')
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
      await page.goto('/admin/login')
      await submitLogin(page, 'nobody-here@example.com', 'not-the-password')
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
    })
  })
}

test('the guard sends a visitor to the login page and back to where it stopped them', async ({ page }) => {
  await page.goto('/admin?from=guard')
  await expect(page).toHaveURL('/admin/login?redirectTo=%2Fadmin%3Ffrom%3Dguard')
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await expect(page).toHaveURL('/admin?from=guard')
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
})

test('a redirectTo to another site is not followed', async ({ page, baseURL }) => {
  await page.goto('/admin/login?redirectTo=%2F%2Fevil.example%2Fphish')
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await expect(page).toHaveURL(`${baseURL}/admin`)
})

test('a user without the admin role who signs in is sent to /', async ({ page }) => {
  ensureUser('clerk-login@example.com', false)
  await page.goto('/admin/login')
  await submitLogin(page, 'clerk-login@example.com', USER_PASSWORD)
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/admin/blog')
  await expect(page).toHaveURL(/\/$/)
})

test('a signed-in non-admin is sent from /admin to /', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!, { email: 'clerk-guard@example.com', admin: false })
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/$/)
})

test('a signed-in admin visiting the login page goes to the admin area', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!)
  await page.goto('/admin/login')
  await expect(page).toHaveURL(/\/admin$/)
})

test('a stale session cookie counts as signed out and is cleared', async ({ request }) => {
  const response = await request.get('/admin', { headers: { Cookie: 'session=not-a-real-session' }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toBe('/admin/login?redirectTo=%2Fadmin')
  expect(response.headers()['set-cookie']).toMatch(/session=; Max-Age=0/)
})

test("the public footer's Admin link beside the quick links shows only to a signed-in user", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/')
  const adminLinks = page.getByRole('contentinfo').getByRole('link', { name: 'Admin', exact: true })
  const anonymousCount = await adminLinks.count()
  await signIn(context, baseURL!, { email: 'clerk-footer@example.com', admin: false })
  await page.goto('/')
  await expect(adminLinks).toHaveCount(anonymousCount + 1)
})
