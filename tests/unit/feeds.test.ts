import { describe, expect, it } from 'vitest'

import { FEED_CACHE_CONTROL, feedResponse } from '~/http/http-cache.server'
import { buildBlogSitemap, buildRss, buildUrlset, SITEMAP_PATHS } from '~/lib/feeds.server'

import { PAGES_IN_SITEMAP } from '../support/sitemap-pages'

const SITE = { siteUrl: 'https://shop.example', brandName: 'Green Leaf' }

describe('the RSS feed', () => {
  it('describes the blog and dates itself by its newest post', () => {
    const xml = buildRss(SITE, [
      {
        title: 'New',
        slug: 'new',
        excerpt: 'Fresh',
        published_at: '2026-11-20T15:00:00.000Z',
        updated_at: '2026-11-20T15:00:00.000Z',
        categories: [],
      },
    ])
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true)
    expect(xml).toContain('<title>Green Leaf Blog</title>')
    expect(xml).toContain('<link>https://shop.example/blog</link>')
    expect(xml).toContain(
      '<description>News, product guides and store updates from Green Leaf, a medical marijuana dispensary in Norman, Oklahoma.</description>',
    )
    expect(xml).toContain('<language>en-us</language>')
    expect(xml).toContain('<lastBuildDate>Fri, 20 Nov 2026 15:00:00 GMT</lastBuildDate>')
    expect(xml).toContain('<item><title>New</title>')
  })

  it('without posts, is dated now', () => {
    const xml = buildRss(SITE, [], new Date('2026-11-22T06:00:00Z'))
    expect(xml).toContain('<lastBuildDate>Sun, 22 Nov 2026 06:00:00 GMT</lastBuildDate>')
    expect(xml).not.toContain('<item>')
  })

  it('gives an undated post no publication date and an empty excerpt no description', () => {
    const xml = buildRss(
      SITE,
      [
        {
          title: 'Undated',
          slug: 'u',
          excerpt: null,
          published_at: null,
          updated_at: '2026-11-20T15:00:00.000Z',
          categories: [],
        },
      ],
      new Date('2026-11-22T06:00:00Z'),
    )
    const item = xml.slice(xml.indexOf('<item>'), xml.indexOf('</item>') + 7)
    expect(item).toBe(
      '<item><title>Undated</title><link>https://shop.example/blog/u</link><guid isPermaLink="true">https://shop.example/blog/u</guid></item>',
    )
  })
})

describe('the sitemaps', () => {
  it('give a post the later of its two dates, whichever it is, and leave out dates that cannot be read', () => {
    const posts = [
      { slug: 'edited', updated_at: '2026-11-21T00:00:00.000Z', published_at: '2026-11-20T00:00:00.000Z' },
      { slug: 'scheduled-ahead', updated_at: '2026-11-01T00:00:00.000Z', published_at: '2026-11-05T00:00:00.000Z' },
      { slug: 'no-date', updated_at: 'garbage', published_at: null },
    ]
    const xml = buildBlogSitemap('https://shop.example', posts)
    expect(xml).toContain('<loc>https://shop.example/blog/edited</loc><lastmod>2026-11-21T00:00:00.000Z</lastmod>')
    expect(xml).toContain(
      '<loc>https://shop.example/blog/scheduled-ahead</loc><lastmod>2026-11-05T00:00:00.000Z</lastmod>',
    )
    expect(xml).toContain('<url><loc>https://shop.example/blog/no-date</loc></url>')
  })

  it('list pages without a date when they have none', () => {
    expect(buildUrlset('https://shop.example', [{ path: '/about' }, { path: '/blog', lastmod: null }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://shop.example/about</loc></url>\n<url><loc>https://shop.example/blog</loc></url>\n</urlset>\n',
    )
  })

  it('list every public page in the pages sitemap', () => {
    expect([...SITEMAP_PATHS]).toEqual(PAGES_IN_SITEMAP)
  })
})

describe('a feed response', () => {
  // (nosniff comes with every response from the server's security headers, tested there.)
  it('carries its type and may be kept five minutes', async () => {
    const response = feedResponse('<rss/>', 'application/rss+xml; charset=utf-8')
    expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(FEED_CACHE_CONTROL).toBe('public, max-age=300')
    expect(await response.text()).toBe('<rss/>')
  })
})
