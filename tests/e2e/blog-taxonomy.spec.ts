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
  insertPosts([
    {
      title: `${token} unannounced launch`,
      slug: `${token}-plans-draft`,
      status: 'draft' as const,
      published_at: null,
      categories: [`Plans ${token}`],
      tags: [`Secret ${token}`],
    },
    {
      title: `${token} launch next week`,
      slug: `${token}-plans-scheduled`,
      minutesAgo: -60 * 24 * 7,
      categories: [`Upcoming ${token}`],
      tags: [`Soon ${token}`],
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

test('a category or tag no published post uses answers 404, exactly like an unknown one', async ({ page }) => {
  const unknown = {
    category: await page.goto(`/blog/category/nope-${token}`).then(async (r) => ({
      status: r?.status(),
      text: await page.getByRole('main').innerText(),
    })),
    tag: await page.goto(`/blog/tag/nope-${token}`).then(async (r) => ({
      status: r?.status(),
      text: await page.getByRole('main').innerText(),
    })),
  }
  expect(unknown.category.status).toBe(404)
  const cases = [
    { kind: 'category', slug: `plans-${token}`, name: `Plans ${token}`, empty: 'No posts in this category yet.' },
    { kind: 'category', slug: `upcoming-${token}`, name: `Upcoming ${token}`, empty: 'No posts in this category yet.' },
    { kind: 'category', slug: `empty-${token}`, name: `Empty ${token}`, empty: 'No posts in this category yet.' },
    { kind: 'tag', slug: `secret-${token}`, name: `Secret ${token}`, empty: 'No posts with this tag yet.' },
    { kind: 'tag', slug: `soon-${token}`, name: `Soon ${token}`, empty: 'No posts with this tag yet.' },
    { kind: 'tag', slug: `lonely-${token}`, name: `Lonely ${token}`, empty: 'No posts with this tag yet.' },
  ] as const
  for (const { kind, slug, name, empty } of cases) {
    const path = `/blog/${kind}/${slug}`
    expect((await page.goto(path))?.status(), path).toBe(404)
    await expect(page.getByText(empty)).toBeVisible()
    await expect(page.getByText(name)).toHaveCount(0)
    await expect(page.getByText(token)).toHaveCount(0)
    expect(await page.getByRole('main').innerText(), path).toBe(unknown[kind].text)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  }
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
