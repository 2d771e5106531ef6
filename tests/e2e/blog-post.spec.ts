import { expect, test } from './fixtures'
import { insertPosts, queryE2e, uniqueToken } from './support/blog-data'
import { signIn } from './support/session'

const token = uniqueToken('qpost')
const slug = `${token}-terpenes`
const title = `Terpenes & "Aroma" <Basics> ${token}`
const content = [
  'Terpenes are the aromatic compounds that give each cultivar its character. This guide explains what to look for on a label and how to talk with our budtenders about aroma profiles before you buy.',
  '',
  '## What the label tells you',
  '',
  'Look for the **lab results** and the harvest date. See our [deals page](/deals) and [state rules](https://oklahoma.gov/omma.html).',
  '',
  '![A jar of flower on the counter](/images/gallery/shop-counter.svg)',
  '',
  '[bad link](javascript:window.__xss=1)',
  '',
  '<img src="x" onerror="window.__xss=2">',
  '',
  '<script>window.__xss=3</script>',
].join('\n')

test.beforeAll(() => {
  insertPosts([
    {
      title,
      slug,
      excerpt: 'What terpenes are and how to read them on a label.',
      content,
      author: 'Dana Whitfield',
      read_minutes: 6,
      hero_image_url: '/images/hero.svg',
      categories: [`Guides ${token}`],
      tags: [`Aroma ${token}`],
    },
    {
      title: `SEO fields ${token}`,
      slug: `${token}-seo`,
      content: 'Body text.',
      meta_title: 'A custom meta title',
      meta_description: 'A custom description written by staff.',
      og_image_url: '/images/og-custom.png',
      hero_image_url: '/images/hero.svg',
    },
    { title: `Plain ${token}`, slug: `${token}-plain`, content: 'Short body.' },
    { title: `Draft ${token}`, slug: `${token}-draft`, status: 'draft', published_at: null, content: 'Draft body.' },
    { title: `Scheduled ${token}`, slug: `${token}-scheduled`, status: 'scheduled', minutesAgo: -24 * 60 },
    { title: `Future ${token}`, slug: `${token}-future`, minutesAgo: -24 * 60 },
  ])
})

test('a post shows its header, hero, body, categories, tags, share row and back links', async ({ page }) => {
  const response = await page.goto(`/blog/${slug}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog')
  const main = page.getByRole('main')
  await expect(main.getByText('Dana Whitfield')).toBeVisible()
  await expect(main.getByText('6 min read')).toBeVisible()
  await expect(main.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)

  const hero = page.getByRole('img', { name: `Illustration for “${title}”` })
  await expect(hero).toHaveAttribute('loading', 'eager')
  await expect(hero).toHaveAttribute('width', /\d+/)
  await expect(hero).toHaveAttribute('height', /\d+/)

  await expect(page.getByRole('heading', { level: 2, name: 'What the label tells you' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'A jar of flower on the counter' })).toHaveAttribute('loading', 'lazy')
  await expect(page.getByRole('link', { name: 'state rules' })).toHaveAttribute('rel', 'noopener noreferrer')
  // Unsafe markdown stays inert.
  await expect(page.getByText('bad link')).toBeVisible()
  expect(await page.getByText('bad link').getAttribute('href')).toBeNull()
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()

  await page.getByRole('link', { name: `Guides ${token}` }).click()
  await expect(page).toHaveURL(new RegExp(`/blog/category/guides-${token}$`))
  await page.goBack()
  await expect(page.getByRole('link', { name: `#Aroma ${token}` })).toHaveAttribute('href', `/blog/tag/aroma-${token}`)

  await expect(page.getByText('Share this article:')).toBeVisible()
  await page.getByRole('link', { name: 'Back to All Posts' }).click()
  await expect(page).toHaveURL(/\/blog$/)
})

test('search-engine data: fallback title and description, article type, images, canonical and JSON-LD', async ({
  page,
  baseURL,
}) => {
  await page.goto(`/blog/${slug}`)
  const brand = (await page.locator('meta[property="og:site_name"]').getAttribute('content'))!
  expect(brand.length).toBeGreaterThan(3)
  await expect(page).toHaveTitle(`${title} | ${brand} Blog`)
  const description = await page.locator('meta[name="description"]').getAttribute('content')
  expect(description).toBe(content.split('\n')[0].slice(0, 160).trim())
  expect(description!.length).toBeLessThanOrEqual(160)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} | ${brand} Blog`)
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description!)
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/images/hero.svg`)
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', `${title} | ${brand} Blog`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog/${slug}`)

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!)
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: title,
    author: { '@type': 'Person', name: 'Dana Whitfield' },
    image: [`${baseURL}/images/hero.svg`],
    publisher: { '@type': 'Organization', name: brand, logo: { url: `${baseURL}/images/logo.svg` } },
    mainEntityOfPage: { '@id': `${baseURL}/blog/${slug}` },
  })
  expect(new Date(ld.datePublished).getTime()).not.toBeNaN()
  expect(new Date(ld.dateModified).getTime()).not.toBeNaN()
})

test('staff SEO fields win: meta title, meta description and social image', async ({ page, baseURL }) => {
  await page.goto(`/blog/${token}-seo`)
  await expect(page).toHaveTitle('A custom meta title')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'A custom description written by staff.',
  )
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/images/og-custom.png`)
  await page.goto(`/blog/${token}-plain`)
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    `${baseURL}/images/social-default.png`,
  )
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Short body.')
})

test('Share: social options open a 600×400 window without opener and the dropdown closes', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: unknown[][] = []
    ;(window as unknown as { __opened: unknown[][] }).__opened = calls
    window.open = (...args: unknown[]) => {
      calls.push(args)
      return null
    }
  })
  await page.goto(`/blog/${slug}`)
  const share = page.getByText('Share', { exact: true })
  await share.click()
  const menu = page.getByRole('list', { name: 'Share options' })
  await expect(menu).toBeVisible()
  await menu.getByRole('link', { name: 'X (Twitter)' }).click()
  await expect(menu).toBeHidden()
  const opened = await page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened)
  expect(opened).toHaveLength(1)
  expect(opened[0][0]).toContain('https://twitter.com/intent/tweet?url=')
  expect(opened[0][0]).toContain(encodeURIComponent(`/blog/${slug}`))
  expect(opened[0][1]).toBe('_blank')
  expect(opened[0][2]).toBe('noopener,noreferrer,width=600,height=400')
  expect(page.url()).toContain(`/blog/${slug}`) // we stayed on the post

  await share.click()
  await menu.getByRole('link', { name: 'Facebook' }).click()
  await page.getByRole('list', { name: 'Share this article' }).getByRole('link', { name: 'Reddit' }).click()
  const all = await page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened)
  expect(all.map((c) => new URL(c[0]).hostname)).toEqual(['twitter.com', 'www.facebook.com', 'www.reddit.com'])
})

test('Share: Copy Link copies the address and shows the toast; Escape closes the menu', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await page.goto(`/blog/${slug}`)
  const share = page.getByText('Share', { exact: true })
  await share.click()
  const menu = page.getByRole('list', { name: 'Share options' })
  await menu.getByRole('link', { name: 'Copy Link' }).click()
  await expect(page.getByText('Link copied!')).toBeVisible()
  await expect(page.getByText('Blog post link copied to clipboard')).toBeVisible()
  await expect(menu).toBeHidden()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${slug}`)

  await share.click()
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(share).toBeFocused()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the share options are ordinary links opening in a new tab', async ({ page }) => {
    await page.goto(`/blog/${slug}`)
    await page.getByText('Share', { exact: true }).click()
    const menu = page.getByRole('list', { name: 'Share options' })
    await expect(menu).toBeVisible()
    for (const name of ['Facebook', 'X (Twitter)', 'Reddit']) {
      const link = menu.getByRole('link', { name })
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      await expect(link).toHaveAttribute('href', /^https:\/\//)
    }
    await expect(menu.getByRole('link', { name: 'Copy Link' })).toBeVisible()
  })
})

test('unknown, draft, scheduled and future posts answer 404 with Post Not Found', async ({ page }) => {
  for (const s of ['no-such-post-anywhere', `${token}-draft`, `${token}-scheduled`, `${token}-future`, 'Bad%20Slug!']) {
    const response = await page.goto(`/blog/${s}`)
    expect(response?.status(), s).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible()
    await expect(page.getByText("Sorry, we couldn't find the blog post you're looking for.")).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog')
    await expect(page.getByText('Preview – not published')).toHaveCount(0)
  }
})

test('a signed-in admin previews a draft with a banner and noindex; a non-admin gets 404', async ({
  browser,
  baseURL,
}) => {
  const [seeded] = queryE2e<{ slug: string }>("SELECT slug FROM posts WHERE status = 'draft' ORDER BY id LIMIT 1")
  expect(seeded).toBeDefined()

  const admin = await browser.newContext()
  await admin.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
  await signIn(admin, baseURL!)
  const adminPage = await admin.newPage()
  const response = await adminPage.goto(`/blog/${token}-draft`)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toContain('no-store')
  await expect(adminPage.getByText('Preview – not published')).toBeVisible()
  await expect(adminPage.getByRole('heading', { level: 1, name: `Draft ${token}` })).toBeVisible()
  await expect(adminPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  expect((await adminPage.goto(`/blog/${token}-scheduled`))?.status()).toBe(200)
  await expect(adminPage.getByText('Preview – not published')).toBeVisible()
  expect((await adminPage.goto(`/blog/${seeded.slug}`))?.status()).toBe(200)
  // Published posts show no banner, even to staff.
  await adminPage.goto(`/blog/${slug}`)
  await expect(adminPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(adminPage.getByText('Preview – not published')).toHaveCount(0)
  await admin.close()

  const staff = await browser.newContext()
  await staff.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
  await signIn(staff, baseURL!, { email: 'staff@example.com', admin: false })
  const staffPage = await staff.newPage()
  expect((await staffPage.goto(`/blog/${token}-draft`))?.status()).toBe(404)
  await expect(staffPage.getByRole('heading', { name: 'Post Not Found' })).toBeVisible()
  await staff.close()
})
