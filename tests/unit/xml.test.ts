import { describe, expect, it } from 'vitest'

import {
  buildBlogSitemap,
  buildRobotsTxt,
  buildRss,
  buildSitemapIndex,
  buildUrlset,
  SITEMAP_PATHS,
} from '~/lib/feeds.server'
import { escapeXml, rfc822Date, stripInvalidXmlChars, w3cDate, xmlElement } from '~/lib/xml'

import { xmlWellFormedError } from '../support/well-formed-xml'

const AWKWARD = `Tom & Jerry's <b>"Best"</b> Buds > the rest \u0000\u0008\u000B\u001F\uFFFE end \uD800 ok 🌿`

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`& < > " '`)).toBe('&amp; &lt; &gt; &quot; &apos;')
  })
  it('escapes an ampersand that already looks like an entity (no double meaning)', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;')
  })
  it('drops characters XML 1.0 forbids but keeps tabs, new lines and astral characters', () => {
    expect(stripInvalidXmlChars('a\u0000b\u0007c\u000Bd\u001Fe\uFFFEf\uFFFFg')).toBe('abcdefg')
    expect(stripInvalidXmlChars('tab\there\nline\r🌿')).toBe('tab\there\nline\r🌿')
    expect(stripInvalidXmlChars('lone \uD800 high and \uDC00 low')).toBe('lone  high and  low')
  })
  it('turns null and undefined into nothing and numbers into text', () => {
    expect(escapeXml(null)).toBe('')
    expect(escapeXml(undefined)).toBe('')
    expect(escapeXml(42)).toBe('42')
    expect(xmlElement('title', '')).toBe('')
    expect(xmlElement('title', null)).toBe('')
    expect(xmlElement('title', undefined)).toBe('')
    expect(xmlElement('count', 0)).toBe('<count>0</count>')
    expect(xmlElement('title', 'A & B')).toBe('<title>A &amp; B</title>')
  })
  it('makes an awkward title well-formed inside an element and an attribute', () => {
    expect(xmlWellFormedError(`<a t="${escapeXml(AWKWARD)}">${escapeXml(AWKWARD)}</a>`)).toBeNull()
  })
})

describe('dates', () => {
  it('writes RFC 822 dates for RSS and ISO dates for sitemaps', () => {
    expect(rfc822Date('2026-11-22T18:00:00.000Z')).toBe('Sun, 22 Nov 2026 18:00:00 GMT')
    expect(w3cDate('2026-11-22T18:00:00Z')).toBe('2026-11-22T18:00:00.000Z')
    expect(rfc822Date('not a date')).toBe('')
    expect(w3cDate('')).toBe('')
  })
})

describe('the well-formedness check itself', () => {
  it.each([
    ['<a>&</a>', 'bad entity'],
    ['<a>x < y</a>', 'bad tag'],
    ['<a><b></a></b>', 'closes'],
    ['<a>', 'unclosed'],
    ['<a/><b/>', 'more than one root'],
    ['<a t=x/>', 'not quoted'],
    ['<a t="1" t="2"/>', 'duplicate'],
    ['<a>\u0001</a>', 'not allowed'],
    ['<a t="<"/>', "'<'"],
    ['text<a/>', 'outside'],
  ])('rejects %s', (xml, reason) => {
    expect(xmlWellFormedError(xml)).toContain(reason)
  })
  it('accepts a normal document', () => {
    expect(
      xmlWellFormedError(
        '<?xml version="1.0" encoding="UTF-8"?>\n<a x="1"><b>&amp;&#38;&#x26;</b><!-- c --><c/></a>\n',
      ),
    ).toBeNull()
  })
})

const SITE = { siteUrl: 'https://example.com', brandName: 'Smith & Sons <Cannabis> "Co"' }
const POSTS = [
  {
    title: AWKWARD,
    slug: 'awkward-title',
    excerpt: `Excerpt with & and <script>alert("x")</script> and ]]> too`,
    published_at: '2026-11-20T15:00:00.000Z',
    updated_at: '2026-11-21T15:00:00.000Z',
    categories: ['Guides & How-tos', '<Edibles>'],
  },
  {
    title: 'Plain',
    slug: 'plain',
    excerpt: null,
    published_at: '2026-11-01T15:00:00.000Z',
    updated_at: '2026-10-01T15:00:00.000Z',
    categories: [],
  },
]

describe('RSS', () => {
  const xml = buildRss(SITE, POSTS, new Date('2026-11-22T00:00:00Z'))
  it('is well-formed with awkward titles, excerpts, categories and brand', () => {
    expect(xmlWellFormedError(xml)).toBeNull()
  })
  it('is RSS 2.0 with a self link and one item per post carrying link, guid, pubDate, description and categories', () => {
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">')
    expect(xml).toContain('<atom:link href="https://example.com/api/blog-rss" rel="self" type="application/rss+xml"/>')
    expect(xml.match(/<item>/g)).toHaveLength(2)
    expect(xml).toContain('<link>https://example.com/blog/awkward-title</link>')
    expect(xml).toContain('<guid isPermaLink="true">https://example.com/blog/awkward-title</guid>')
    expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 15:00:00 GMT</pubDate>')
    expect(xml).toContain('<category>Guides &amp; How-tos</category>')
    expect(xml).toContain('<category>&lt;Edibles&gt;</category>')
    expect(xml).toContain('&lt;script&gt;')
    expect(xml).not.toContain('<script>')
    expect(xml).toContain('<title>Smith &amp; Sons &lt;Cannabis&gt; &quot;Co&quot; Blog</title>')
  })
  it('is well-formed with no posts', () => {
    expect(xmlWellFormedError(buildRss(SITE, []))).toBeNull()
  })
})

describe('sitemaps and robots.txt', () => {
  it('lists every post with the later of its publish and edit times', () => {
    const xml = buildBlogSitemap('https://example.com', POSTS)
    expect(xmlWellFormedError(xml)).toBeNull()
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toContain(
      '<url><loc>https://example.com/blog/awkward-title</loc><lastmod>2026-11-21T15:00:00.000Z</lastmod></url>',
    )
    expect(xml).toContain(
      '<url><loc>https://example.com/blog/plain</loc><lastmod>2026-11-01T15:00:00.000Z</lastmod></url>',
    )
  })
  it('escapes odd paths and makes an index of sitemaps', () => {
    expect(xmlWellFormedError(buildUrlset('https://example.com', [{ path: "/a?b=1&c='2'" }]))).toBeNull()
    const index = buildSitemapIndex('https://example.com', ['/sitemap-pages.xml', '/api/blog-sitemap'])
    expect(xmlWellFormedError(index)).toBeNull()
    expect(index).toContain('<sitemap><loc>https://example.com/api/blog-sitemap</loc></sitemap>')
    expect(SITEMAP_PATHS).toContain('/blog')
  })
  it('opens the site, closes /admin and names the sitemap', () => {
    expect(buildRobotsTxt('https://example.com')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: https://example.com/sitemap.xml\n',
    )
  })
})
