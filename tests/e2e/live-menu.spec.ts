import { expect, test } from './fixtures'

const MENU_URL = 'https://dutchie.com/embedded-menu/lindsey-street-cannabis-co'

test.describe('the live menu page', () => {
  test.beforeEach(async ({ page }) => {
    // The menu provider is not reachable from the test machine: answer the frame locally.
    await page.route('https://dutchie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Menu</title><h1>Menu provider</h1>' }),
    )
  })

  test('frames the settings menu address at full height with a title', async ({ page }) => {
    const response = await page.goto('/live-menu')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/Live Menu/)
    const frame = page.locator('iframe[title="Lindsey Street Cannabis Co. live menu"]')
    await expect(frame).toHaveAttribute('src', MENU_URL)
    const box = await frame.boundingBox()
    const viewport = page.viewportSize()!
    expect(box!.height).toBeGreaterThan(viewport.height * 0.8)
    await expect(
      page
        .frameLocator('iframe[title="Lindsey Street Cannabis Co. live menu"]')
        .getByRole('heading', { name: 'Menu provider' }),
    ).toBeVisible()
  })

  test('offers everyone a link that opens the full menu in a new tab', async ({ page }) => {
    await page.goto('/live-menu')
    const link = page.getByRole('link', { name: 'Open the full menu in a new tab' })
    await expect(link).toBeVisible()
    await expect(link).toHaveAttribute('href', MENU_URL)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('shows a no-script link that opens the menu externally', async ({ page }) => {
      await page.goto('/live-menu')
      const link = page.getByRole('link', { name: /Open the Lindsey Street Cannabis Co\. live menu/ })
      await expect(link).toBeVisible()
      await expect(link).toHaveAttribute('href', MENU_URL)
      await expect(link).toHaveAttribute('target', '_blank')
    })
  })
})
