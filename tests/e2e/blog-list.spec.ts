import { expect, test } from './fixtures'
import { insertPosts, uniqueToken } from './support/blog-data'

// 14 matching posts: 12 on page 1, 2 on page 2. Plus a draft and a future post that must never show.
const token = uniqueToken('qlist')
const titleOf = (i: number) => `${token} patient note ${String(i).padStart(2, '0')}`

test.beforeAll(() => {
  insertPosts([
    ...Array.from({ length: 14 }, (_, i) => ({
      title: titleOf(i),
      slug: `${token}-note-${i}`,
      excerpt: `Excerpt for note ${i}: what to expect at the counter.`,
      minutesAgo: 10 + i,
      author: 'Dana Whitfield',
      read_minutes: 4,
      hero_image_url: i === 0 ? '/images/hero.svg' : null,
    })),
    { title: `${token} hidden draft`, slug: `${token}-draft`, status: 'draft' as const },
    { title: `${token} future post`, slug: `${token}-future`, minutesAgo: -600 },
    {
      title: `${token} 100% literal_match`,
      slug: `${token}-percent`,
      excerpt: 'Wildcards taken literally.',
      minutesAgo: 5000,
    },
  ])
})

test('the list shows cards with date, read time, title, excerpt, author and Read More', async ({ page }) => {
  const response = await page.goto(`/blog?q=${token}%20patient`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible()
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(12)
  const first = cards.first()
  await expect(first.getByRole('heading', { name: titleOf(0) })).toBeVisible()
  await expect(first.getByText('4 min read')).toBeVisible()
  await expect(first.getByText('Dana Whitfield')).toBeVisible()
  await expect(first.getByText('Excerpt for note 0: what to expect at the counter.')).toBeVisible()
  const expectedDate = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.now() - 10 * 60_000))
  await expect(first.getByText(expectedDate)).toBeVisible()
  await expect(first.getByRole('img')).toHaveCount(0) // decorative image, alt=""
  const image = first.locator('img')
  await expect(image).toHaveAttribute('width', /\d+/)
  await expect(image).toHaveAttribute('height', /\d+/)
  await first.getByRole('link', { name: 'Read More' }).click()
  await expect(page).toHaveURL(new RegExp(`/blog/${token}-note-0$`))
  await expect(page.getByRole('heading', { level: 1, name: titleOf(0) })).toBeVisible()
})

test('drafts and future posts never appear', async ({ page }) => {
  await page.goto(`/blog?q=${token}`)
  await expect(page.getByText(`${token} hidden draft`)).toHaveCount(0)
  await expect(page.getByText(`${token} future post`)).toHaveCount(0)
})

test('the list sets title, description, Open Graph tags and a canonical link to /blog', async ({ page, baseURL }) => {
  await page.goto('/blog?page=1&q=x')
  await expect(page).toHaveTitle(/^Blog \| /)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Blog \| /)
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website')
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog`)
})

test('search is case-insensitive, treats % and _ literally, and says when nothing matches', async ({ page }) => {
  await page.goto('/blog')
  const search = async (text: string) => {
    await page.getByLabel('Search posts').fill(text)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((url) => url.searchParams.get('q') === text)
  }
  await search(`${token.toUpperCase()} 100% LITERAL_MATCH`)
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(page.getByRole('heading', { name: `${token} 100% literal_match` })).toBeVisible()

  // As wildcards, '%' and '_' would match the 14 'patient note' posts; taken literally they match nothing.
  for (const text of [`${token}%note`, `${token}_patient`]) {
    await search(text)
    await expect(page.getByText('No posts found matching your search.')).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(0)
  }
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0)
})

test('pagination: Previous disabled on page 1, Next on the last page, a new search starts at page 1', async ({
  page,
}) => {
  await page.goto(`/blog?q=${token}%20patient`)
  const pager = page.getByRole('navigation', { name: 'Pagination' })
  await expect(pager.getByRole('link', { name: 'Previous' })).toBeDisabled()
  await expect(pager.getByRole('link', { name: 'Next' })).toBeEnabled()
  await pager.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByRole('article')).toHaveCount(2)
  await expect(page.getByRole('heading', { name: titleOf(13) })).toBeVisible()
  await expect(pager.getByRole('link', { name: 'Next' })).toBeDisabled()
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  await pager.getByRole('link', { name: 'Previous' }).click()
  await expect(page.getByRole('article')).toHaveCount(12)

  await page.goto(`/blog?q=${token}%20patient&page=2`)
  await page.getByLabel('Search posts').fill(`${token} patient note 1`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).not.toHaveURL(/page=/)
  await expect(page.getByRole('article')).toHaveCount(4) // notes 10, 11, 12 and 13
})

test('a page that is not a number counts as 1; a page past the last answers 404; page 1 always answers', async ({
  page,
}) => {
  const bad = await page.goto(`/blog?q=${token}%20patient&page=abc`)
  expect(bad?.status()).toBe(200)
  await expect(page.getByRole('article')).toHaveCount(12)

  const past = await page.goto(`/blog?q=${token}%20patient&page=3`)
  expect(past?.status()).toBe(404)
  await expect(page.getByText('There is no page 3 of these results.')).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await page.getByRole('link', { name: 'Back to Blog' }).click()
  await expect(page).toHaveURL(/\/blog$/)

  const empty = await page.goto('/blog?q=nothing-matches-this-at-all&page=1')
  expect(empty?.status()).toBe(200)
  await expect(page.getByText('No posts found matching your search.')).toBeVisible()
  expect((await page.goto('/blog?q=nothing-matches-this-at-all&page=2'))?.status()).toBe(404)
  expect((await page.goto('/blog?page=99999999999'))?.status()).toBe(200) // not a page number: page 1
})

test('while the next page loads, 6 placeholder cards are shown', async ({ page }) => {
  await page.goto(`/blog?q=${token}%20patient`)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/blog.data**', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()
  const busy = page.locator('[aria-busy="true"]')
  await expect(busy).toBeVisible()
  await expect(busy.getByRole('listitem', { includeHidden: true })).toHaveCount(6)
  await expect(page.getByRole('article')).toHaveCount(0)
  release()
  await expect(busy).toHaveCount(0)
  await expect(page.getByRole('article')).toHaveCount(2)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('search and paging work as plain links and forms', async ({ page }) => {
    await page.goto('/blog')
    await page.getByLabel('Search posts').fill(`${token} patient`)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?q=${token}`))
    await expect(page.getByRole('article')).toHaveCount(12)
    const pager = page.getByRole('navigation', { name: 'Pagination' })
    await expect(pager.getByRole('link', { name: 'Previous' })).toBeDisabled()
    await pager.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByRole('article')).toHaveCount(2)
    await expect(pager.getByRole('link', { name: 'Next' })).toBeDisabled()
    await page.getByRole('article').first().getByRole('link', { name: 'Read More' }).click()
    await expect(page.getByRole('heading', { level: 1, name: titleOf(12) })).toBeVisible()
  })

  test('an empty search result says so', async ({ page }) => {
    await page.goto(`/blog?q=${token}-nothing`)
    await expect(page.getByText('No posts found matching your search.')).toBeVisible()
  })
})
