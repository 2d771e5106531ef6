import type { APIRequestContext, Page } from '@playwright/test'

import { PAGES_IN_SITEMAP } from '../support/sitemap-pages'
import { expect, test } from './fixtures'
import { insertPosts, queryE2e, uniqueToken } from './support/blog-data'

const token = uniqueToken('qfeed')
const awkward = `Tom & Jerry's <Best> "Buds" \u0001 ${token}`

test.beforeAll(() => {
  insertPosts([
    {
      title: awkward,
      slug: `${token}-awkward`,
      excerpt: `Excerpt with & and <b>tags</b> and ]]> ${token}`,
      minutesAgo: 1,
      categories: [`News & <Notes> ${token}`],
    },
    { title: `Draft ${token}`, slug: `${token}-draft`, status: 'draft', published_at: null },
    { title: `Future ${token}`, slug: `${token}-future`, minutesAgo: -600 },
  ])
})

/** Parses XML with the browser's strict parser; returns the parse error text, or null. */
async function parseError(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml')
    return doc.getElementsByTagName('parsererror')[0]?.textContent ?? null
  }, xml)
}

/**
 * A blog feed as a reader's app fetches it: answered with its content type,
 * kept for five minutes by caches, and well-formed XML. Returns its text.
 */
async function fetchFeed(page: Page, request: APIRequestContext, path: string, contentType: string) {
  const response = await request.get(path)
  expect(response.status(), path).toBe(200)
  expect(response.headers()['content-type']).toBe(contentType)
  expect(response.headers()['cache-control']).toBe('public, max-age=300')
  const xml = await response.text()
  await page.goto('/blog')
  expect(await parseError(page, xml)).toBeNull()
  return xml
}

test('RSS 2.0: 20 newest visible posts, well-formed with awkward titles, cached 5 minutes', async ({
  page,
  request,
  baseURL,
}) => {
  const xml = await fetchFeed(page, request, '/api/blog-rss', 'application/rss+xml; charset=utf-8')

  const items = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml')
    const root = doc.documentElement
    const self = doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]
    return {
      root: root.nodeName,
      version: root.getAttribute('version'),
      self: self?.getAttribute('href'),
      items: [...doc.querySelectorAll('item')].map((item) => ({
        title: item.querySelector('title')?.textContent,
        link: item.querySelector('link')?.textContent,
        guid: item.querySelector('guid')?.textContent,
        permalink: item.querySelector('guid')?.getAttribute('isPermaLink'),
        pubDate: item.querySelector('pubDate')?.textContent,
        description: item.querySelector('description')?.textContent,
        categories: [...item.querySelectorAll('category')].map((c) => c.textContent),
      })),
    }
  }, xml)
  expect(items.root).toBe('rss')
  expect(items.version).toBe('2.0')
  expect(items.self).toBe(`${baseURL}/api/blog-rss`)
  expect(items.items.length).toBeLessThanOrEqual(20)
  const total = queryE2e<{ n: number }>(
    "SELECT count(*) AS n FROM posts WHERE status = 'published' AND published_at IS NOT NULL AND published_at <= ? AND deleted_at IS NULL",
    new Date().toISOString(),
  )[0].n
  expect(items.items.length).toBe(Math.min(20, total))
  const mine = items.items.find((i) => i.link === `${baseURL}/blog/${token}-awkward`)
  expect(mine).toMatchObject({
    title: `Tom & Jerry's <Best> "Buds"  ${token}`, // the control character is dropped
    guid: `${baseURL}/blog/${token}-awkward`,
    permalink: 'true',
    description: `Excerpt with & and <b>tags</b> and ]]> ${token}`,
    categories: [`News & <Notes> ${token}`],
  })
  expect(mine!.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
  expect(xml).not.toContain(`Draft ${token}`)
  expect(xml).not.toContain(`Future ${token}`)
  // Newest first.
  const dates = items.items.map((i) => new Date(i.pubDate!).getTime())
  expect([...dates].sort((a, b) => b - a)).toEqual(dates)
})

test('the blog sitemap lists every visible post with lastmod', async ({ page, request, baseURL }) => {
  const visibleSlugs = () =>
    queryE2e<{ slug: string }>(
      "SELECT slug FROM posts WHERE status = 'published' AND published_at IS NOT NULL AND published_at <= ? AND deleted_at IS NULL",
      new Date().toISOString(),
    ).map((p) => `${baseURL}/blog/${p.slug}`)
  // Other tests add posts concurrently: the sitemap holds at least what was visible before and at most what is after.
  const before = visibleSlugs()
  const xml = await fetchFeed(page, request, '/api/blog-sitemap', 'application/xml; charset=utf-8')
  const urls = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml')
    return [...doc.getElementsByTagName('url')].map((u) => ({
      loc: u.getElementsByTagName('loc')[0]?.textContent,
      lastmod: u.getElementsByTagName('lastmod')[0]?.textContent,
    }))
  }, xml)
  const after = visibleSlugs()
  const locs = urls.map((u) => u.loc!)
  expect(new Set(locs).size).toBe(locs.length)
  for (const loc of before) expect(locs).toContain(loc)
  for (const loc of locs) expect(after).toContain(loc)
  expect(locs).toContain(`${baseURL}/blog/${token}-awkward`)
  for (const u of urls) expect(new Date(u.lastmod!).getTime()).not.toBeNaN()
  expect(xml).not.toContain(`${token}-draft`)
  expect(xml).not.toContain(`${token}-future`)
})

test('/feed.xml and /sitemap-blog.xml redirect permanently to the resource routes', async ({ request }) => {
  const feed = await request.get('/feed.xml', { maxRedirects: 0 })
  expect(feed.status()).toBe(301)
  expect(feed.headers()['location']).toBe('/api/blog-rss')
  const sitemap = await request.get('/sitemap-blog.xml', { maxRedirects: 0 })
  expect(sitemap.status()).toBe(301)
  expect(sitemap.headers()['location']).toBe('/api/blog-sitemap')
  const followed = await request.get('/feed.xml')
  expect(followed.headers()['content-type']).toContain('application/rss+xml')
})

test('/sitemap.xml is an index of the pages sitemap and the blog sitemap', async ({ page, request, baseURL }) => {
  const index = await request.get('/sitemap.xml')
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8')
  const indexXml = await index.text()
  await page.goto('/blog')
  expect(await parseError(page, indexXml)).toBeNull()
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
  expect(indexXml).toContain('<sitemapindex')
  expect(locs(indexXml)).toEqual([`${baseURL}/sitemap-pages.xml`, `${baseURL}/api/blog-sitemap`])

  const pages = await request.get('/sitemap-pages.xml')
  const pagesXml = await pages.text()
  expect(await parseError(page, pagesXml)).toBeNull()
  expect(locs(pagesXml)).toEqual(PAGES_IN_SITEMAP.map((p) => new URL(p, baseURL).toString()))
})

test('/robots.txt allows the site, disallows /admin and names the sitemap', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt')
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
  const text = await response.text()
  expect(text).toContain('User-agent: *')
  expect(text).toContain('Allow: /')
  expect(text).toMatch(/^Disallow: \/admin$/m)
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})
