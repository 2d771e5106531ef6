import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { e2eDatabase, signIn } from './support/session'

/** A real 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

function unique(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
}

function insertBrand(name: string, extra: { logo_url?: string; site_url?: string | null; sort_order?: number } = {}) {
  const db = e2eDatabase()
  try {
    const info = db
      .prepare('INSERT INTO brands (name, logo_url, site_url, is_featured, sort_order) VALUES (?, ?, ?, 1, ?)')
      .run(name, extra.logo_url ?? '/brands/prairie-gold.svg', extra.site_url ?? null, extra.sort_order ?? 500)
    return Number(info.lastInsertRowid)
  } finally {
    db.close()
  }
}

/** The brand in use by that name (a deleted one waits in the Trash, out of use). */
function brandRow(name: string) {
  const db = e2eDatabase()
  try {
    return db.prepare('SELECT * FROM brands WHERE name = ? AND deleted_at IS NULL').get(name) as
      | { id: number; name: string; logo_url: string; site_url: string | null; is_featured: number; sort_order: number }
      | undefined
  } finally {
    db.close()
  }
}

function deleteBrandRow(id: number) {
  const db = e2eDatabase()
  try {
    db.prepare('DELETE FROM brands WHERE id = ?').run(id)
  } finally {
    db.close()
  }
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
}

test.describe('admin brands with JavaScript', () => {
  test.use({ signedIn: true })

  test('adds a brand in a dialog, edits it and deletes it', async ({ page }) => {
    const name = unique('Prairie Test')
    await page.goto('/admin/brands')
    await expect(page.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible()

    const add = page.getByRole('link', { name: 'Add Brand' })
    await add.click()
    const dialog = page.getByRole('dialog', { name: 'Add Brand' })
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/brands$/)
    await expect(dialog.getByLabel('Featured')).toBeChecked()

    // Escape closes the dialog and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(add).toBeFocused()

    await add.click()
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Logo URL').fill('/brands/sooner-leaf.svg')
    await dialog.getByLabel('Website URL').fill('https://example.com/sooner')
    await dialog.getByLabel('Sort order').fill('7')
    await dialog.getByRole('button', { name: 'Create Brand' }).click()

    await expect(page.getByText('Brand created successfully')).toBeVisible()
    await expect(dialog).toBeHidden()
    const created = row(page, name)
    await expect(created).toContainText('Featured')
    await expect(created).toContainText('7')
    await expect(created.getByRole('link', { name: /example\.com/ })).toHaveAttribute(
      'href',
      'https://example.com/sooner',
    )
    await expect(created.getByRole('img', { name: `${name} logo` })).toHaveAttribute('src', '/brands/sooner-leaf.svg')

    await created.getByRole('link', { name: `Edit ${name}` }).click()
    const editDialog = page.getByRole('dialog', { name: 'Edit Brand' })
    await expect(editDialog.getByLabel('Name')).toHaveValue(name)
    await editDialog.getByLabel('Featured').uncheck()
    await editDialog.getByLabel('Name').fill(`${name} Edited`)
    await editDialog.getByRole('button', { name: 'Update Brand' }).click()
    await expect(page.getByText('Brand updated successfully')).toBeVisible()
    const edited = row(page, `${name} Edited`)
    await expect(edited).toContainText('Not Featured')
    expect(brandRow(`${name} Edited`)?.is_featured).toBe(0)

    // Delete asks no confirmation question.
    await edited.getByRole('button', { name: `Delete ${name} Edited` }).click()
    await expect(page.getByText('Brand deleted successfully')).toBeVisible()
    await expect(row(page, `${name} Edited`)).toHaveCount(0)
    expect(brandRow(`${name} Edited`)).toBeUndefined()
  })

  test('shows the validation messages and keeps the dialog open', async ({ page }) => {
    await page.goto('/admin/brands')
    await page.getByRole('link', { name: 'Add Brand' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Brand' })
    await dialog.getByLabel('Website URL').fill('not a website')
    await dialog.getByLabel('Sort order').fill('2.5')
    await dialog.getByRole('button', { name: 'Create Brand' }).click()
    await expect(dialog.getByText('Name is required')).toBeVisible()
    await expect(dialog.getByText('Logo URL is required')).toBeVisible()
    await expect(dialog.getByText('Website URL must be a valid URL, such as https://example.com')).toBeVisible()
    await expect(dialog.getByText('Sort order must be a whole number')).toBeVisible()
    await expect(dialog).toBeVisible()
  })

  test('uploads a logo from the dialog and shows its preview', async ({ page }) => {
    const name = unique('Upload Logo')
    await page.goto('/admin/brands')
    await page.getByRole('link', { name: 'Add Brand' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Brand' })
    await dialog.getByLabel('Name').fill(name)
    await dialog
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await expect(dialog.getByRole('img', { name: 'Preview of the chosen logo' })).toBeVisible()
    await expect(dialog.getByLabel('Logo URL')).toHaveValue(/^\/uploads\/brands\/[0-9a-f-]{36}\.png$/)
    await dialog.getByRole('button', { name: 'Create Brand' }).click()
    await expect(page.getByText('Brand created successfully')).toBeVisible()
    expect(brandRow(name)?.logo_url).toMatch(/^\/uploads\/brands\/[0-9a-f-]{36}\.png$/)
  })

  test('reports a failed update and a failed delete with the server message', async ({ page }) => {
    const name = unique('Vanishing')
    const id = insertBrand(name)
    await page.goto('/admin/brands')
    await row(page, name)
      .getByRole('link', { name: `Edit ${name}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Edit Brand' })
    await expect(dialog).toBeVisible()
    deleteBrandRow(id)
    await dialog.getByRole('button', { name: 'Update Brand' }).click()
    await expect(page.getByRole('status').getByText('Error updating brand')).toBeVisible()
    await expect(page.getByRole('status').getByText('This brand no longer exists.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // The row is still on screen; someone else removed it meanwhile.
    await row(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click()
    const toast = page.getByRole('status').locator('div', { hasText: 'Error deleting brand' }).last()
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('This brand no longer exists.')
  })
})

test.describe('admin brands without JavaScript', () => {
  test.use({ javaScriptEnabled: false, signedIn: true })

  test('adds (with an uploaded logo), edits and deletes a brand on plain pages', async ({ page }) => {
    const name = unique('Red Dirt Test')
    await page.goto('/admin/brands')
    await page.getByRole('link', { name: 'Add Brand' }).click()
    await expect(page).toHaveURL(/\/admin\/brands\/new$/)
    await expect(page.getByRole('heading', { name: 'Add Brand', level: 1 })).toBeVisible()

    // Nothing filled in: the server answers with the messages.
    await page.getByRole('button', { name: 'Create Brand' }).click()
    await expect(page.getByRole('alert')).toContainText('Error creating brand')
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Name is required/)
    await expect(page.getByLabel('Logo URL')).toHaveAccessibleDescription(/Logo URL is required/)

    await page.getByLabel('Name').fill(name)
    await page
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: PNG_1X1 })
    await page.getByLabel('Website URL').fill('https://example.com/red-dirt')
    await page.getByLabel('Featured').uncheck()
    await page.getByRole('button', { name: 'Create Brand' }).click()
    await expect(page).toHaveURL(/\/admin\/brands$/)
    await expect(page.getByText('Brand created successfully')).toBeVisible()
    const created = row(page, name)
    await expect(created).toContainText('Not Featured')
    const logo = await created.getByRole('img', { name: `${name} logo` }).getAttribute('src')
    expect(logo).toMatch(/^\/uploads\/brands\/[0-9a-f-]{36}\.png$/)

    await created.getByRole('link', { name: `Edit ${name}` }).click()
    await expect(page).toHaveURL(/\/admin\/brands\/\d+\/edit$/)
    await page.getByLabel('Website URL').fill('nope')
    await page.getByRole('button', { name: 'Update Brand' }).click()
    await expect(page.getByRole('alert')).toContainText('Error updating brand')
    await expect(page.getByLabel('Website URL')).toHaveAccessibleDescription(
      'Website URL must be a valid URL, such as https://example.com',
    )
    await page.getByLabel('Website URL').fill('https://example.com/red-dirt-2')
    await page.getByLabel('Logo URL').fill('/brands/red-dirt-remedies.svg')
    await page.getByLabel('Sort order').fill('3')
    await page.getByRole('button', { name: 'Update Brand' }).click()
    await expect(page.getByText('Brand updated successfully')).toBeVisible()
    expect(brandRow(name)).toMatchObject({ site_url: 'https://example.com/red-dirt-2', sort_order: 3 })

    // The replaced upload is no longer referenced: it is gone.
    expect((await page.request.get(logo!)).status()).toBe(404)

    // Delete asks no confirmation question, without JavaScript either.
    await row(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click()
    await expect(page).toHaveURL(/\/admin\/brands$/)
    await expect(page.getByText('Brand deleted successfully')).toBeVisible()
    expect(brandRow(name)).toBeUndefined()
    // The toast's Undo is what makes a delete without a question safe.
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByText('Brand restored')).toBeVisible()
    expect(brandRow(name)).toMatchObject({ site_url: 'https://example.com/red-dirt-2', sort_order: 3 })
  })

  test('a brand removed meanwhile gives Error deleting brand', async ({ page }) => {
    const name = unique('Removed Meanwhile')
    const id = insertBrand(name)
    await page.goto(`/admin/brands/${id}/delete`)
    deleteBrandRow(id)
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/admin\/brands$/)
    await expect(page.getByText('Error deleting brand')).toBeVisible()
    await expect(page.getByText('This brand no longer exists.')).toBeVisible()
  })

  test('a text file named .png is refused as a logo', async ({ page }) => {
    const name = unique('Bad Logo')
    await page.goto('/admin/brands/new')
    await page.getByLabel('Name').fill(name)
    await page
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
    await page.getByRole('button', { name: 'Create Brand' }).click()
    await expect(page.getByRole('alert')).toContainText('Error creating brand')
    await expect(page.getByRole('alert')).toContainText('Only JPEG, PNG, WebP, and GIF images are allowed')
    expect(brandRow(name)).toBeUndefined()
  })
})

test('a signed-in non-admin changes nothing with brand POSTs', async ({ page, context, baseURL }) => {
  const name = unique('Guarded')
  const id = insertBrand(name)
  await signIn(context, baseURL!, { email: 'staff@example.com', admin: false })
  const posts: Array<[string, Record<string, string>]> = [
    [`/admin/brands/${id}/delete`, {}],
    ['/admin/brands/new', { name: `${name} New`, logo_url: '/brands/x.svg' }],
    [`/admin/brands/${id}/edit`, { name: `${name} Changed`, logo_url: '/brands/x.svg' }],
  ]
  for (const [path, form] of posts) {
    const response = await page.request.post(path, { form, maxRedirects: 0 })
    expect(response.status(), path).toBeGreaterThanOrEqual(300)
    expect(response.status(), path).toBeLessThan(400)
    expect(response.headers()['location']).toBe('/')
  }
  const upload = await page.request.post('/admin/uploads/brands', {
    multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: PNG_1X1 } },
    maxRedirects: 0,
  })
  expect(upload.status()).toBe(302)
  expect(brandRow(name)).toMatchObject({ id, name })
  expect(brandRow(`${name} New`)).toBeUndefined()
  expect(brandRow(`${name} Changed`)).toBeUndefined()
})
