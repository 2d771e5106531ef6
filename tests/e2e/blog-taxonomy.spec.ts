import { expect, test } from './fixtures'
import { insertPosts, insertTaxonomy, uniqueToken } from './support/blog-data'

const token = uniqueToken('qtax')
const category = `Wellness ${token}`
const tag = `Indica ${token}`
const categorySlug = `wellness-${token}`
const tagSlug = `indica-${token}`

test.beforeAll(() => {
  insertPosts([
    ...Array.from({ length: 13 }, (_, i) => ({
      title: `${token} wellness read ${i}`,
      slug: `${token}-w-${i}`,
      excerpt: `Wellness excerpt ${i}.`,
      minutesAgo: 20 + i,
      read_minutes: 2,
      categories: [category],
      tags: i < 2 ? [tag] : [],
    })),
    {
      title: `${token} draft in category`,
      slug: `${token}-w-draft`,
      status: 'draft' as const,
      published_at: null,
      categories: [category],
      tags: [tag],
    },
    {
      title: `${token} future in category`,
      slug: `${token}-w-future`,
      minutesAgo: -600,
      categories: [category],
      tags: [tag],
    },
  ])
  insertTaxonomy('categories', `Empty ${token}`)
  insertTaxonomy('tags', `Lonely ${token}`)
})

test('a category page is headed by its name and lists its published posts, paged', async ({ page, baseURL }) => {
  const response = await page.goto(`/blog/category/${categorySlug}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(12)
  const card = page.getByRole('article').first()
  await expect(card.getByRole('heading', { name: `${token} wellness read 0` })).toBeVisible()
  await expect(card.getByText('2 min read')).toBeVisible()
  await expect(card.getByText('Wellness excerpt 0.')).toBeVisible()
  await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
  await expect(card.getByRole('link', { name: 'Read More' })).toHaveAttribute('href', `/blog/${token}-w-0`)
  await expect(page.getByText(`${token} draft in category`)).toHaveCount(0)
  await expect(page.getByText(`${token} future in category`)).toHaveCount(0)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/blog/category/${categorySlug}`,
  )

  const pager = page.getByRole('navigation', { name: 'Pagination' })
  await pager.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByRole('article')).toHaveCount(1)
  expect((await page.goto(`/blog/category/${categorySlug}?page=3`))?.status()).toBe(404)
})

test('a tag page lists the posts with that tag', async ({ page }) => {
  const response = await page.goto(`/blog/tag/${tagSlug}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(2)
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0)
})

test('empty category and tag pages say so', async ({ page }) => {
  expect((await page.goto(`/blog/category/empty-${token}`))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: `Empty ${token}` })).toBeVisible()
  await expect(page.getByText('No posts in this category yet.')).toBeVisible()
  expect((await page.goto(`/blog/tag/lonely-${token}`))?.status()).toBe(200)
  await expect(page.getByText('No posts with this tag yet.')).toBeVisible()
})

test('an unknown category or tag answers 404', async ({ page }) => {
  for (const path of [`/blog/category/nope-${token}`, `/blog/tag/nope-${token}`]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: /not found/ })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible()
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('category paging works with plain links', async ({ page }) => {
    await page.goto(`/blog/category/${categorySlug}`)
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(page.getByRole('heading', { name: `${token} wellness read 12` })).toBeVisible()
  })
})
