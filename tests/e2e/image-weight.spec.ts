import type { Browser } from '@playwright/test'

import { cameraPhoto } from '../support/photo'
import { expect, test } from './fixtures'
import { insertPosts, uniqueToken } from './support/blog-data'
import { mintSessionCookie } from './support/session'

/**
 * What a phone and a laptop download for a post whose hero is a 4–5 MB camera
 * photo uploaded through the editor's image endpoint.
 */
test.describe.configure({ mode: 'serial' })

let postPath = ''
let imageUrl = ''
let originalBytes = 0

test.beforeAll(async ({ playwright, baseURL }) => {
  const photo = await cameraPhoto()
  originalBytes = photo.length
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: await mintSessionCookie(), Origin: baseURL! },
  })
  const upload = await request.post('/admin/uploads/blog-images', {
    multipart: { file: { name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: photo } },
  })
  expect(upload.status()).toBe(200)
  imageUrl = ((await upload.json()) as { url: string }).url
  await request.dispose()
  const slug = uniqueToken('heavy-photo')
  // The newest post: first on /blog.
  insertPosts([{ title: `A photo from the counter ${slug}`, slug, hero_image_url: imageUrl, minutesAgo: 0.5 }])
  postPath = `/blog/${slug}`
})

/** Opens `path` in a fresh browser at a screen size and returns the bytes of every response for the upload. */
async function imageBytes(browser: Browser, baseURL: string, path: string, screen: 'phone' | 'laptop') {
  const context = await browser.newContext(
    screen === 'phone'
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  )
  await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL }])
  const page = await context.newPage()
  const stem = imageUrl.replace(/\.jpg$/, '')
  const fetched: { url: string; bytes: number }[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (!url.pathname.startsWith(stem)) return
    fetched.push({ url: url.pathname, bytes: (await response.body()).length })
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  const hero = page.locator('article img').first()
  await expect(hero).toBeVisible()
  const attributes = await hero.evaluate((img: HTMLImageElement) => ({
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
    loading: img.getAttribute('loading'),
    fetchpriority: img.getAttribute('fetchpriority'),
    complete: img.complete && img.naturalWidth > 0,
  }))
  await context.close()
  return { fetched, attributes }
}

test('a 5 MB photo reaches a 390 px phone (3×) as AVIF of at most 120 KB, first and at full priority', async ({
  browser,
  baseURL,
}) => {
  expect(originalBytes).toBeGreaterThan(4 * 1024 * 1024)
  const { fetched, attributes } = await imageBytes(browser, baseURL!, postPath, 'phone')
  expect(attributes).toEqual({ width: '1600', height: '2133', loading: 'eager', fetchpriority: 'high', complete: true })
  expect(fetched.map((f) => f.url)).toEqual([expect.stringMatching(/-1200\.avif$/)])
  const total = fetched.reduce((sum, f) => sum + f.bytes, 0)
  test.info().annotations.push({ type: 'bytes at 390 px (3×)', description: `${total} of ${originalBytes}` })
  console.log(`image bytes at 390 px (3×): ${total} of an upload of ${originalBytes}`)
  expect(total).toBeLessThanOrEqual(120 * 1024)
})

test('the same photo reaches a 1280 px laptop as one AVIF a fraction of the upload', async ({ browser, baseURL }) => {
  const { fetched, attributes } = await imageBytes(browser, baseURL!, postPath, 'laptop')
  expect(attributes.complete).toBe(true)
  expect(fetched.map((f) => f.url)).toEqual([expect.stringMatching(/-1200\.avif$/)])
  const total = fetched.reduce((sum, f) => sum + f.bytes, 0)
  test.info().annotations.push({ type: 'bytes at 1280 px', description: `${total} of ${originalBytes}` })
  console.log(`image bytes at 1280 px: ${total} of an upload of ${originalBytes}`)
  expect(total).toBeLessThanOrEqual(200 * 1024)
})

test('on /blog the first card picture is fetched first and at once, the others when scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/blog')
  const cards = page.getByRole('list', { name: 'Posts' }).getByRole('listitem')
  expect(await cards.count()).toBeGreaterThan(3)
  // Other tests may have written a newer post without a picture: then no picture is first.
  const first = await cards
    .first()
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]))
  expect(first.length === 0 || JSON.stringify(first) === JSON.stringify([['eager', 'high']])).toBe(true)
  const rest = await page
    .getByRole('list', { name: 'Posts' })
    .locator('li:not(:first-child) img')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')))
  expect(rest.length).toBeGreaterThan(0)
  expect(new Set(rest)).toEqual(new Set(['lazy']))
  for (const img of await page.getByRole('list', { name: 'Posts' }).locator('img').all()) {
    expect(await img.getAttribute('width')).toMatch(/^\d+$/)
    expect(await img.getAttribute('height')).toMatch(/^\d+$/)
  }
})
