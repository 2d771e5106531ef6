import { expect, test } from './fixtures'
import { signIn } from './support/session'

const BRAND = 'Lindsey Street Cannabis Co.'
const DAY = 24 * 60 * 60 * 1000

test.use({ ageConfirmed: false })

function gate(page: import('@playwright/test').Page) {
  return page.getByRole('dialog', { name: `Welcome to ${BRAND}` })
}

test.describe('the age gate', () => {
  test('is rendered by the server with its texts and links', async ({ page }) => {
    await page.goto('/about')
    const dialog = gate(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog.getByRole('img', { name: `${BRAND} logo` })).toBeVisible()
    await expect(dialog.getByText('Are you 21+ or a qualified patient?')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Yes, Enter' })).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'No, Exit Site' })).toHaveAttribute('href', 'https://www.google.com/')
    await expect(dialog).toContainText(
      'By clicking "Yes," I confirm I\'m at least 21 or a qualified patient and agree to the Terms of Service and Privacy Policy.',
    )
    await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    // No close button: the only button is 'Yes, Enter'.
    await expect(dialog.getByRole('button')).toHaveCount(1)
  })

  test('cannot be dismissed with Escape or an outside click, keeps focus inside and locks scrolling', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = gate(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Yes, Enter' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
    await page.mouse.click(5, 5)
    await expect(dialog).toBeVisible()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    // Wheel and keyboard scrolling do nothing while it is open.
    await page.mouse.move(640, 700)
    await page.mouse.wheel(0, 1500)
    await page.keyboard.press('End')
    await page.waitForTimeout(400)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    // The page behind is not reachable.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  })

  test('"Yes, Enter" with JavaScript closes without a reload, stores the record and sets the cookie', async ({
    page,
    context,
  }) => {
    await page.goto('/deals')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-document'))
    const before = Date.now()
    await gate(page).getByRole('button', { name: 'Yes, Enter' }).click()
    await expect(gate(page)).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document')
    const stored = await page.evaluate(() => localStorage.getItem('ageVerified'))
    const record = JSON.parse(stored!)
    expect(Object.keys(record)).toEqual(['timestamp'])
    expect(record.timestamp).toBeGreaterThanOrEqual(before - 1000)
    expect(record.timestamp).toBeLessThanOrEqual(Date.now() + 1000)
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'age_verified')?.value).toBe('IjEi')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.reload()
    await expect(gate(page)).toHaveCount(0)
  })

  test('a valid stored record counts as confirmed without the cookie', async ({ page, context }) => {
    await context.addInitScript(
      (ts) => localStorage.setItem('ageVerified', JSON.stringify({ timestamp: ts })),
      Date.now() - 2 * DAY,
    )
    await page.goto('/')
    await expect(gate(page)).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The server is told, so the cookie comes back for the next page.
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'age_verified')).toBe(true)
  })

  test('an expired stored record shows the gate again', async ({ page, context }) => {
    await context.addInitScript(
      (ts) => localStorage.setItem('ageVerified', JSON.stringify({ timestamp: ts })),
      Date.now() - 31 * DAY,
    )
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await expect(gate(page)).toBeVisible()
  })

  test('an unreadable stored record shows the gate again', async ({ page, context }) => {
    await context.addInitScript(() => localStorage.setItem('ageVerified', '{not json'))
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await expect(gate(page)).toBeVisible()
  })

  test('?preview=1 never shows it', async ({ page }) => {
    const response = await page.goto('/?preview=1')
    expect(await response!.text()).not.toContain('Are you 21+ or a qualified patient?')
    await expect(gate(page)).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(BRAND)
  })

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`a budtender opening the sign-in page for the first time is not asked her age (${viewport.width} px)`, async ({
      browser,
      baseURL,
    }) => {
      test.slow()
      // A fresh visitor: no cookie, nothing stored.
      const context = await browser.newContext({ baseURL, viewport })
      const page = await context.newPage()
      for (const path of [
        '/admin/login',
        '/admin/reset',
        '/admin/reset/confirm',
        '/admin/setup',
        '/admin/invitation',
      ]) {
        const response = await page.goto(path)
        expect(await response!.text(), path).not.toContain('Are you 21+ or a qualified patient?')
        await expect(gate(page), path).toHaveCount(0)
      }
      await page.goto('/admin/login')
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
      await expect(page.getByLabel('Email')).toBeVisible()
      // Signed in, the whole staff area is the same.
      await signIn(context, baseURL!)
      await page.goto('/admin')
      expect(new URL(page.url()).pathname).toBe('/admin')
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
      await expect(gate(page)).toHaveCount(0)
      // The public site still asks, in the same browser.
      await page.goto('/')
      await expect(gate(page)).toBeVisible()
      await context.close()
    })
  }

  test('the confirmation post only returns to a same-site path', async ({ request }) => {
    const post = (redirectTo: string) => request.post('/age-gate', { form: { redirectTo }, maxRedirects: 0 })
    let response = await post('/about?x=1')
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/about?x=1')
    expect(response.headers()['set-cookie']).toContain('age_verified=IjEi')
    expect(response.headers()['set-cookie']).toMatch(/Max-Age=2592000/i)
    for (const hostile of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'about']) {
      response = await post(hostile)
      expect(response.headers()['location']).toBe('/')
    }
    response = await request.post('/age-gate', {
      data: 'not a form',
      headers: { 'Content-Type': 'text/plain' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/')
  })
})

test.describe('the age gate without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('"Yes, Enter" posts the form, sets the cookie and returns to the same page', async ({ page, context }) => {
    // A parameter the page reads comes back with the visitor (tracking parameters do not).
    await page.goto('/blog?q=edibles')
    await expect(gate(page)).toBeVisible()
    await gate(page).getByRole('button', { name: 'Yes, Enter' }).click()
    await expect(page).toHaveURL(/\/blog\?q=edibles$/)
    await expect(gate(page)).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect((await context.cookies()).find((c) => c.name === 'age_verified')?.value).toBe('IjEi')
  })
})
