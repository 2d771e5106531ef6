import type { Locator, Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { e2eDatabase } from './support/session'

const BRAND = 'Lindsey Street Cannabis Co.'

/** How many brands are featured now (none in the Trash): the home carousel shows exactly these. */
function featuredBrandCount(): number {
  const db = e2eDatabase()
  try {
    return (
      db.prepare('SELECT count(*) AS n FROM brands WHERE is_featured = 1 AND deleted_at IS NULL').get() as { n: number }
    ).n
  } finally {
    db.close()
  }
}

/**
 * Loads the home page and counts the brand logos `shown` finds, checked against the database:
 * the count must equal the featured brands just before and just after the page loaded. Other tests
 * feature brands meanwhile; when the two database counts differ the check cannot decide, and it
 * loads the page again.
 */
async function featuredOnPage(page: Page, shown: () => Promise<number>): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = featuredBrandCount()
    await page.goto('/')
    const count = await shown()
    if (featuredBrandCount() !== before) continue
    expect(count).toBe(before)
    return count
  }
  throw new Error('the featured brands kept changing while the page loaded')
}

/** 'Go to slide N' of the dot marked current. */
async function currentSlide(carousel: Locator): Promise<string | null> {
  return carousel.locator('button[aria-current="true"]').getAttribute('aria-label')
}

test.describe('home page', () => {
  test('has its sections in order', async ({ page }) => {
    await page.goto('/')
    const markers = [
      page.getByText(`Welcome to ${BRAND}!`),
      page.getByRole('heading', { level: 1, name: BRAND }),
      page.getByRole('heading', { name: 'Shop by Category' }),
      page.getByRole('heading', { name: 'Great Product Variety' }),
      page.getByRole('link', { name: /^Learn More/ }),
      page.getByRole('heading', { name: 'Open Late' }),
      page.getByRole('link', { name: 'Shop All Brands' }),
      page.getByRole('link', { name: 'Read All Reviews' }),
      page.getByRole('heading', { name: 'Frequently Asked Questions' }),
      page.getByRole('link', { name: 'View Deals' }),
    ]
    let previous = -1
    for (const marker of markers) {
      const y = await marker.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
      expect(y).toBeGreaterThan(previous)
      previous = y
    }
  })

  test('hero, chips, highlights, intro and cards carry their texts and links', async ({ page }) => {
    await page.goto('/')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Shop Live Menu' })).toHaveAttribute('href', '/live-menu')
    const directions = main.getByRole('link', { name: /^Get Directions/ })
    await expect(directions).toHaveCount(2)
    await expect(directions.first()).toHaveAttribute('href', /google\.com\/maps/)
    await expect(directions.first()).toHaveAttribute('target', '_blank')
    await expect(main.getByRole('img', { name: /storefront/ })).toHaveAttribute(
      'src',
      // The shipped pictures carry the build's version, so they are cached for a year.
      /^\/images\/hero\.svg\?v=[\w-]+$/,
    )

    const menu = page.locator('#menu')
    const chips = ['Flower', 'Edibles', 'Pre-rolls', 'Vapes', 'Concentrates', 'Accessories', 'All Products']
    await expect(menu.getByRole('link')).toHaveText(chips)
    for (const chip of chips) await expect(menu.getByRole('link', { name: chip })).toHaveAttribute('href', '/live-menu')

    for (const name of [
      'Great Product Variety',
      'Unbeatable Prices',
      'Exceptional Service',
      'Best Loyalty Program',
      'Fast Online Ordering',
    ]) {
      await expect(main.getByRole('heading', { name })).toBeVisible()
    }
    await expect(main).toContainText('over 1,000 products')
    await expect(main.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/about')
    await expect(main.getByRole('heading', { name: 'Open Late' })).toBeVisible()
    await expect(
      main.getByText('9 AM – 10 PM daily, so you can stop by after work.', { exact: true }).first(),
    ).toBeVisible()
    await expect(main.getByRole('heading', { name: 'Cash + ATM' })).toBeVisible()
    await expect(main.getByRole('heading', { name: 'Price Match + Rewards' })).toBeVisible()
    await expect(main.getByText('A medical card is required for every visit.', { exact: true })).toBeVisible()
    await expect(main.getByRole('link', { name: 'View Deals' })).toHaveAttribute('href', '/deals')
  })

  test('testimonials link to the reviews page', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'What our patients say' })).toBeVisible()
    await expect(page.getByRole('figure').filter({ hasText: '★★★★★' })).toHaveCount(3)
    await expect(page.getByRole('link', { name: 'Read All Reviews' })).toHaveAttribute('href', '/reviews')
  })

  test('latest posts show up to three published posts, or nothing at all', async ({ page }) => {
    const db = e2eDatabase()
    const visible = db
      .prepare(
        "SELECT slug FROM posts WHERE status = 'published' AND published_at IS NOT NULL AND published_at <= ? ORDER BY published_at DESC, id DESC LIMIT 3",
      )
      .all(new Date().toISOString()) as { slug: string }[]
    db.close()
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Latest Posts' })
    if (visible.length === 0) {
      await expect(section).toHaveCount(0)
      return
    }
    const links = section.getByRole('heading', { level: 3 }).getByRole('link')
    await expect(links).toHaveCount(visible.length)
    for (let i = 0; i < visible.length; i++)
      await expect(links.nth(i)).toHaveAttribute('href', `/blog/${visible[i].slug}`)
  })

  test('the brands carousel shows the featured logos, links and scrolls to the menu', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()))
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Featured brands', exact: true })
    // Further down the page, the carousel is a plain row until the visitor gets near it.
    await page.waitForLoadState('networkidle')
    expect(scripts.some((url) => /embla/.test(url))).toBe(false)
    await carousel.scrollIntoViewIfNeeded()
    const featured = await carousel.getByRole('group').count()
    expect(featured).toBeGreaterThan(5)
    await expect(carousel.getByRole('img')).toHaveCount(featured)
    await expect(carousel.getByRole('img', { name: 'Prairie Gold logo' })).toHaveAttribute(
      'src',
      /^\/brands\/prairie-gold\.svg\?v=[\w-]+$/,
    )
    await expect(page.getByRole('link', { name: /^View All/ })).toHaveAttribute('href', '/brands')
    await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeVisible()
    await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeVisible()
    await page.getByRole('link', { name: 'Shop All Brands' }).click()
    await expect(page).toHaveURL(/#menu$/)
    await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeInViewport()
  })

  test('the brands carousel autoplays, and the pause button stops it', async ({ page }) => {
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Featured brands', exact: true })
    await carousel.scrollIntoViewIfNeeded()
    await expect(carousel.getByRole('button', { name: 'Pause featured brands' })).toBeVisible()
    const first = await currentSlide(carousel)
    await expect.poll(() => currentSlide(carousel), { timeout: 6000 }).not.toBe(first)
    await carousel.getByRole('button', { name: 'Pause featured brands' }).click()
    await expect(carousel.getByRole('button', { name: 'Play featured brands' })).toBeVisible()
    const paused = await currentSlide(carousel)
    await page.waitForTimeout(5000)
    expect(await currentSlide(carousel)).toBe(paused)
    await carousel.getByRole('button', { name: 'Next slide' }).click()
    await expect.poll(() => currentSlide(carousel)).not.toBe(paused)
  })

  test('the brands carousel does not autoplay with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Featured brands', exact: true })
    await carousel.scrollIntoViewIfNeeded()
    await expect(carousel.getByRole('button', { name: 'Play featured brands' })).toBeVisible()
    const first = await currentSlide(carousel)
    expect(first).toBe('Go to slide 1')
    await page.waitForTimeout(5000)
    expect(await currentSlide(carousel)).toBe(first)
  })
})

test.describe('home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the FAQ opens one answer at a time and closes again', async ({ page }) => {
    await page.goto('/')
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' })
    const hours = faq.getByText('What are your hours?')
    const card = faq.getByText('Do I need a medical card?')
    const hoursAnswer = faq.getByText(
      /Lindsey Street Cannabis Co. at 530 West Lindsey Street is open 9 AM – 10 PM daily. Our partner store Blue Water at 112 West Main Street is open Sun–Thu 9 AM – 10 PM, Fri–Sat 9 AM – 12 AM/,
    )
    const cardAnswer = faq.getByText(/a medical card is required for every visit/)
    await expect(hoursAnswer).toBeHidden()
    await hours.click()
    await expect(hoursAnswer).toBeVisible()
    await card.click()
    await expect(cardAnswer).toBeVisible()
    await expect(hoursAnswer).toBeHidden()
    await card.click()
    await expect(cardAnswer).toBeHidden()
    for (const text of [
      'cash only',
      'ATM on site',
      '15% off their entire purchase',
      'cannot be combined with other promotions',
      'price match against local dispensaries',
      'loyalty points',
      'pick it up curbside',
      'over 1,000 products',
    ]) {
      await expect(faq).toContainText(text)
    }
  })

  test('the brands carousel is a plain scrollable row', async ({ page }) => {
    const row = page.getByRole('region', { name: 'Featured brands (scroll sideways)' })
    // Every featured brand, no other.
    await featuredOnPage(page, () => row.getByRole('img').count())
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    await expect(page.getByRole('button', { name: 'Next slide' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Shop All Brands' })).toHaveAttribute('href', '#menu')
  })
})
