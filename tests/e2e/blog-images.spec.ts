import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { uniqueToken } from './support/blog-data'
import { visitorPage } from './support/server'
import { e2eDatabase } from './support/session'

/**
 * Images in a post keep their room while they load (issue: "Markdown: linear
 * in its input, rendered once"): the server gives an uploaded image and a file
 * in public/ their width and height when the post is saved, and the article
 * styles give any other image a 16:9 box. Measured as the browser's cumulative
 * layout shift, the figure Lighthouse reports (0.459 on a post before).
 */
const MAX_CLS = 0.02
const EXTERNAL = 'https://images.example.test/photo.png'

/** A PNG drawn by the browser (so the test needs no image files). */
async function drawPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas')
      canvas.width = w
      canvas.height = h
      const g = canvas.getContext('2d')!
      g.fillStyle = '#2f6b3f'
      g.fillRect(0, 0, w, h)
      g.fillStyle = '#f4e7c5'
      g.fillRect(w / 8, h / 8, w / 2, h / 3)
      return canvas.toDataURL('image/png')
    },
    [width, height],
  )
  return Buffer.from(dataUrl.split(',')[1], 'base64')
}

/** Records the page's layout shifts (as CLS counts them: none right after input), with what moved. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] }
    w.__cls = 0
    w.__shifts = []
    type Shift = PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue
        w.__cls += entry.value
        const moved = entry.sources.map((s) => {
          const node = s.node as Element | undefined
          const name =
            node?.nodeName === '#text' ? `text "${node.textContent?.slice(0, 30)}"` : node?.outerHTML?.slice(0, 80)
          return `${name} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`
        })
        w.__shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

test.use({ signedIn: true })

test('a post keeps room for its images: sizes from uploads and public/, a 16:9 box otherwise; CLS ≤ 0.02', async ({
  page,
  baseURL,
  browser,
}) => {
  test.slow()
  const token = uniqueToken('cls')
  const title = `Inside the shop ${token}`
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')

  // An image uploaded through the editor: its size is read from its bytes.
  await page.goto('/admin/blog/new')
  const png = await drawPng(page, 1200, 800)
  await page.getByLabel('Upload an image').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: png })
  const featured = page.getByLabel('Featured image URL')
  await expect(featured).toHaveValue(/^\/uploads\/blog-images\/[0-9a-f-]+\.png$/)
  const uploadUrl = await featured.inputValue()
  const db = e2eDatabase()
  try {
    expect(db.prepare('SELECT width, height FROM uploads WHERE file_name = ?').get(uploadUrl.split('/').pop())).toEqual(
      {
        width: 1200,
        height: 800,
      },
    )
  } finally {
    db.close()
  }
  // The images go in the body, at the top where the first screen shows them; no featured image above.
  await featured.fill('')
  const paragraph = 'Our budtenders walk patients through labels, terpenes and harvest dates at the counter. '.repeat(4)
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page
    .getByLabel('Content (Markdown)')
    .fill(
      [
        `![A jar on the counter](${uploadUrl})`,
        paragraph,
        '![The shop counter](/images/gallery/shop-counter.svg)',
        paragraph,
        `![From another site](${EXTERNAL})`,
        paragraph,
        '## After the pictures',
        paragraph,
      ].join('\n\n'),
    )
  // The preview is rendered by the function a save stores: it has the sizes already.
  await page.getByRole('tab', { name: 'Preview' }).click()
  const preview = page.getByRole('tabpanel', { name: 'Preview' })
  await expect(preview.getByRole('img', { name: 'A jar on the counter' })).toHaveAttribute('width', '1200')
  await page.getByRole('tab', { name: 'Write' }).click()
  await page.getByLabel('Status').selectOption('published')
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/blog$/)

  // A first-time reader (nothing cached: fonts, styles) on a slow connection where every picture arrives well after the text.
  const reader = await visitorPage(browser, { url: baseURL! })
  await recordLayoutShifts(reader)
  await reader.route('**/uploads/**', async (route) => {
    await new Promise((r) => setTimeout(r, 600))
    await route.continue()
  })
  await reader.route('**/images/gallery/**', async (route) => {
    await new Promise((r) => setTimeout(r, 600))
    await route.continue()
  })
  await reader.route(EXTERNAL, async (route) => {
    await new Promise((r) => setTimeout(r, 600))
    await route.fulfill({ status: 200, contentType: 'image/png', body: await drawPng(page, 1000, 1000) })
  })
  await reader.goto(`/blog/${slug}`)
  const body = reader.locator('article img[loading="lazy"]')
  await expect(body).toHaveCount(3)
  await expect(reader.getByRole('img', { name: 'A jar on the counter' })).toHaveAttribute('width', '1200')
  await expect(reader.getByRole('img', { name: 'A jar on the counter' })).toHaveAttribute('height', '800')
  await expect(reader.getByRole('img', { name: 'The shop counter' })).toHaveAttribute('width', '1200')
  await expect(reader.getByRole('img', { name: 'The shop counter' })).toHaveAttribute('height', '800')
  const external = reader.getByRole('img', { name: 'From another site' })
  expect(await external.getAttribute('width')).toBeNull()

  // Wait for every picture, then for any late shift.
  await expect
    .poll(() => reader.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)))
    .toBe(true)
  await reader.waitForTimeout(500)
  // The box of the image of unknown size is 16:9 before and after it arrived.
  const box = await external.boundingBox()
  expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1)
  const { cls, shifts } = await reader.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] }
    return { cls: w.__cls, shifts: w.__shifts }
  })
  expect(cls, shifts.join('\n')).toBeLessThanOrEqual(MAX_CLS)
  await reader.context().close()
})
