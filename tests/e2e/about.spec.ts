import { expect, test, whenHydrated } from './fixtures'

test.describe('about page', () => {
  test('has every block of the page', async ({ page }) => {
    await page.goto('/about')
    await expect(page).toHaveTitle(/^About Us \| Lindsey Street Cannabis Co\.$/)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
    for (const bullet of [
      'Fresh inventory updated daily',
      'Price match on all local dispensaries',
      'Loyalty points on every purchase',
      'Online ordering and curbside pickup',
    ]) {
      await expect(main.getByRole('region', { name: 'Our Story' }).getByText(bullet)).toBeVisible()
    }
    await expect(main.getByRole('heading', { name: 'Inside the Shop' })).toBeVisible()
    await expect(main.getByRole('region', { name: 'Inside the Shop' }).getByRole('figure')).toHaveCount(2)
    for (const tile of [
      'Fresh Inventory',
      'Friendly Budtenders',
      'Loyalty Points',
      'Price Match',
      'Attached Vape Store',
      'Medicinal Quality',
    ]) {
      await expect(main.getByRole('heading', { name: tile, exact: true })).toBeVisible()
    }
    const badges = main.getByRole('list', { name: 'Badges' }).getByRole('listitem')
    await expect(badges).toHaveText([
      'Best-Rated in Norman',
      'Open 9 AM – 10 PM daily',
      'Cash Only + ATM On-Site',
      'Price Match + Loyalty Points',
    ])
    await expect(main.getByRole('heading', { name: 'What Makes Us Different' })).toBeVisible()
    const products = main.getByRole('region', { name: 'Products We Carry' })
    for (const p of ['flower', 'shake', 'edibles', 'prerolls', 'cartridges', 'disposables', 'glass', 'accessories']) {
      await expect(products.getByText(p, { exact: true })).toBeVisible()
    }
    await expect(main.getByRole('region', { name: 'First-Time Customers' })).toContainText(
      '15% off your entire purchase',
    )
    const visit = main.getByRole('region', { name: 'Visit Us' })
    await expect(visit).toContainText('530 West Lindsey Street')
    await expect(visit.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/)
    await expect(main.getByRole('link', { name: 'See Our Deals' })).toHaveAttribute('href', '/deals')
    const liveMenu = main.getByRole('link', { name: /^Browse the Live Menu/ })
    await expect(liveMenu).toHaveAttribute('href', /^https:\/\//)
    await expect(liveMenu).toHaveAttribute('target', '_blank')
  })

  test('the gallery opens a lightbox that closes on Escape, the close button and the backdrop', async ({ page }) => {
    await page.goto('/about')
    const counter = await whenHydrated(page.getByRole('link', { name: /^View larger: The sales counter/ }))
    const lightbox = page.getByRole('dialog')

    await counter.click()
    await expect(lightbox).toBeVisible()
    await expect(lightbox.getByRole('img', { name: /sales counter/ })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(lightbox).toBeHidden()
    await expect(counter).toBeFocused()
    expect(new URL(page.url()).pathname).toBe('/about')

    await counter.click()
    await lightbox.getByRole('button', { name: 'Close image' }).click()
    await expect(lightbox).toBeHidden()
    await expect(counter).toBeFocused()

    const lounge = page.getByRole('link', { name: /^View larger: A bright waiting area/ })
    await lounge.click()
    await expect(lightbox).toBeVisible()
    await page.mouse.click(4, 4)
    await expect(lightbox).toBeHidden()
    await expect(lounge).toBeFocused()
  })
})

test.describe('about page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an image link opens the full image', async ({ page }) => {
    await page.goto('/about')
    const link = page.getByRole('link', { name: /^View larger: The sales counter/ })
    await expect(link).toHaveAttribute('href', /^\/images\/gallery\/shop-counter\.svg\?v=[\w-]+$/)
    await link.click()
    await expect(page).toHaveURL(/\/images\/gallery\/shop-counter\.svg\?v=[\w-]+$/)
  })
})
