import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { e2eDatabase, signIn } from './support/session'

/** A real 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const QUESTION = 'Are you sure you want to delete this deal?'

function unique(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
}

interface DealRow {
  id: number
  title: string
  description: string | null
  image_url: string | null
  start_date: string | null
  end_date: string | null
  is_active: number
  sort_order: number
}

function insertDeal(title: string, extra: Partial<Omit<DealRow, 'id' | 'title'>> = {}) {
  const db = e2eDatabase()
  try {
    const info = db
      .prepare(
        'INSERT INTO deals_slides (title, description, image_url, start_date, end_date, is_active, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        title,
        extra.description ?? null,
        extra.image_url ?? null,
        extra.start_date ?? null,
        extra.end_date ?? null,
        extra.is_active ?? 1,
        extra.sort_order ?? 900,
      )
    return Number(info.lastInsertRowid)
  } finally {
    db.close()
  }
}

/** The slide in use by that title (a deleted one waits in the Trash, out of use). */
function dealRow(title: string) {
  const db = e2eDatabase()
  try {
    return db.prepare('SELECT * FROM deals_slides WHERE title = ? AND deleted_at IS NULL').get(title) as
      DealRow | undefined
  } finally {
    db.close()
  }
}

function deleteDealRow(id: number) {
  const db = e2eDatabase()
  try {
    db.prepare('DELETE FROM deals_slides WHERE id = ?').run(id)
  } finally {
    db.close()
  }
}

function row(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) })
}

test.describe('admin deals with JavaScript', () => {
  test.use({ signedIn: true })

  test('adds a deal with an uploaded image, then serves the image with long-lived caching', async ({ page }) => {
    const title = unique('Friday Flower')
    await page.goto('/admin/deals')
    await page.getByRole('link', { name: 'Add Deal' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Deal' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Active')).toBeChecked()

    await dialog.getByLabel('Title').fill(title)
    await dialog.getByLabel('Description').fill('Ten percent off every eighth on Fridays.')
    await dialog
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: PNG_1X1 })
    const preview = dialog.getByRole('img', { name: 'Preview of the chosen image' })
    await expect(preview).toBeVisible()
    await expect(page.getByText('Image uploaded successfully')).toBeVisible()
    const urlInput = dialog.getByLabel('Image URL')
    await expect(urlInput).toHaveValue(
      /^\/uploads\/deals\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/,
    )
    const imageUrl = await urlInput.inputValue()

    await dialog.getByLabel('Start date').fill('2026-01-01')
    await dialog.getByLabel('End date').fill('2099-12-31')
    await dialog.getByLabel('Sort order').fill('4')
    await dialog.getByRole('button', { name: 'Create Deal' }).click()
    await expect(page.getByText('Deal created successfully')).toBeVisible()
    await expect(dialog).toBeHidden()
    const created = row(page, title)
    await expect(created).toContainText('Active')
    await expect(created).toContainText('Jan 1, 2026')
    await expect(created).toContainText('Dec 31, 2099')
    expect(dealRow(title)).toMatchObject({ image_url: imageUrl, sort_order: 4, is_active: 1 })

    const served = await page.request.get(imageUrl)
    expect(served.status()).toBe(200)
    const headers = served.headers()
    expect(headers['content-type']).toBe('image/png')
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['etag']).toBeTruthy()
    // Stored decoded and encoded again, without metadata: a PNG still, of the length announced.
    const body = await served.body()
    expect(headers['content-length']).toBe(String(body.length))
    expect(body.subarray(0, 8)).toEqual(PNG_1X1.subarray(0, 8))
    const again = await page.request.get(imageUrl, { headers: { 'If-None-Match': headers['etag'] } })
    expect(again.status()).toBe(304)
  })

  test('refuses a text file named .png before saving', async ({ page }) => {
    await page.goto('/admin/deals')
    await page.getByRole('link', { name: 'Add Deal' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Deal' })
    await dialog.getByLabel('Upload an image').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are notes, not a picture.'),
    })
    await expect(page.getByRole('status').getByText('Only JPEG, PNG, WebP, and GIF images are allowed')).toBeVisible()
    await expect(dialog.getByLabel('Image URL')).toHaveValue('')
  })

  test('checks the dates and the title', async ({ page }) => {
    await page.goto('/admin/deals')
    await page.getByRole('link', { name: 'Add Deal' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Deal' })
    await dialog.getByLabel('Start date').fill('2026-12-10')
    await dialog.getByLabel('End date').fill('2026-12-01')
    await dialog.getByRole('button', { name: 'Create Deal' }).click()
    await expect(dialog.getByLabel('Title')).toHaveAccessibleDescription('Title is required')
    await expect(dialog.getByLabel('End date')).toHaveAccessibleDescription('End date cannot be before the start date')
  })

  test('edits a deal in the dialog and deletes it after the browser asks', async ({ page }) => {
    const title = unique('Edit Me')
    insertDeal(title, { start_date: '2026-01-01', end_date: '2099-01-01' })
    await page.goto('/admin/deals')
    await row(page, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Edit Deal' })
    await expect(dialog.getByLabel('Title')).toHaveValue(title)
    await dialog.getByLabel('Title').fill(`${title} Edited`)
    await dialog.getByLabel('Active').uncheck()
    await dialog.getByRole('button', { name: 'Update Deal' }).click()
    await expect(page.getByText('Deal updated successfully')).toBeVisible()
    const edited = row(page, `${title} Edited`)
    await expect(edited).toContainText('Inactive')
    expect(dealRow(`${title} Edited`)?.is_active).toBe(0)

    // Cancel in the browser's confirm: nothing happens.
    page.once('dialog', async (prompt) => {
      expect(prompt.type()).toBe('confirm')
      expect(prompt.message()).toBe(QUESTION)
      await prompt.dismiss()
    })
    await edited.getByRole('link', { name: `Delete ${title} Edited` }).click()
    await expect(edited).toBeVisible()
    expect(dealRow(`${title} Edited`)).toBeDefined()

    page.once('dialog', async (prompt) => {
      expect(prompt.message()).toBe(QUESTION)
      await prompt.accept()
    })
    await edited.getByRole('link', { name: `Delete ${title} Edited` }).click()
    await expect(page.getByText('Deal deleted successfully')).toBeVisible()
    await expect(row(page, `${title} Edited`)).toHaveCount(0)
    expect(dealRow(`${title} Edited`)).toBeUndefined()
  })

  test('reports a failed update with the server message', async ({ page }) => {
    const title = unique('Gone Soon')
    const id = insertDeal(title)
    await page.goto('/admin/deals')
    await row(page, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Edit Deal' })
    await expect(dialog).toBeVisible()
    deleteDealRow(id)
    await dialog.getByRole('button', { name: 'Update Deal' }).click()
    await expect(page.getByRole('status').getByText('This deal no longer exists')).toBeVisible()
  })

  test('filters by status with links and searches by title', async ({ page }) => {
    const tag = unique('Filter')
    insertDeal(`${tag} Past`, { start_date: '2020-01-01', end_date: '2020-01-31' })
    insertDeal(`${tag} Future`, { start_date: '2099-01-01', end_date: '2099-01-31' })
    insertDeal(`${tag} Paused`, { is_active: 0 })

    await page.goto(`/admin/deals?q=${encodeURIComponent(tag)}`)
    const filters = page.getByRole('navigation', { name: 'Filter deals' })
    await expect(filters.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('row')).toHaveCount(4)
    await expect(row(page, `${tag} Past`)).toContainText('Expired')
    await expect(row(page, `${tag} Future`)).toContainText('Upcoming')
    await expect(row(page, `${tag} Paused`)).toContainText('Inactive')

    await filters.getByRole('link', { name: 'Expired' }).click()
    await expect(page).toHaveURL(/filter=expired/)
    await expect(filters.getByRole('link', { name: 'Expired' })).toHaveAttribute('aria-current', 'page')
    await expect(filters.getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('row')).toHaveCount(2)
    await expect(row(page, `${tag} Past`)).toBeVisible()

    await filters.getByRole('link', { name: 'Upcoming' }).click()
    await expect(row(page, `${tag} Future`)).toBeVisible()
    await expect(page.getByRole('row')).toHaveCount(2)

    await filters.getByRole('link', { name: 'Active' }).click()
    await expect(row(page, `${tag} Paused`)).toHaveCount(0)
    await expect(page.getByRole('row')).toHaveCount(3)

    // The search applies as staff type, like every list filter, and keeps the chosen filter.
    await page.getByLabel('Search deals').fill(`${tag} nothing like this`)
    await expect(page.getByText('No deals found')).toBeVisible()
    await expect(page).toHaveURL(/filter=active&q=/)
    await expect(page.getByLabel('Search deals')).toBeFocused()
  })
})

test.describe('admin deals without JavaScript', () => {
  test.use({ javaScriptEnabled: false, signedIn: true })

  test('adds, edits and deletes a deal on plain pages, with a confirmation page', async ({ page }) => {
    const title = unique('Plain Deal')
    await page.goto('/admin/deals')
    await page.getByRole('link', { name: 'Add Deal' }).click()
    await expect(page).toHaveURL(/\/admin\/deals\/new$/)
    await page.getByLabel('Start date').fill('2026-05-02')
    await page.getByLabel('End date').fill('2026-05-01')
    await page.getByRole('button', { name: 'Create Deal' }).click()
    await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Title is required')
    await expect(page.getByLabel('End date')).toHaveAccessibleDescription('End date cannot be before the start date')

    await page.getByLabel('Title').fill(title)
    await page.getByLabel('End date').fill('2099-05-01')
    await page
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'slide.jpg', mimeType: 'image/jpeg', buffer: PNG_1X1 })
    await page.getByRole('button', { name: 'Create Deal' }).click()
    await expect(page).toHaveURL(/\/admin\/deals$/)
    await expect(page.getByText('Deal created successfully')).toBeVisible()
    const stored = dealRow(title)
    expect(stored?.image_url).toMatch(/^\/uploads\/deals\/[0-9a-f-]{36}\.png$/)
    const uploaded = stored!.image_url!

    await row(page, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click()
    await expect(page).toHaveURL(/\/admin\/deals\/\d+\/edit$/)
    await page.getByLabel('Image URL').fill('/images/deals/october-flower.svg')
    await page.getByLabel('Description').fill('Pre-rolls, two for one.')
    await page.getByRole('button', { name: 'Update Deal' }).click()
    await expect(page.getByText('Deal updated successfully')).toBeVisible()
    expect(dealRow(title)).toMatchObject({
      description: 'Pre-rolls, two for one.',
      image_url: '/images/deals/october-flower.svg',
    })
    // The replaced upload is no longer used by anything, so it is gone.
    expect((await page.request.get(uploaded)).status()).toBe(404)

    await row(page, title)
      .getByRole('link', { name: `Delete ${title}` })
      .click()
    await expect(page).toHaveURL(/\/admin\/deals\/\d+\/delete$/)
    await expect(page.getByText(QUESTION)).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/admin\/deals$/)
    await expect(page.getByText('Deal deleted successfully')).toBeVisible()
    expect(dealRow(title)).toBeUndefined()
  })

  test('a deal removed meanwhile gives Failed to delete deal', async ({ page }) => {
    const title = unique('Removed Meanwhile')
    const id = insertDeal(title)
    await page.goto(`/admin/deals/${id}/delete`)
    deleteDealRow(id)
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Failed to delete deal')).toBeVisible()
  })

  test('an image over 5 MB is refused with the deal message', async ({ page }) => {
    const title = unique('Huge Image')
    await page.goto('/admin/deals/new')
    await page.getByLabel('Title').fill(title)
    const big = Buffer.alloc(5 * 1024 * 1024 + 10)
    PNG_1X1.copy(big, 0, 0, 16)
    await page.getByLabel('Upload an image').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big })
    await page.getByRole('button', { name: 'Create Deal' }).click()
    await expect(page.getByRole('alert')).toContainText('Image must be less than 5MB')
    expect(dealRow(title)).toBeUndefined()
    // Nothing typed is lost: the form comes back with the title.
    await expect(page.getByLabel('Title')).toHaveValue(title)
  })

  test('story: I rewrite a deal and attach a 7 MB phone photo; I am told it is too large, and what I wrote is still there', async ({
    page,
  }) => {
    const id = insertDeal(unique('Half-off Fridays'), { description: 'Old words.' })
    const title = unique('Half-off Fridays and Saturdays')
    await page.goto(`/admin/deals/${id}/edit`)
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('New words I do not want to type again.')
    await page.getByLabel('End date').fill('2099-12-26')
    const photo = Buffer.alloc(7 * 1024 * 1024)
    PNG_1X1.copy(photo, 0, 0, 16)
    await page
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: photo })
    await page.getByRole('button', { name: 'Update Deal' }).click()
    await expect(page.getByRole('alert')).toContainText('Image must be less than 5MB')
    await expect(page.getByLabel('Title')).toHaveValue(title)
    await expect(page.getByLabel('Description')).toHaveValue('New words I do not want to type again.')
    await expect(page.getByLabel('End date')).toHaveValue('2099-12-26')
    expect(dealRow(title), 'nothing saved').toBeUndefined()
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await page.screenshot({ path: screenshotPath(`deal-photo-too-large-no-js-${width}.png`), fullPage: true })
    }
  })
})

test('uploads are served only for known names', async ({ request }) => {
  for (const path of [
    '/uploads/deals/00000000-0000-0000-0000-000000000000.png',
    '/uploads/other/00000000-0000-0000-0000-000000000000.png',
    '/uploads/deals/..%2F..%2Fapp.db',
    '/uploads/deals/%2e%2e',
    '/uploads/deals/x.svg',
  ]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
  }
})

test('a signed-in non-admin changes nothing with deal and upload POSTs', async ({ page, context, baseURL }) => {
  const title = unique('Guarded Deal')
  const id = insertDeal(title)
  await signIn(context, baseURL!, { email: 'staff@example.com', admin: false })
  const posts: Array<[string, Record<string, string>]> = [
    ['/admin/deals/new', { title: `${title} New` }],
    [`/admin/deals/${id}/edit`, { title: `${title} Changed` }],
    [`/admin/deals/${id}/delete`, {}],
  ]
  for (const [path, form] of posts) {
    const response = await page.request.post(path, { form, maxRedirects: 0 })
    expect(response.status(), path).toBe(302)
    expect(response.headers()['location']).toBe('/')
  }
  for (const bucket of ['deals', 'blog-images', 'brands']) {
    const upload = await page.request.post(`/admin/uploads/${bucket}`, {
      multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: PNG_1X1 } },
      maxRedirects: 0,
    })
    expect(upload.status(), bucket).toBe(302)
  }
  expect(dealRow(title)).toMatchObject({ id, title })
  expect(dealRow(`${title} New`)).toBeUndefined()
  expect(dealRow(`${title} Changed`)).toBeUndefined()
})
