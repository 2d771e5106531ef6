import { absoluteUrl } from '~/lib/seo'
import { escapeXml, rfc822Date, w3cDate, xmlElement } from '~/lib/xml'
import { PUBLIC_PAGES } from '~/public-pages'

/** The public pages listed in the pages sitemap (the blog posts have their own). */
export const SITEMAP_PATHS: readonly string[] = PUBLIC_PAGES.filter((page) => page.sitemap).map((page) => page.path)

export interface FeedSite {
  siteUrl: string
  brandName: string
}

export interface FeedPost {
  title: string
  slug: string
  excerpt: string | null
  published_at: string | null
  updated_at: string
  categories: string[]
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

/** RSS 2.0 with an atom:link to itself; one item per post, newest first as given. */
export function buildRss(site: FeedSite, posts: FeedPost[], now: Date = new Date()): string {
  const blogUrl = absoluteUrl(site.siteUrl, '/blog')
  const selfUrl = absoluteUrl(site.siteUrl, '/api/blog-rss')
  const lastBuild = posts[0]?.published_at ?? now.toISOString()
  const items = posts.map((post) => {
    const link = absoluteUrl(site.siteUrl, `/blog/${post.slug}`)
    return [
      '<item>',
      xmlElement('title', post.title),
      xmlElement('link', link),
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      post.published_at ? xmlElement('pubDate', rfc822Date(post.published_at)) : '',
      xmlElement('description', post.excerpt ?? ''),
      ...post.categories.map((name) => xmlElement('category', name)),
      '</item>',
    ]
      .filter(Boolean)
      .join('')
  })
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    xmlElement('title', `${site.brandName} Blog`),
    xmlElement('link', blogUrl),
    xmlElement(
      'description',
      `News, product guides and store updates from ${site.brandName}, a medical marijuana dispensary in Norman, Oklahoma.`,
    ),
    xmlElement('language', 'en-us'),
    xmlElement('lastBuildDate', rfc822Date(lastBuild)),
    `<atom:link href="${escapeXml(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}

export interface SitemapEntry {
  path: string
  lastmod?: string | null
}

/** A sitemaps.org <urlset>. */
export function buildUrlset(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? w3cDate(entry.lastmod) : ''
    return `<url>${xmlElement('loc', absoluteUrl(siteUrl, entry.path))}${xmlElement('lastmod', lastmod)}</url>`
  })
  return [
    XML_DECLARATION,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** The blog sitemap: every visible post with the later of its publish and edit times. */
export function buildBlogSitemap(
  siteUrl: string,
  posts: { slug: string; updated_at: string; published_at: string | null }[],
): string {
  return buildUrlset(
    siteUrl,
    posts.map((post) => ({
      path: `/blog/${post.slug}`,
      lastmod: latest(post.updated_at, post.published_at),
    })),
  )
}

/** A sitemaps.org <sitemapindex> naming other sitemaps. */
export function buildSitemapIndex(siteUrl: string, paths: string[]): string {
  return [
    XML_DECLARATION,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `<sitemap>${xmlElement('loc', absoluteUrl(siteUrl, path))}</sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n')
}

/** robots.txt: the public site is open, /admin is not, and the sitemap index is named. */
export function buildRobotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
}

function latest(a: string | null, b: string | null): string | null {
  const times = [a, b].filter((v): v is string => !!v && !Number.isNaN(new Date(v).getTime()))
  if (times.length === 0) return null
  // Stryker disable next-line EqualityOperator: equivalent mutant (>=): for two equal times either one is the answer
  return times.reduce((x, y) => (new Date(x) > new Date(y) ? x : y))
}
