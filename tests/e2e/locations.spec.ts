import { expect, test } from './fixtures'

test.describe('the locations page', () => {
  test('shows both stores with address, hours, call link, map and directions', async ({ page }) => {
    const response = await page.goto('/locations')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/Locations/)
    await expect(page.getByRole('heading', { level: 1, name: 'Our Locations' })).toBeVisible()

    const main = page.getByRole('article', { name: 'Lindsey Street Cannabis Co.' })
    await expect(main.getByText('530 West Lindsey Street')).toBeVisible()
    await expect(main.getByText('Norman, OK 73069')).toBeVisible()
    await expect(main.getByText('Daily 9 AM – 10 PM')).toBeVisible()
    await expect(main.getByRole('link', { name: /\(405\) 555-0142/ })).toHaveAttribute('href', 'tel:+14055550142')

    const partner = page.getByRole('article', { name: 'Blue Water' })
    await expect(partner.getByText('112 West Main Street')).toBeVisible()
    await expect(partner.getByText('Sun–Thu 9 AM – 10 PM')).toBeVisible()
    await expect(partner.getByText('Fri–Sat 9 AM – 12 AM')).toBeVisible()
    await expect(partner.getByRole('link', { name: /\(405\) 555-0178/ })).toHaveAttribute('href', 'tel:+14055550178')

    for (const [card, street] of [
      [main, '530 West Lindsey Street'],
      [partner, '112 West Main Street'],
    ] as const) {
      const map = card.locator('iframe')
      await expect(map).toHaveAttribute('title', new RegExp(`Map of .*${street}`))
      await expect(map).toHaveAttribute('loading', 'lazy')
      await expect(map).toHaveAttribute('referrerpolicy', 'no-referrer-when-downgrade')
      await expect(map).toHaveAttribute('src', /output=embed/)
      const directions = card.getByRole('link', { name: /Get Directions/ })
      await expect(directions).toHaveAttribute('target', '_blank')
      await expect(directions).toHaveAttribute('rel', 'noopener noreferrer')
      await expect(directions).toHaveAttribute('href', /google\.com\/maps\/dir/)
    }

    const website = partner.getByRole('link', { name: /Visit the Blue Water Website/ })
    await expect(website).toHaveAttribute('href', 'https://bluewaternorman.com')
    await expect(website).toHaveAttribute('target', '_blank')
    await expect(website).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(main.getByRole('link', { name: /Website/ })).toHaveCount(0)
  })

  test('says a medical card is required for every visit', async ({ page }) => {
    await page.goto('/locations')
    await expect(page.getByRole('main').getByText('A medical card is required for every visit')).toBeVisible()
  })

  test('publishes one schema.org Store per store with hours from the settings', async ({ page }) => {
    await page.goto('/locations')
    const blocks = await page.locator('main script[type="application/ld+json"]').allTextContents()
    const stores = blocks.map((text) => JSON.parse(text)).filter((value) => value['@type'] === 'Store')
    expect(stores).toHaveLength(2)
    const [lindsey, blueWater] = stores
    expect(lindsey).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Lindsey Street Cannabis Co.',
      telephone: '(405) 555-0142',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '530 West Lindsey Street',
        addressLocality: 'Norman',
        addressRegion: 'OK',
        postalCode: '73069',
      },
    })
    expect(lindsey.openingHoursSpecification).toEqual([
      expect.objectContaining({
        dayOfWeek: expect.arrayContaining(['Monday', 'Sunday']),
        opens: '09:00',
        closes: '22:00',
      }),
    ])
    expect(blueWater).toMatchObject({ name: 'Blue Water', url: 'https://bluewaternorman.com' })
    expect(blueWater.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ dayOfWeek: ['Friday', 'Saturday'], opens: '09:00', closes: '23:59' }),
    )
  })

  test('has a sticky bar with two call buttons on a phone only', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/locations')
    const bar = page.getByRole('navigation', { name: 'Call a store' })
    await expect(bar).toBeVisible()
    await expect(bar.getByRole('link')).toHaveCount(2)
    await expect(bar.getByRole('link', { name: /Call Lindsey Street/ })).toHaveAttribute('href', 'tel:+14055550142')
    await expect(bar.getByRole('link', { name: /Call Blue Water/ })).toHaveAttribute('href', 'tel:+14055550178')
    // It stays on screen while the page scrolls.
    await page.mouse.wheel(0, 600)
    await expect(bar).toBeInViewport()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(bar).toBeHidden()
  })

  test('sets its own description and canonical link', async ({ page, baseURL }) => {
    await page.goto('/locations')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/locations`)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /530 West Lindsey Street/)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Locations/)
  })
})
