import type { Locator } from '@playwright/test'
import sharp from 'sharp'

import { expect, test } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { ownerPage, usePrivateDemoServer } from './support/server'
import { e2eDatabase } from './support/session'
import { LAPTOP, PHONE } from './support/viewports'

/** A page answering a form post can take several seconds on a busy shared test machine. */

/**
 * The owner uploads two logos as the brands sent them: a wide word mark lost
 * in a big transparent margin, and a square badge on a white square. Both
 * come out trimmed and sit in boxes of the same size on /brands, in the home
 * carousel and in the admin list, on a phone and on a laptop. (A server of
 * its own: it adds featured brands to the home page.)
 */
const server = usePrivateDemoServer()

/** A 400×100 dark bar in the middle of a 1000×1000 transparent canvas. */
async function wideLogoWithMargin(): Promise<Buffer> {
  const bar = await sharp({ create: { width: 400, height: 100, channels: 4, background: '#1c432c' } })
    .png()
    .toBuffer()
  return sharp({ create: { width: 1000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: bar, left: 300, top: 450 }])
    .png()
    .toBuffer()
}

/** A 200×200 amber square in the middle of a 600×600 white one. */
async function squareLogoOnWhite(): Promise<Buffer> {
  const badge = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#d97706' } })
    .png()
    .toBuffer()
  return sharp({ create: { width: 600, height: 600, channels: 3, background: '#ffffff' } })
    .composite([{ input: badge, left: 200, top: 200 }])
    .png()
    .toBuffer()
}

function storedSize(url: string): { width: number; height: number } {
  const db = e2eDatabase(server.databasePath)
  try {
    const fileName = url.split('/').pop()
    return db.prepare('SELECT width, height FROM uploads WHERE file_name = ?').get(fileName) as {
      width: number
      height: number
    }
  } finally {
    db.close()
  }
}

async function expectSameBox(a: Locator, b: Locator, where: string) {
  await a.scrollIntoViewIfNeeded()
  const boxA = (await a.boundingBox())!
  await b.scrollIntoViewIfNeeded()
  const boxB = (await b.boundingBox())!
  expect(Math.abs(boxA.width - boxB.width), `${where}: widths ${boxA.width} and ${boxB.width}`).toBeLessThanOrEqual(1)
  expect(
    Math.abs(boxA.height - boxB.height),
    `${where}: heights ${boxA.height} and ${boxB.height}`,
  ).toBeLessThanOrEqual(1)
  // A fixed 2:1 box, whatever the logo's own shape.
  expect(boxA.width / boxA.height).toBeGreaterThan(1.6)
}

test('a wide and a square upload are trimmed and shown in boxes of the same size everywhere', async ({ browser }) => {
  const page = await ownerPage(browser, server, { viewport: { width: 1280, height: 900 } })
  const urls: string[] = []
  for (const [name, file] of [
    ['Wide Mark Farms', await wideLogoWithMargin()],
    ['Square Badge Co', await squareLogoOnWhite()],
  ] as const) {
    await page.goto('/admin/brands/new')
    const field = page.getByRole('group', { name: /Logo/ })
    await expect(field).toContainText('Works best: a wide logo')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Upload an image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: file })
    await expect(field.getByText('Image uploaded.')).toBeVisible()
    // The preview shows the stored, trimmed logo in the box the public pages use, before anything is saved.
    const preview = field.getByRole('img', { name: 'Preview of the chosen logo' })
    await expect(preview).toHaveAttribute('src', /^\/uploads\/brands\//)
    const box = (await preview.boundingBox())!
    expect(box.width / box.height).toBeCloseTo(2, 0)
    if (name === 'Wide Mark Farms') await page.screenshot({ path: screenshotPath('admin-brand-logo-preview-1280.png') })
    urls.push((await page.getByLabel('Logo URL').inputValue()).trim())
    await page.getByLabel('Sort order').fill('0')
    await page.getByRole('button', { name: 'Create Brand' }).click()
    await expect(page.getByText('Brand created successfully')).toBeVisible()
  }
  await page.context().close()

  // Trimmed of their empty margins: only the mark is left.
  const wide = storedSize(urls[0]!)
  const square = storedSize(urls[1]!)
  expect(Math.abs(wide.width - 400)).toBeLessThanOrEqual(2)
  expect(Math.abs(wide.height - 100)).toBeLessThanOrEqual(2)
  expect(Math.abs(square.width - 200)).toBeLessThanOrEqual(2)
  expect(Math.abs(square.height - 200)).toBeLessThanOrEqual(2)

  for (const viewport of [PHONE, LAPTOP]) {
    const visitor = await ownerPage(browser, server, { viewport })
    await visitor.goto('/brands')
    const grid = visitor.getByRole('list', { name: 'Brands' })
    await expectSameBox(
      grid.getByRole('img', { name: 'Wide Mark Farms logo' }),
      grid.getByRole('img', { name: 'Square Badge Co logo' }),
      `/brands at ${viewport.width} px`,
    )
    await visitor.screenshot({ path: screenshotPath(`brands-logos-${viewport.width}.png`) })

    await visitor.goto('/')
    const carousel = visitor.getByRole('region', { name: 'Featured brands', exact: true })
    await expectSameBox(
      carousel.getByRole('img', { name: 'Wide Mark Farms logo' }),
      carousel.getByRole('img', { name: 'Square Badge Co logo' }),
      `home carousel at ${viewport.width} px`,
    )

    await visitor.goto('/admin/brands')
    await expectSameBox(
      visitor.getByRole('img', { name: 'Wide Mark Farms logo' }),
      visitor.getByRole('img', { name: 'Square Badge Co logo' }),
      `admin list at ${viewport.width} px`,
    )
    await visitor.context().close()
  }
})
