import { randomUUID } from 'node:crypto'

import { expect, test } from './fixtures'
import { expectStoreRating } from './support/reviews'
import { startServer, visitorPage } from './support/server'
import { e2eDatabase } from './support/session'

const LONG_QUOTE =
  'The staff walked me through every option on the menu, answered all of my questions about dosing labels, and never made me feel rushed even though the line was long on a Friday.'

function addReviews(
  rows: { store: 'Lindsey' | 'BlueWater'; author: string; rating: number; quote: string; date: string }[],
) {
  const db = e2eDatabase()
  try {
    const insert = db.prepare(
      'INSERT INTO reviews (store, author, source, rating, quote, review_date) VALUES (?, ?, ?, ?, ?, ?)',
    )
    for (const r of rows) insert.run(r.store, r.author, 'Google', r.rating, r.quote, r.date)
  } finally {
    db.close()
  }
}

function uid() {
  return randomUUID().slice(0, 8)
}

function jsonLdOf(page: import('@playwright/test').Page) {
  return page
    .locator('main script[type="application/ld+json"]')
    .allTextContents()
    .then((blocks) => blocks.map((b) => JSON.parse(b)).find((v) => v['@type'] === 'LocalBusiness'))
}

test.describe('the reviews page', () => {
  test('shows the four highlight reviews with star ratings', async ({ page }) => {
    const response = await page.goto('/reviews')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/Reviews/)
    const highlights = page.getByRole('region', { name: 'Highlights' }).getByRole('listitem')
    await expect(highlights).toHaveCount(4)
    await expect(highlights.first().getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible()
  })

  test('lists the chosen store’s reviews newest first with their ratings', async ({ page }) => {
    const id = uid()
    addReviews([
      { store: 'Lindsey', author: `Older ${id}`, rating: 4, quote: 'Good prices and kind staff.', date: '2099-01-01' },
      {
        store: 'Lindsey',
        author: `Newer ${id}`,
        rating: 3,
        quote: 'Quick service at the counter.',
        date: '2099-02-01',
      },
      {
        store: 'BlueWater',
        author: `Other store ${id}`,
        rating: 5,
        quote: 'Open late on Fridays.',
        date: '2099-03-01',
      },
    ])
    await page.goto('/reviews')
    const panel = page.getByRole('tabpanel')
    const authors = await panel.getByRole('listitem').allTextContents()
    const newer = authors.findIndex((t) => t.includes(`Newer ${id}`))
    const older = authors.findIndex((t) => t.includes(`Older ${id}`))
    expect(newer).toBeGreaterThanOrEqual(0)
    expect(newer).toBeLessThan(older)
    await expect(panel.getByText(`Other store ${id}`)).toHaveCount(0)
    const newerCard = panel.getByRole('listitem').filter({ hasText: `Newer ${id}` })
    await expect(newerCard.getByRole('img', { name: 'Rated 3 out of 5' })).toBeVisible()
  })

  test('switches stores with tab links and falls back to Lindsey for an unknown store', async ({ page }) => {
    const id = uid()
    addReviews([
      { store: 'BlueWater', author: `Blue fan ${id}`, rating: 5, quote: 'Great late-night hours.', date: '2099-04-01' },
    ])
    await page.goto('/reviews')
    const tabs = page.getByRole('tablist', { name: 'Choose a store' })
    const lindseyTab = tabs.getByRole('tab', { name: 'Lindsey Street' })
    const blueTab = tabs.getByRole('tab', { name: 'Blue Water' })
    await expect(lindseyTab).toHaveAttribute('aria-selected', 'true')
    await expect(blueTab).toHaveAttribute('aria-selected', 'false')
    await expect(page.getByRole('tabpanel', { name: 'Lindsey Street' })).toBeVisible()

    // Arrow keys move between the tabs.
    await lindseyTab.focus()
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\?store=BlueWater$/)
    await expect(blueTab).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(page).toHaveURL(/\?store=Lindsey$/)
    await expect(lindseyTab).toHaveAttribute('aria-selected', 'true')

    await blueTab.click()
    await expect(page).toHaveURL(/\?store=BlueWater$/)
    await expect(blueTab).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'Blue Water' }).getByText(`Blue fan ${id}`)).toBeVisible()

    for (const bad of ['Nowhere', '', '%00', 'lindsey', 'x'.repeat(3000)]) {
      const response = await page.goto(`/reviews?store=${encodeURIComponent(bad)}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('tab', { name: 'Lindsey Street' })).toHaveAttribute('aria-selected', 'true')
    }
  })

  test('offers Write a Review and the listing service for each store, in new tabs', async ({ page }) => {
    await page.goto('/reviews?store=Lindsey')
    const write = page.getByRole('link', { name: /Write a Review/ })
    await expect(write).toHaveAttribute('href', /writereview\?placeid=lindsey-street-cannabis-co/)
    await expect(write).toHaveAttribute('target', '_blank')
    await expect(write).toHaveAttribute('rel', 'noopener noreferrer')
    const leafly = page.getByRole('link', { name: /View on Leafly/ })
    await expect(leafly).toHaveAttribute('href', /leafly\.com/)
    await expect(leafly).toHaveAttribute('target', '_blank')
    await expect(leafly).toHaveAttribute('rel', 'noopener noreferrer')

    await page.goto('/reviews?store=BlueWater')
    await expect(page.getByRole('link', { name: /Write a Review/ })).toHaveAttribute(
      'href',
      /placeid=blue-water-norman/,
    )
    const weedmaps = page.getByRole('link', { name: /View on Weedmaps/ })
    await expect(weedmaps).toHaveAttribute('href', /weedmaps\.com/)
    await expect(weedmaps).toHaveAttribute('target', '_blank')
  })

  test('shows each store’s overall rating with a link to its source, and the structured data states only that', async ({
    page,
  }) => {
    await page.goto('/reviews')
    const lindsey = page.getByRole('tabpanel', { name: 'Lindsey Street' })
    await expect(lindsey.getByText('4.9 out of 5 from 1,000 reviews on Leafly')).toBeVisible()
    const source = lindsey.getByRole('link', { name: /^Leafly/ })
    await expect(source).toHaveAttribute('href', /^https:\/\/www\.leafly\.com\/.+\/reviews$/)
    await expect(source).toHaveAttribute('target', '_blank')
    expect(await jsonLdOf(page)).toMatchObject({
      name: 'Lindsey Street Cannabis Co.',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.9, reviewCount: 1000 },
    })

    await page.goto('/reviews?store=BlueWater')
    const blueWater = page.getByRole('tabpanel', { name: 'Blue Water' })
    await expect(blueWater.getByText('4.9 out of 5 from 800 reviews on Weedmaps')).toBeVisible()
    await expect(blueWater.getByRole('link', { name: /^Weedmaps/ })).toHaveAttribute('href', /weedmaps\.com/)
    expect(await jsonLdOf(page)).toMatchObject({
      name: 'Blue Water',
      aggregateRating: { ratingValue: 4.9, reviewCount: 800 },
    })
    // No figure the page does not show.
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ')
    expect(text).not.toMatch(/Thousands/)
  })

  test('the rating follows the store settings, and without reviews there is no rating at all', async ({ browser }) => {
    const server = await startServer()
    try {
      const db = e2eDatabase(server.databasePath)
      try {
        const row = db.prepare('SELECT data FROM settings WHERE id = 1').get() as { data: string }
        const settings = JSON.parse(row.data)
        Object.assign(settings.stores.Lindsey, {
          rating: 4.6,
          review_count: 321,
          rating_source_url: 'https://www.google.com/maps/place/lindsey-street/reviews',
        })
        Object.assign(settings.stores.BlueWater, { review_count: 0 })
        db.prepare('UPDATE settings SET data = ? WHERE id = 1').run(JSON.stringify(settings))
      } finally {
        db.close()
      }
      const page = await visitorPage(browser, server)
      await page.goto('/reviews')
      await expectStoreRating(page, 'Lindsey Street', {
        says: '4.6 out of 5 from 321 reviews on Google',
        source: 'https://www.google.com/maps/place/lindsey-street/reviews',
      })
      expect(await jsonLdOf(page)).toMatchObject({ aggregateRating: { ratingValue: 4.6, reviewCount: 321 } })

      await page.goto('/reviews?store=BlueWater')
      await expect(page.getByRole('tabpanel', { name: 'Blue Water' }).getByText(/out of 5 from/)).toHaveCount(0)
      expect(await jsonLdOf(page)).not.toHaveProperty('aggregateRating')
      await page.context().close()
    } finally {
      await server.stop()
    }
  })

  test('cuts a long quote at 150 characters with Read more and Show less', async ({ page }) => {
    const id = uid()
    addReviews([{ store: 'Lindsey', author: `Long ${id}`, rating: 5, quote: LONG_QUOTE, date: '2099-05-01' }])
    await page.goto('/reviews')
    const card = page
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({ hasText: `Long ${id}` })
    await expect(card.getByText(`“${LONG_QUOTE.slice(0, 150)}…”`)).toBeVisible()
    await expect(card.getByText(`“${LONG_QUOTE}”`)).toBeHidden()
    await card.getByText('Read more').click()
    await expect(card.getByText(`“${LONG_QUOTE}”`)).toBeVisible()
    await expect(card.getByText(`“${LONG_QUOTE.slice(0, 150)}…”`)).toBeHidden()
    await card.getByText('Show less').click()
    await expect(card.getByText(`“${LONG_QUOTE.slice(0, 150)}…”`)).toBeVisible()
    await expect(card.getByText('Read more')).toBeVisible()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('tabs and Read more still work', async ({ page }) => {
      const id = uid()
      addReviews([{ store: 'BlueWater', author: `NoJS ${id}`, rating: 4, quote: LONG_QUOTE, date: '2099-06-01' }])
      await page.goto('/reviews')
      await page.getByRole('tab', { name: 'Blue Water' }).click()
      await expect(page).toHaveURL(/\?store=BlueWater$/)
      await expect(page.getByRole('tab', { name: 'Blue Water' })).toHaveAttribute('aria-selected', 'true')
      const card = page
        .getByRole('tabpanel')
        .getByRole('listitem')
        .filter({ hasText: `NoJS ${id}` })
      await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
      await expect(card.getByText(`“${LONG_QUOTE}”`)).toBeHidden()
      await card.getByText('Read more').click()
      await expect(card.getByText(`“${LONG_QUOTE}”`)).toBeVisible()
      await card.getByText('Show less').click()
      await expect(card.getByText(`“${LONG_QUOTE}”`)).toBeHidden()
    })
  })
})
