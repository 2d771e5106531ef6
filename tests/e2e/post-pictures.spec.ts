import type { Browser, Locator, Page } from '@playwright/test'
import sharp from 'sharp'

import { expect, test } from './fixtures'
import { uniqueToken } from './support/blog-data'
import { screenshotPath } from './support/screenshots'
import { visitorPage } from './support/server'
import { signIn } from './support/session'

/**
 * The owner's story: "I write a post, put a photo of the new store between
 * two paragraphs with alt text and a caption, save, and on the public page the
 * photo is there with its caption and keeps its room while loading." With
 * JavaScript (the Insert picture button, then pasting or dropping a photo into
 * the text) and without it (the picture page in a new tab, and the line it
 * gives to copy), on a wide screen and on a phone.
 */

const FIRST = 'We opened our second store on Main Street this week, with the same budtenders and the same menu.'
const SECOND = 'Come and see us: the doors open at 9 AM every day, and parking is free behind the building.'
const ALT = 'The new store’s front counter, with glass jars and the menu board behind it'
const CAPTION = 'Our Main Street store on opening day'
/** The layout shift a page may show in all (Lighthouse calls 0.1 good). */
const MAX_CLS = 0.02

/** A 1600×1067 "photo" of a storefront, made here so the test needs no image files. */
async function storePhoto(label = 'MAIN STREET'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
    <rect width="1600" height="700" fill="#9cc7e4"/><rect y="700" width="1600" height="367" fill="#8a8f94"/>
    <rect x="250" y="260" width="1100" height="560" fill="#f4e7c5"/><rect x="250" y="220" width="1100" height="90" fill="#2f6b3f"/>
    <text x="800" y="285" font-family="DejaVu Sans" font-size="56" font-weight="bold" fill="#f4e7c5" text-anchor="middle">${label}</text>
    <rect x="330" y="400" width="380" height="300" fill="#c9e2f0" stroke="#2f6b3f" stroke-width="12"/>
    <rect x="890" y="400" width="380" height="300" fill="#c9e2f0" stroke="#2f6b3f" stroke-width="12"/>
    <rect x="735" y="420" width="130" height="400" fill="#7a4b2a"/>
    <circle cx="1350" cy="140" r="70" fill="#f8d66d"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/** Records the page's layout shifts as CLS counts them (none right after input), with what moved. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] }
    w.__cls = 0
    w.__shifts = []
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue
        w.__cls += entry.value
        w.__shifts.push(
          `${entry.value.toFixed(4)}: ${entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80)).join('; ')}`,
        )
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** A file put on the text as the browser does for a paste or a drop. */
async function putFileOn(textarea: Locator, how: 'paste' | 'drop', bytes: Buffer, name: string) {
  await textarea.evaluate(
    (element, { base64, name, how }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([data], name, { type: 'image/jpeg' }))
      const init = { bubbles: true, cancelable: true }
      element.dispatchEvent(
        how === 'paste'
          ? new ClipboardEvent('paste', { ...init, clipboardData: transfer })
          : new DragEvent('drop', { ...init, dataTransfer: transfer }),
      )
    },
    { base64: bytes.toString('base64'), name, how },
  )
}

const LINE = (alt: string, caption?: string) =>
  new RegExp(
    `!\\[${alt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]\\(/uploads/blog-images/[0-9a-f-]{36}\\.jpg${caption ? ` "${caption}"` : ''}\\)`,
  )

/**
 * The public page as a first-time reader on a slow connection sees it: the
 * figure between the paragraphs with its caption, sized, lazy, with its
 * copies; its room kept while it loads.
 */
async function readerSeesThePicture(browser: Browser, baseURL: string, slug: string, width: number, shot: boolean) {
  const reader = await visitorPage(browser, { url: baseURL }, { viewport: { width, height: width < 600 ? 844 : 900 } })
  await recordLayoutShifts(reader)
  await reader.route('**/uploads/**', async (route) => {
    await new Promise((r) => setTimeout(r, 700))
    await route.continue()
  })
  await reader.goto(`/blog/${slug}`)
  const figure = reader.locator('article figure').filter({ has: reader.getByRole('img', { name: ALT }) })
  await expect(figure).toHaveCount(1)
  await expect(figure.locator('figcaption')).toHaveText(CAPTION)
  const img = figure.getByRole('img', { name: ALT })
  await expect(img).toHaveAttribute('width', '1600')
  await expect(img).toHaveAttribute('height', '1067')
  await expect(img).toHaveAttribute('loading', 'lazy')
  await expect(img).toHaveAttribute('srcset', /-400\.jpg 400w, .*-800\.jpg 800w/)
  await expect(figure.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /-400\.avif 400w/)
  // Between the two paragraphs, as written.
  const order = await reader
    .locator('.article-body')
    .evaluate((body) =>
      [...body.children]
        .slice(0, 3)
        .map((child) => (child.tagName === 'FIGURE' ? 'figure' : (child.textContent ?? '').slice(0, 20))),
    )
  expect(order).toEqual([FIRST.slice(0, 20), 'figure', SECOND.slice(0, 20)])
  // Its room is there before a byte of it has arrived.
  await figure.scrollIntoViewIfNeeded()
  const before = await img.boundingBox()
  expect(before!.width / before!.height).toBeCloseTo(1600 / 1067, 1)
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true)
  await reader.waitForTimeout(300)
  const after = await img.boundingBox()
  expect(Math.abs(after!.height - before!.height)).toBeLessThan(1)
  const { cls, shifts } = await reader.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] }
    return { cls: w.__cls, shifts: w.__shifts }
  })
  expect(cls, shifts.join('\n')).toBeLessThanOrEqual(MAX_CLS)
  if (shot) {
    await figure.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await reader.screenshot({ path: screenshotPath(`post-picture-public-${width}.png`) })
  }
  await reader.context().close()
}

for (const width of [1280, 390]) {
  const phone = width < 600
  test.describe(`at ${width} px`, () => {
    // With JavaScript the owner's own browser is signed in; without, the test opens a browser of its own.
    test.use({ viewport: { width, height: phone ? 844 : 900 }, signedIn: true })

    test(`with JavaScript: I put a photo of the new store between two paragraphs, with alt text and a caption, and one more by ${phone ? 'dropping' : 'pasting'} it; the post shows it and keeps its room`, async ({
      page,
      baseURL,
      browser,
    }) => {
      test.slow()
      const title = `Our new store ${uniqueToken('pic')}`
      const photo = await storePhoto()
      await page.goto('/admin/blog/new')
      await page.getByLabel('Title', { exact: true }).fill(title)
      const content = page.getByLabel('Content (Markdown)')
      await content.fill(`${FIRST}\n\n${SECOND}`)
      // The caret at the end of the first paragraph.
      await content.evaluate((element: HTMLTextAreaElement, at) => {
        element.focus()
        element.setSelectionRange(at, at)
      }, FIRST.length)

      await page.getByRole('button', { name: 'Insert picture' }).click()
      const dialog = page.getByRole('dialog', { name: 'Insert a picture' })
      await expect(dialog).toBeVisible()
      await dialog.getByLabel('Picture', { exact: true }).setInputFiles({
        name: 'main-street.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      })
      await expect(dialog.getByRole('status')).toHaveText('Picture uploaded.')
      // Alt text is required, and the field says what good alt text is.
      const alt = dialog.getByLabel('Alt text (required)')
      await expect(alt).toHaveAccessibleDescription(/Say what the picture shows/)
      await dialog.getByRole('button', { name: 'Insert picture' }).click()
      await expect(dialog.getByText('Describe the picture in words (alt text)')).toBeVisible()
      await expect(alt).toHaveAttribute('aria-invalid', 'true')
      await alt.fill(ALT)
      await dialog.getByLabel('Caption').fill(CAPTION)
      await page.screenshot({ path: screenshotPath(`post-picture-dialog-${width}.png`) })
      await dialog.getByRole('button', { name: 'Insert picture' }).click()
      await expect(dialog).toBeHidden()
      await expect(content).toBeFocused()
      const written = await content.inputValue()
      expect(written).toMatch(new RegExp(`^${FIRST}\\n\\n${LINE(ALT, CAPTION).source}\\n\\n${SECOND}$`))

      // One more, pasted (or dropped) at the end: uploaded, then its alt text asked, then put at the caret.
      await content.evaluate((element: HTMLTextAreaElement) => {
        element.focus()
        element.setSelectionRange(element.value.length, element.value.length)
      })
      await putFileOn(content, phone ? 'drop' : 'paste', await storePhoto('PARKING'), 'parking.jpg')
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('status')).toHaveText('Picture uploaded.')
      await dialog.getByLabel('Alt text (required)').fill('The free parking lot behind the store')
      await dialog.getByRole('button', { name: 'Insert picture' }).click()
      await expect(dialog).toBeHidden()
      await expect(content).toHaveValue(
        new RegExp(`${SECOND}\\n\\n${LINE('The free parking lot behind the store').source}\\n$`),
      )

      await page.getByLabel('Status').selectOption('published')
      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await expect(page).toHaveURL(/\/admin\/blog$/)
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
      await readerSeesThePicture(browser, baseURL!, slug, width, true)
    })

    test('without JavaScript: I upload the photo on the picture page, copy its line into the post I am writing, and save', async ({
      browser,
      baseURL,
    }) => {
      test.slow()
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        viewport: { width, height: phone ? 844 : 900 },
      })
      await signIn(context, baseURL!)
      const editor = await context.newPage()
      const title = `Our new store ${uniqueToken('nojs')}`
      await editor.goto('/admin/blog/new')
      await editor.getByLabel('Title', { exact: true }).fill(title)
      const content = editor.getByLabel('Content (Markdown)')
      await content.fill(`${FIRST}\n\n${SECOND}`)
      await expect(content).toHaveAccessibleDescription(
        /A picture is a line of its own: !\[alt text\]\(address "caption"\)/,
      )

      // The picture page opens in a tab of its own: the post being written stays as it is.
      // (Leaving the text first: on a phone the publish bar grows back when the text loses the focus.)
      await content.blur()
      const link = editor.getByRole('link', { name: 'Add a picture (opens a new tab)' })
      await expect(link).toHaveAttribute('target', '_blank')
      const [pictures] = await Promise.all([context.waitForEvent('page'), link.click()])
      await pictures.waitForLoadState()
      await expect(pictures.getByRole('heading', { name: 'Add a picture to a post', level: 1 })).toBeVisible()
      const file = { name: 'main-street.jpg', mimeType: 'image/jpeg', buffer: await storePhoto() }

      // Without alt text: refused with the reason beside the field.
      await pictures.getByLabel('Picture file').setInputFiles(file)
      const refused = pictures.waitForResponse((r) => r.request().method() === 'POST')
      await pictures.getByRole('button', { name: 'Upload picture' }).click()
      expect((await refused).status()).toBe(400)
      await expect(pictures.getByText('Describe the picture in words (alt text)')).toBeVisible()
      await expect(pictures.getByLabel('Alt text (required)')).toHaveAccessibleDescription(/Say what the picture shows/)

      await pictures.getByLabel('Picture file').setInputFiles(file)
      await pictures.getByLabel('Alt text (required)').fill(ALT)
      await pictures.getByLabel('Caption').fill(CAPTION)
      await pictures.getByRole('button', { name: 'Upload picture' }).click()
      await expect(pictures.getByRole('heading', { name: 'Picture uploaded' })).toBeVisible()
      const line = await pictures.getByLabel('Line to copy into the post').inputValue()
      expect(line).toMatch(new RegExp(`^${LINE(ALT, CAPTION).source}$`))
      await expect(pictures.getByRole('img', { name: ALT })).toBeVisible()
      await pictures.screenshot({ path: screenshotPath(`post-picture-page-${width}.png`), fullPage: true })
      await pictures.close()

      // Back in the editor, nothing typed is lost; the line goes between the paragraphs.
      await expect(editor.getByLabel('Title', { exact: true })).toHaveValue(title)
      await expect(content).toHaveValue(`${FIRST}\n\n${SECOND}`)
      await content.fill(`${FIRST}\n\n${line}\n\n${SECOND}`)
      await editor.getByLabel('Status').selectOption('published')
      await editor.getByRole('button', { name: 'Save post' }).click()
      await expect(editor).toHaveURL(/\/admin\/blog$/)
      await context.close()
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
      await readerSeesThePicture(browser, baseURL!, slug, width, false)
    })
  })
}
