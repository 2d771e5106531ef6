import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { insertPosts, uniqueToken } from './support/blog-data'

test.describe('site icon', () => {
  test('/favicon.ico is a small icon, not a page', async ({ request }) => {
    const response = await request.get('/favicon.ico')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
    const body = await response.body()
    expect(body.length).toBeLessThan(10_000)
    // An ICO header (reserved 0, type 1) naming 16, 32 and 48 pixel images, each a PNG.
    expect(body.readUInt16LE(0)).toBe(0)
    expect(body.readUInt16LE(2)).toBe(1)
    const count = body.readUInt16LE(4)
    const sizes: number[] = []
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i
      sizes.push(body[entry])
      const offset = body.readUInt32LE(entry + 12)
      expect(body.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a')
    }
    expect(sizes).toEqual([16, 32, 48])
  })

  test('every page names the icon', async ({ page }) => {
    await page.goto('/about')
    await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1)
    await expect(page.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1)
  })
})

test.describe('paged lists', () => {
  const token = uniqueToken('qpage')
  const category = `Paging ${token}`
  const categoryPath = `/blog/category/paging-${token}`

  test.beforeAll(() => {
    // 25 posts: three pages of the category, and at least three of the blog.
    insertPosts(
      Array.from({ length: 25 }, (_, i) => ({
        title: `${token} paged post ${i}`,
        slug: `${token}-paged-${i}`,
        minutesAgo: 30 + i,
        categories: [category],
      })),
    )
  })

  async function headLinks(page: Page) {
    const href = (rel: string) =>
      page
        .locator(`link[rel="${rel}"]`)
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
        .then((all) => (all.length ? all : [null]))
    return { canonical: await href('canonical'), prev: await href('prev'), next: await href('next') }
  }

  test('each page of the blog is its own canonical address, linked to the pages beside it', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/blog')
    expect(await headLinks(page)).toEqual({
      canonical: [`${baseURL}/blog`],
      prev: [null],
      next: [`${baseURL}/blog?page=2`],
    })
    await page.goto('/blog?page=2')
    expect(await headLinks(page)).toEqual({
      canonical: [`${baseURL}/blog?page=2`],
      prev: [`${baseURL}/blog`],
      next: [`${baseURL}/blog?page=3`],
    })
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/blog?page=2`)
    await expect(page).toHaveTitle(/^Blog – Page 2 \|/)
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  })

  test('so is each page of a category, and the last page has no next', async ({ page, baseURL }) => {
    await page.goto(`${categoryPath}?page=2`)
    expect(await headLinks(page)).toEqual({
      canonical: [`${baseURL}${categoryPath}?page=2`],
      prev: [`${baseURL}${categoryPath}`],
      next: [`${baseURL}${categoryPath}?page=3`],
    })
    await page.goto(`${categoryPath}?page=3`)
    expect(await headLinks(page)).toEqual({
      canonical: [`${baseURL}${categoryPath}?page=3`],
      prev: [`${baseURL}${categoryPath}?page=2`],
      next: [null],
    })
  })
})
