import { expect, test } from './fixtures'
import { ownerPage, usePrivateDemoServer, visitorPage } from './support/server'
import { e2eDatabase, signIn } from './support/session'

/** A real 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

interface BrandRow {
  name: string
  logo_url: string
  is_featured: number
  sort_order: number
}

function brands(databasePath: string): BrandRow[] {
  const db = e2eDatabase(databasePath)
  try {
    return db
      .prepare('SELECT name, logo_url, is_featured, sort_order FROM brands ORDER BY sort_order, name, id')
      .all() as BrandRow[]
  } finally {
    db.close()
  }
}

/**
 * Featured brands lead the brands grid and make up the home carousel, in their
 * sort order, with the logo staff uploaded. A private server, so the other
 * tests keep the demo brands.
 */
test.describe('featured brands', () => {
  const server = usePrivateDemoServer()

  test('a brand staff feature with an uploaded logo leads /brands and joins the home carousel', async ({ browser }) => {
    const staff = await ownerPage(browser, server, { javaScriptEnabled: false })

    // Staff add a featured brand with an uploaded logo, sorted first ...
    await staff.goto('/admin/brands/new')
    await staff.getByLabel('Name').fill('Zephyr Gardens')
    await staff
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await staff.getByLabel('Sort order').fill('1')
    await expect(staff.getByLabel('Featured')).toBeChecked()
    await staff.getByRole('button', { name: 'Create Brand' }).click()
    await expect(staff.getByText('Brand created successfully')).toBeVisible()
    // ... and take the feature off one of the demo brands.
    const unfeatured = 'Prairie Gold'
    const db = e2eDatabase(server.databasePath)
    const prairieId = (db.prepare('SELECT id FROM brands WHERE name = ?').get(unfeatured) as { id: number }).id
    db.close()
    await staff.goto(`/admin/brands/${prairieId}/edit`)
    await staff.getByLabel('Featured').uncheck()
    await staff.getByRole('button', { name: 'Update Brand' }).click()
    await expect(staff.getByText('Brand updated successfully')).toBeVisible()
    await staff.context().close()

    const rows = brands(server.databasePath)
    const featured = rows.filter((b) => b.is_featured === 1)
    const others = rows.filter((b) => b.is_featured === 0)
    expect(featured[0].name).toBe('Zephyr Gardens')
    expect(featured[0].logo_url).toMatch(/^\/uploads\/brands\/[0-9a-f-]{36}\.png$/)
    expect(others.map((b) => b.name)).toContain(unfeatured)

    const page = await visitorPage(browser, server)

    // /brands: every featured brand first, marked, in sort order; then the rest.
    await page.goto('/brands')
    const grid = page.getByRole('list', { name: 'Brands' })
    const names = await grid.getByRole('listitem').evaluateAll((items) =>
      items.map(
        (item) =>
          item
            .querySelector('img')
            ?.getAttribute('alt')
            ?.replace(/ logo$/, '') ?? '',
      ),
    )
    expect(names).toEqual([...featured, ...others].map((b) => b.name))
    const first = grid.getByRole('listitem').first()
    await expect(first).toContainText('Featured')
    await expect(first.getByRole('img', { name: 'Zephyr Gardens logo' })).toHaveAttribute('src', featured[0].logo_url)
    await expect(grid.getByRole('listitem').filter({ hasText: unfeatured })).not.toContainText('Featured')

    // Home: the carousel holds exactly the featured brands, in sort order, with their logos.
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Featured brands', exact: true })
    await carousel.scrollIntoViewIfNeeded()
    const logos = carousel.getByRole('img')
    await expect(logos).toHaveCount(featured.length)
    expect(await logos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))).toEqual(
      featured.map((b) => `${b.name} logo`),
    )
    await expect(carousel.getByRole('img', { name: 'Zephyr Gardens logo' })).toHaveAttribute(
      'src',
      featured[0].logo_url,
    )
    await expect(carousel.getByRole('img', { name: `${unfeatured} logo` })).toHaveCount(0)
    await page.context().close()
  })
})

test.describe('the admin brands list on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('Edit and Delete are 44 px targets with room between them', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!)
    await page.goto('/admin/brands')
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Sooner Leaf', exact: true }) })
    const edit = await row.getByRole('link', { name: 'Edit Sooner Leaf' }).boundingBox()
    const remove = await row.getByRole('button', { name: 'Delete Sooner Leaf' }).boundingBox()
    expect(edit && remove).toBeTruthy()
    for (const box of [edit!, remove!]) {
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.width).toBeGreaterThanOrEqual(44)
    }
    // Side by side on one line, at least 8 px apart.
    expect(Math.abs(edit!.y - remove!.y)).toBeLessThan(2)
    expect(remove!.x - (edit!.x + edit!.width)).toBeGreaterThanOrEqual(8)
    await page.screenshot({ path: 'test-results/admin-brands-390.png' })
  })
})
