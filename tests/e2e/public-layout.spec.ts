import { expect, holdScripts, test, waitForHydration } from './fixtures'
import { signIn } from './support/session'

const NAV = ['Home', 'About', 'Locations', 'Deals', 'Blog', 'Reviews', 'Contact']

test.describe('header', () => {
  test('has the page links in order, marks the current page and offers the live menu', async ({ page }) => {
    await page.goto('/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(NAV)
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Shop Live Menu' })).toHaveAttribute('href', '/live-menu')
    await nav.getByRole('link', { name: 'Deals' }).click()
    await expect(page).toHaveURL(/\/deals$/)
    await expect(nav.getByRole('link', { name: 'Deals' })).toHaveAttribute('aria-current', 'page')
  })

  test('links the social profiles with readable names', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    for (const [network, host] of [
      ['Facebook', 'facebook.com'],
      ['Instagram', 'instagram.com'],
      ['Leafly', 'leafly.com'],
      ['Weedmaps', 'weedmaps.com'],
    ]) {
      const link = header.getByRole('link', { name: `Lindsey Street Cannabis Co. on ${network}` })
      await expect(link).toHaveAttribute('href', new RegExp(host))
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
  })

  test('tightens its padding once the page has scrolled more than 20 px', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    const tall = (await header.boundingBox())!.height
    await page.evaluate(() => window.scrollTo(0, 10))
    await page.waitForTimeout(300)
    expect((await header.boundingBox())!.height).toBe(tall)
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(tall)
    // Still on screen: it is sticky.
    expect((await header.boundingBox())!.y).toBe(0)
  })
})

test.describe('footer', () => {
  test('shows the store, links and the opening line', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('530 West Lindsey Street')
    await expect(footer).toContainText('Norman, OK 73069')
    await expect(footer.getByRole('link', { name: 'Call (405) 555-0142' })).toHaveAttribute('href', 'tel:+14055550142')
    await expect(footer.getByText('Open 9 AM – 10 PM Daily (7 days a week)', { exact: true })).toBeVisible()
    // The partner store's phone and its late nights, read from its hours.
    await expect(footer.getByRole('link', { name: 'Call (405) 555-0178' })).toHaveAttribute('href', 'tel:+14055550178')
    await expect(footer).toContainText('Open late Fri–Sat')
    await expect(footer.getByRole('link', { name: /Blue Water/ })).toHaveAttribute(
      'href',
      'https://bluewaternorman.com',
    )
    await expect(footer.getByRole('link', { name: 'RSS Feed' })).toHaveAttribute('href', '/api/blog-rss')
    await expect(footer.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/api/blog-sitemap')
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    const quick = footer.getByRole('navigation', { name: 'Quick links' })
    await expect(quick.getByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/locations')
    // Signed out: only the small Admin link of the copyright line.
    await expect(footer.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(1)
  })

  test('adds the Admin link for a signed-in user', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, { email: 'patient-helper@example.com', admin: false })
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(2)
    await expect(
      footer.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'Admin' }),
    ).toHaveAttribute('href', '/admin')
  })
})

test.describe('mobile menu (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('opens, keeps focus inside, closes on Escape and returns focus to the menu button', async ({ page }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const button = page.locator('summary', { hasText: 'Menu' })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await button.click()
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('link', { name: 'Home' })).toBeFocused()
    await expect(panel.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    const menu = page.locator('details').filter({ has: panel })
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab')
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(page.locator('summary', { hasText: 'Menu' })).toBeFocused()
    // Following a link closes it.
    await page.locator('summary', { hasText: 'Menu' }).click()
    await panel.getByRole('link', { name: 'Contact' }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(panel).toBeHidden()
  })

  test('a patient on a slow phone taps Menu before the page has come to life: it stays open when it does, and Close closes it', async ({
    page,
  }) => {
    const release = await holdScripts(page)
    await page.goto('/deals', { waitUntil: 'commit' })
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await page.locator('summary', { hasText: 'Menu' }).click()
    await expect(panel).toBeVisible()
    await release()
    await waitForHydration(page)
    await expect(panel).toBeVisible()
    await page.locator('summary', { hasText: 'Close' }).click()
    await expect(panel).toBeHidden()
  })

  test('no page of this part scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/about', '/deals']) {
      await page.goto(path)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })
})

test.describe('mobile menu without JavaScript', () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })

  test('opens and closes with the menu button', async ({ page }) => {
    await page.goto('/deals')
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await expect(panel).toBeHidden()
    await page.locator('summary', { hasText: 'Menu' }).click()
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('link', { name: 'Deals' })).toHaveAttribute('aria-current', 'page')
    await panel.getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/about$/)
  })
})
