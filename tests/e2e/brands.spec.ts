import { randomUUID } from 'node:crypto'

import { expect, test } from './fixtures'
import { e2eDatabase } from './support/session'

/** Adds brands with a unique word so parallel tests and seeded brands never interfere. */
function addBrands(rows: { name: string; site_url?: string | null; sort_order?: number }[]) {
  const db = e2eDatabase()
  try {
    const insert = db.prepare('INSERT INTO brands (name, logo_url, site_url, sort_order) VALUES (?, ?, ?, ?)')
    for (const row of rows) insert.run(row.name, '/brands/prairie-gold.svg', row.site_url ?? null, row.sort_order ?? 0)
  } finally {
    db.close()
  }
}

function uniqueWord() {
  return `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`
}

test.describe('the brands page', () => {
  test('lists brands by sort order then name, linking logos to their websites', async ({ page }) => {
    const word = uniqueWord()
    addBrands([
      { name: `${word} Bravo`, sort_order: 900, site_url: 'https://example.com/bravo' },
      { name: `${word} Alpha`, sort_order: 900 },
      { name: `${word} Charlie`, sort_order: 899 },
    ])
    const response = await page.goto(`/brands?q=${word}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Our Brands' })).toBeVisible()
    const items = page.getByRole('list', { name: 'Brands' }).getByRole('listitem')
    await expect(items).toHaveText([
      new RegExp(`${word} Charlie`),
      new RegExp(`${word} Alpha`),
      new RegExp(`${word} Bravo`),
    ])

    const linked = page.getByRole('link', { name: new RegExp(`${word} Bravo`) })
    await expect(linked).toHaveAttribute('href', 'https://example.com/bravo')
    await expect(linked).toHaveAttribute('target', '_blank')
    await expect(linked).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(page.getByRole('img', { name: `${word} Alpha logo` })).toHaveAttribute('width', '240')
    await expect(page.getByRole('link', { name: new RegExp(`${word} Alpha`) })).toHaveCount(0)
  })

  test('filters as you type, case-insensitively, and says when nothing matches', async ({ page }) => {
    const word = uniqueWord()
    addBrands([{ name: `${word} Sunflower Farms` }, { name: `${word} Cedar Labs` }])
    await page.goto('/brands')
    const search = page.getByLabel('Search brands')
    await search.fill(`${word} sunFLOWER`.toLowerCase())
    await expect(page).toHaveURL(/[?&]q=/)
    const items = page.getByRole('list', { name: 'Brands' }).getByRole('listitem')
    await expect(items).toHaveCount(1)
    await expect(items).toHaveText(new RegExp(`${word} Sunflower Farms`))

    await search.fill(`${word} nothing like this`)
    await expect(page.getByText('No brands found matching your search.')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Brands' })).toHaveCount(0)
  })

  test('never fails on odd or very long search text', async ({ page, request }) => {
    for (const q of ['%', '_', '\\', "' OR 1=1 --", '%E0%A4%A', 'a'.repeat(5000), '<script>alert(1)</script>']) {
      const response = await request.get(`/brands?q=${encodeURIComponent(q)}`)
      expect(response.status(), q.slice(0, 20)).toBe(200)
    }
    const raw = await request.get('/brands?q=%E0%A4%A&q=%')
    expect(raw.status()).toBe(200)
    await page.goto(`/brands?q=${encodeURIComponent('%_%')}`)
    await expect(page.getByText('No brands found matching your search.')).toBeVisible()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('searches through the form and the address', async ({ page }) => {
      const word = uniqueWord()
      addBrands([{ name: `${word} Prairie Rose` }, { name: `${word} Mesa Verde` }])
      await page.goto('/brands')
      await page.getByLabel('Search brands').fill(`${word} MESA`)
      await page.getByRole('button', { name: 'Search' }).click()
      await expect(page).toHaveURL(new RegExp(`q=${word}`))
      const items = page.getByRole('list', { name: 'Brands' }).getByRole('listitem')
      await expect(items).toHaveCount(1)
      await expect(items).toHaveText(new RegExp(`${word} Mesa Verde`))
      await expect(page.getByLabel('Search brands')).toHaveValue(`${word} MESA`)

      await page.getByLabel('Search brands').fill(`${word} zzz`)
      await page.getByRole('button', { name: 'Search' }).click()
      await expect(page.getByText('No brands found matching your search.')).toBeVisible()
    })
  })

  test('sets its own title and canonical link', async ({ page, baseURL }) => {
    await page.goto('/brands')
    await expect(page).toHaveTitle(/Brands/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/brands`)
  })
})
