import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { e2eDatabase } from './support/session'

// These tests change the deals_slides table; they run one after another.
test.describe.configure({ mode: 'serial' })

const MONTH = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', month: 'long' }).format(new Date())
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
const CAROUSEL = `${MONTH} specials`

type Row = Record<string, unknown>
let saved: Row[] = []

function replaceSlides(rows: Row[]) {
  const db = e2eDatabase()
  try {
    db.transaction(() => {
      db.prepare('DELETE FROM deals_slides').run()
      const insert = db.prepare(
        'INSERT INTO deals_slides (title, description, image_url, start_date, end_date, is_active, sort_order) VALUES (@title, @description, @image_url, @start_date, @end_date, @is_active, @sort_order)',
      )
      for (const row of rows) insert.run(row)
    })()
  } finally {
    db.close()
  }
}

const slide = (title: string, extra: Partial<Row> = {}): Row => ({
  title,
  description: `${title} all month long`,
  image_url: '/images/deals/first-visit.svg',
  start_date: null,
  end_date: null,
  is_active: 1,
  sort_order: 0,
  ...extra,
})

test.beforeAll(() => {
  const db = e2eDatabase()
  saved = db.prepare('SELECT title, description, image_url, start_date, end_date, is_active, sort_order FROM deals_slides').all() as Row[]
  db.close()
  replaceSlides([
    slide('Flower Friday', { sort_order: 1 }),
    slide('Edibles Week', { sort_order: 2, start_date: TODAY, end_date: TODAY }),
    slide('Vape Days', { sort_order: 3 }),
    slide('Hidden Inactive Deal', { is_active: 0 }),
    slide('Hidden Expired Deal', { end_date: '2020-01-31' }),
    slide('Hidden Future Deal', { start_date: '2999-01-01' }),
  ])
})

test.afterAll(() => replaceSlides(saved))

async function currentSlide(carousel: Locator): Promise<string | null> {
  return carousel.locator('button[aria-current="true"]').getAttribute('aria-label')
}

test('shows the three promo cards and links to the home menu', async ({ page }) => {
  await page.goto('/deals')
  await expect(page).toHaveTitle(/Deals/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: '15% Off First-Time Visits' })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Best Loyalty Program Statewide' })).toBeVisible()
  await expect(main.getByText(/points on every purchase/)).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Penny Preroll for a 5-Star Review' })).toBeVisible()
  await expect(main.getByText(/5-star review on Google or a cannabis listing service/)).toContainText('checkout')
  await expect(main.getByRole('link', { name: 'Shop These Deals' })).toHaveAttribute('href', '/#menu')
  await main.getByRole('link', { name: 'Shop These Deals' }).click()
  await expect(page).toHaveURL(/\/#menu$/)
  await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeInViewport()
})

test('the monthly carousel shows only live slides in order', async ({ page }) => {
  await page.goto('/deals')
  await expect(page.getByRole('heading', { name: `${MONTH} Specials` })).toBeVisible()
  const carousel = page.getByRole('region', { name: CAROUSEL, exact: true })
  await expect(carousel.getByRole('group').getByRole('heading')).toHaveText(['Flower Friday', 'Edibles Week', 'Vape Days'])
  await expect(carousel.getByRole('img', { name: /^Flower Friday/ })).toHaveAttribute('width', '1200')
  await expect(page.getByText(/Hidden/)).toHaveCount(0)
  await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeVisible()
  await carousel.getByRole('button', { name: 'Next slide' }).click()
  await expect.poll(() => currentSlide(carousel)).toBe('Go to slide 2')
  await carousel.getByRole('button', { name: 'Previous slide' }).click()
  await carousel.getByRole('button', { name: 'Previous slide' }).click()
  await expect.poll(() => currentSlide(carousel)).toBe('Go to slide 3')
})

test('autoplays every 6 seconds and the pause button stops it', async ({ page }) => {
  await page.goto('/deals')
  const carousel = page.getByRole('region', { name: CAROUSEL, exact: true })
  const pause = carousel.getByRole('button', { name: `Pause ${CAROUSEL.toLowerCase()}` })
  await expect(pause).toBeVisible()
  expect(await currentSlide(carousel)).toBe('Go to slide 1')
  await page.waitForTimeout(4500)
  expect(await currentSlide(carousel)).toBe('Go to slide 1')
  await expect.poll(() => currentSlide(carousel), { timeout: 4000 }).toBe('Go to slide 2')
  await pause.click()
  await expect(carousel.getByRole('button', { name: `Play ${CAROUSEL.toLowerCase()}` })).toBeVisible()
  await page.waitForTimeout(7000)
  expect(await currentSlide(carousel)).toBe('Go to slide 2')
})

test('does not autoplay with reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/deals')
  const carousel = page.getByRole('region', { name: CAROUSEL, exact: true })
  await expect(carousel.getByRole('button', { name: `Play ${CAROUSEL.toLowerCase()}` })).toBeVisible()
  await page.waitForTimeout(7000)
  expect(await currentSlide(carousel)).toBe('Go to slide 1')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the specials are a plain scrollable row', async ({ page }) => {
    await page.goto('/deals')
    const row = page.getByRole('region', { name: `${CAROUSEL} (scroll sideways)` })
    await expect(row.getByRole('heading')).toHaveText(['Flower Friday', 'Edibles Week', 'Vape Days'])
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    await expect(page.getByRole('button', { name: 'Next slide' })).toHaveCount(0)
  })
})

test('shows a friendly message when no special is live', async ({ page }) => {
  replaceSlides([slide('Hidden Inactive Deal', { is_active: 0 })])
  await page.goto('/deals')
  await expect(page.getByRole('heading', { name: `${MONTH} Specials` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'New specials are on the way' })).toBeVisible()
  await expect(page.getByRole('region', { name: CAROUSEL, exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Shop These Deals' })).toBeVisible()
})
