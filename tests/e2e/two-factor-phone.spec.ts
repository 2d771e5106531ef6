import { expect, test } from './fixtures'
import { ensureUser, signIn } from './support/session'

/** A page answering a form post can take several seconds on a busy shared test machine. */

/**
 * A manager sets up two-step sign-in on the phone that shows the page: she
 * cannot scan her own screen, so a link opens the authenticator app with the
 * account already filled in, beside the QR code and the key to type.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px an "Open in authenticator app" link carries the same account and key`, async ({
    browser,
    baseURL,
  }) => {
    test.slow()
    const email = `phone-setup-${viewport.width}-${Date.now().toString(36)}@example.com`
    ensureUser(email, true)
    const context = await browser.newContext({ baseURL, viewport })
    await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
    await signIn(context, baseURL!, { email })
    const page = await context.newPage()
    await page.goto('/admin/account')
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click()
    await expect(page).toHaveURL(/\/admin\/account\/two-factor$/)
    await expect(
      page.getByRole('img', { name: new RegExp(`QR code that adds ${email.replace(/[.+]/g, '\\$&')}`) }),
    ).toBeVisible()
    const typedKey = (await page.locator('p.font-mono').innerText()).replace(/\s+/g, '')
    const link = page.getByRole('link', { name: 'Open in authenticator app' })
    await expect(link).toBeVisible()
    const href = (await link.getAttribute('href'))!
    expect(href).toMatch(/^otpauth:\/\/totp\//)
    const uri = new URL(href)
    expect(uri.searchParams.get('secret')).toBe(typedKey)
    expect(decodeURIComponent(uri.pathname)).toContain(email)
    expect(uri.searchParams.get('issuer')).toBe('Lindsey Street Cannabis Co. admin')
    const box = (await link.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
    // A thumb-sized target on the phone.
    if (viewport.width < 768) expect(box.height).toBeGreaterThanOrEqual(44)
    await context.close()
  })
}
