import type { Locator } from '@playwright/test'

import { expect, test } from './fixtures'
import { e2eDatabase } from './support/session'

// These tests add slides of their own (and remove them afterwards); they run one after another.
test.describe.configure({ mode: 'serial' })

const MONTH = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', month: 'long' }).format(new Date())
const TODAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date())
const CAROUSEL = `${MONTH} specials`
const TAG = `E2E ${Date.now().toString(36)}`
const LIVE = [`${TAG} Flower Friday`, `${TAG} Edibles Week`, `${TAG} Vape Days`]

type Row = Record<string, unknown>
let added: number[] = []

const slide = (title: string, extra: Partial<Row> = {}): Row => ({
  title,
  description: 'All month long',
  image_url: '/images/deals/first-visit.svg',
  start_date: null,
  end_date: null,
  is_active: 1,
  sort_order: -1000,
  ...extra,
})

test.beforeAll(() => {
  const db = e2eDatabase()
  try {
    const insert = db.prepare(
      'INSERT INTO deals_slides (title, description, image_url, start_date, end_date, is_active, sort_order) VALUES (@title, @description, @image_url, @start_date, @end_date, @is_active, @sort_order)',
    )
    // Sorted before any other slide, so they are the first three of the carousel.
    const rows = [
      slide(LIVE[0], { sort_order: -1003 }),
      slide(LIVE[1], { sort_order: -1002, start_date: TODAY, end_date: TODAY }),
      slide(LIVE[2], { sort_order: -1001 }),
      slide(`${TAG} Hidden Inactive Deal`, { is_active: 0 }),
      slide(`${TAG} Hidden Expired Deal`, { end_date: '2020-01-31' }),
      slide(`${TAG} Hidden Future Deal`, { start_date: '2999-01-01' }),
    ]
    added = rows.map((row) => Number(insert.run(row).lastInsertRowid))
  } finally {
    db.close()
  }
})

test.afterAll(() => {
  const db = e2eDatabase()
  try {
    const remove = db.prepare('DELETE FROM deals_slides WHERE id = ?')
    for (const id of added) remove.run(id)
  } finally {
    db.close()
  }
})

async function currentSlide(carousel: Locator): Promise<string | null> {
  return carousel.locator('button[aria-current="true"]').getAttribute('aria-label')
}

test('shows the three promo cards and links to the home menu', async ({ page }) => {
  await page.goto('/deals')
  await expect(page).toHaveTitle(/Deals/)
  const main = page.getByRole('main')
  const cards = main.getByRole('region', { name: 'Everyday deals' })
  await expect(cards.getByRole('heading')).toHaveText([
    '15% Off First-Time Visits',
    'Best Loyalty Program Statewide',
    'Penny Preroll for a 5-Star Review',
  ])
  await expect(cards.getByText(/15% off their entire purchase on their first visit/)).toBeVisible()
  await expect(cards.getByText(/points on every purchase/)).toBeVisible()
  await expect(cards.getByText(/5-star review on Google or a cannabis listing service/)).toContainText('checkout')
  await expect(main.getByRole('link', { name: 'Shop These Deals' })).toHaveAttribute('href', '/#menu')
  await main.getByRole('link', { name: 'Shop These Deals' }).click()
  await expect(page).toHaveURL(/\/#menu$/)
  await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeInViewport()
})

test('a patient who reads the deals page to its end and taps Shop These Deals lands on the menu, even when the home page loads its lower sections slowly', async ({
  page,
}) => {
  // On this screen the home page's first part (hero and menu) is shorter than the
  // distance the patient has scrolled down the deals page.
  await page.setViewportSize({ width: 1280, height: 900 })
  // The home page's lower sections come as their own script; on a slow phone it arrives late.
  await page.route(/\/assets\/HomeSections-[\w-]+\.js$/, async (route) => {
    await new Promise((wait) => setTimeout(wait, 1500))
    await route.continue()
  })
  await page.goto('/deals')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await page.getByRole('main').getByRole('link', { name: 'Shop These Deals' }).click()
  await expect(page).toHaveURL(/\/#menu$/)
  await expect(page.getByRole('heading', { name: 'Over 1,000 products under one roof' })).toBeAttached()
  await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeInViewport()
})

test('the monthly carousel shows only live slides in order', async ({ page }) => {
  await page.goto('/deals')
  await expect(page.getByRole('heading', { name: `${MONTH} Specials` })).toBeVisible()
  const carousel = page.getByRole('region', { name: CAROUSEL, exact: true })
  const headings = carousel.getByRole('group').getByRole('heading')
  expect((await headings.allTextContents()).slice(0, 3)).toEqual(LIVE)
  // The picture is decoration: the slide's words are page text beside it.
  await expect(carousel.getByRole('group').first().locator('img')).toHaveAttribute('width', '1200')
  await expect(carousel.getByRole('group').first().locator('img')).toHaveAttribute('alt', '')
  await expect(page.getByText(`${TAG} Hidden`)).toHaveCount(0)
  const count = await carousel.getByRole('group').count()
  await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeVisible()
  await carousel.getByRole('button', { name: 'Next slide' }).click()
  await expect.poll(() => currentSlide(carousel)).toBe('Go to slide 2')
  await carousel.getByRole('button', { name: 'Previous slide' }).click()
  await carousel.getByRole('button', { name: 'Previous slide' }).click()
  // It loops: before the first slide comes the last.
  await expect.poll(() => currentSlide(carousel)).toBe(`Go to slide ${count}`)
})

test('autoplays every 6 seconds and the pause button stops it', async ({ page }) => {
  await page.goto('/deals')
  const carousel = page.getByRole('region', { name: CAROUSEL, exact: true })
  const pause = carousel.getByRole('button', { name: `Pause ${CAROUSEL.toLowerCase()}` })
  await expect(pause).toBeVisible()
  // The page notes when each slide becomes the current one, by its own clock, so
  // the rhythm is measured where it happens: a busy machine may make a timer
  // late, never early, and a test that polls from outside would add its own delay.
  await carousel.evaluate((region) => {
    const seen: { slide: string; at: number }[] = []
    Object.assign(window, { slidesSeen: seen })
    const note = () => {
      const slide = region.querySelector('button[aria-current="true"]')?.getAttribute('aria-label') ?? ''
      if (slide !== seen.at(-1)?.slide) seen.push({ slide, at: performance.now() })
    }
    note()
    new MutationObserver(note).observe(region, { subtree: true, attributes: true, attributeFilter: ['aria-current'] })
  })
  const seen = () =>
    page.evaluate(() => (window as unknown as { slidesSeen: { slide: string; at: number }[] }).slidesSeen)
  await expect.poll(async () => (await seen()).length).toBeGreaterThanOrEqual(3)
  const [first, second, third] = await seen()
  expect([first.slide, second.slide, third.slide]).toEqual(['Go to slide 1', 'Go to slide 2', 'Go to slide 3'])
  // Six seconds a slide: not sooner (timers are never early), and not so late that it reads as stuck.
  expect(third.at - second.at).toBeGreaterThanOrEqual(5_900)
  expect(third.at - second.at).toBeLessThan(12_000)

  await pause.click()
  await expect(carousel.getByRole('button', { name: `Play ${CAROUSEL.toLowerCase()}` })).toBeVisible()
  const paused = await currentSlide(carousel)
  await page.waitForTimeout(7000)
  expect(await currentSlide(carousel)).toBe(paused)
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
    expect((await row.getByRole('heading').allTextContents()).slice(0, 3)).toEqual(LIVE)
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    await expect(page.getByRole('button', { name: 'Next slide' })).toHaveCount(0)
  })
})

test('shows a friendly message when no special is live', async ({ page }) => {
  // Briefly switch off every live slide (only this short test), then restore exactly those.
  const db = e2eDatabase()
  const live = (
    db
      .prepare(
        'SELECT id FROM deals_slides WHERE is_active = 1 AND (start_date IS NULL OR start_date <= ?) AND (end_date IS NULL OR end_date >= ?)',
      )
      .all(TODAY, TODAY) as { id: number }[]
  ).map((r) => r.id)
  const setActive = db.prepare('UPDATE deals_slides SET is_active = ? WHERE id = ?')
  try {
    for (const id of live) setActive.run(0, id)
    await page.goto('/deals')
  } finally {
    for (const id of live) setActive.run(1, id)
    db.close()
  }
  await expect(page.getByRole('heading', { name: `${MONTH} Specials` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'New specials are on the way' })).toBeVisible()
  await expect(page.getByRole('region', { name: CAROUSEL, exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Shop These Deals' })).toBeVisible()
})
