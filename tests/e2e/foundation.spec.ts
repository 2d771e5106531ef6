import { expect, test } from './fixtures'

test('the home page greets visitors with the store name', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lindsey Street Cannabis Co.')
})

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => warnings.push(message.text()))
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await expect.poll(() => warnings.join('\n')).toContain('/no-such-page')
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the health check answers ok', async ({ request }) => {
  // Anyone learns that the site is up, and nothing more.
  const anonymous = await request.get('/healthz', { headers: { Cookie: '' } })
  expect(anonymous.status()).toBe(200)
  expect(await anonymous.json()).toEqual({ ok: true })
  const { mintSessionCookie } = await import('./support/session')
  const response = await request.get('/healthz', { headers: { Cookie: await mintSessionCookie() } })
  expect(response.status()).toBe(200)
  const body = await response.json()
  expect(body.ok).toBe(true)
  // The page cache reports what it holds, to a signed-in admin (the operator).
  expect(body.cache).toMatchObject({ enabled: true, maxBytes: 64 * 1024 * 1024 })
  expect(body.cache.hits).toEqual(expect.any(Number))
})

test('a minted admin session opens the admin area', async ({ page, context, baseURL }) => {
  const { signIn } = await import('./support/session')
  await signIn(context, baseURL!)
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(200)
  expect(new URL(page.url()).pathname).toBe('/admin')
})
