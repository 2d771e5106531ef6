import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { expect, test } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { type PrivateServer, startServer } from './support/server'
import { e2eDatabase } from './support/session'

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'America/Chicago' }).format(new Date())
const TEXT_ONLY = `Text-only special ${Date.now().toString(36)}`
let server: PrivateServer

// A server of its own with the demo deals and one text-only deal: slides other tests add meanwhile
// (some with long words) would change the carousel's height.
test.beforeAll(async () => {
  server = await startServer({ env: { DEMO_CONTENT: '1' } })
  const db = e2eDatabase(server.databasePath)
  try {
    db.prepare(
      'INSERT INTO deals_slides (title, description, image_url, start_date, end_date, is_active, sort_order) VALUES (?, ?, NULL, NULL, NULL, 1, 25)',
    ).run(TEXT_ONLY, 'Ask at the counter for this week’s bundle. Medical card required.')
  } finally {
    db.close()
  }
})
test.afterAll(() => server?.stop())

test('the demo deal artwork carries no words of its own', () => {
  const dir = join(process.cwd(), 'public', 'images', 'deals')
  const files = readdirSync(dir).filter((f) => f.endsWith('.svg'))
  expect(files.length).toBeGreaterThanOrEqual(7)
  for (const file of files) expect(readFileSync(join(dir, file), 'utf8'), file).not.toMatch(/<text\b/)
})

for (const width of [390, 1280]) {
  test.describe(`deal slides at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('every slide prints its title and description as page text that fits and reads', async ({ page, context }) => {
      await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
      await page.goto(`${server.url}/deals`)
      const carousel = page.getByRole('region', { name: `${MONTH} specials`, exact: true })
      const slides = carousel.getByRole('group')
      const count = await slides.count()
      expect(count).toBeGreaterThan(3)
      for (let i = 0; i < count; i++) {
        const slide = slides.nth(i)
        const title = slide.getByRole('heading', { level: 3 })
        await expect(title).toHaveCount(1)
        const measures = await slide.evaluate((el) => {
          const heading = el.querySelector('h3')!
          const text = el.querySelector('h3 + p')
          const box = el.getBoundingClientRect()
          const headingBox = heading.getBoundingClientRect()
          return {
            slideWidth: box.width,
            headingRight: headingBox.right - box.left,
            headingOverflows: heading.scrollWidth > heading.clientWidth + 1,
            titlePx: parseFloat(getComputedStyle(heading).fontSize),
            textPx: text ? parseFloat(getComputedStyle(text).fontSize) : 16,
            slideHeight: box.height,
            img: !!el.querySelector('img'),
          }
        })
        expect(measures.headingOverflows).toBe(false)
        expect(measures.headingRight).toBeLessThanOrEqual(measures.slideWidth)
        expect(measures.titlePx).toBeGreaterThanOrEqual(24)
        expect(measures.textPx).toBeGreaterThanOrEqual(16)
        if (!measures.img) {
          // The text-only slide: large type, and no tall empty card.
          expect(measures.titlePx).toBeGreaterThanOrEqual(30)
          expect(measures.slideHeight).toBeLessThan(width < 600 ? 640 : 460)
        }
      }
      await carousel.scrollIntoViewIfNeeded()
      await page.screenshot({ path: screenshotPath(`deal-slide-${width}.png`), fullPage: false })
      // The text-only slide, brought into view.
      const textOnly = slides.filter({ hasText: TEXT_ONLY })
      await expect(textOnly.locator('img')).toHaveCount(0)
      const dots = carousel.getByRole('button', { name: /^Go to slide / })
      const index = await slides.evaluateAll(
        (all, title) => all.findIndex((s) => s.textContent?.includes(title)),
        TEXT_ONLY,
      )
      if ((await dots.count()) > index) await dots.nth(index).click()
      await expect(textOnly).toBeInViewport()
      await page.waitForTimeout(600)
      await page.screenshot({ path: screenshotPath(`deal-slide-text-only-${width}.png`) })
    })
  })
}
