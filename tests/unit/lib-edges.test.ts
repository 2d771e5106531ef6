import { describe, expect, it } from 'vitest'

import { buildBlogSitemap, buildSitemapIndex } from '~/lib/feeds.server'
import { HIGHLIGHT_REVIEWS } from '~/lib/highlight-reviews'
import { svgDimensions } from '~/lib/image-type'

describe('the highlight reviews at the top of the reviews page', () => {
  it('are the four chosen five-star quotes, each with its author and where it was posted', () => {
    expect(HIGHLIGHT_REVIEWS.map((r) => [r.author, r.source, r.rating])).toEqual([
      ['Danielle R.', 'Google', 5],
      ['Marcus T.', 'Leafly', 5],
      ['Jen W.', 'Weedmaps', 5],
      ['Carlos M.', 'Google', 5],
    ])
    expect(HIGHLIGHT_REVIEWS[0].quote).toMatch(/^The budtenders took their time with me on my first visit/)
    expect(HIGHLIGHT_REVIEWS[1].quote).toMatch(/^Huge selection and fair prices\./)
    expect(HIGHLIGHT_REVIEWS[2].quote).toMatch(/^Ordered online on my lunch break/)
    expect(HIGHLIGHT_REVIEWS[3].quote).toMatch(/^Clean store, open late/)
  })
})

describe('the sitemap index', () => {
  it('is exactly an XML declaration, the index and a final new line', () => {
    expect(buildSitemapIndex('https://shop.example', ['/sitemap-pages.xml'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://shop.example/sitemap-pages.xml</loc></sitemap>\n</sitemapindex>\n',
    )
  })

  it('dates a post by the date that can be read when the other cannot', () => {
    const xml = buildBlogSitemap('https://shop.example', [
      { slug: 'a', updated_at: '2026-11-21T00:00:00.000Z', published_at: 'not a date' },
    ])
    expect(xml).toContain('<loc>https://shop.example/blog/a</loc><lastmod>2026-11-21T00:00:00.000Z</lastmod>')
  })
})

describe('the size of an SVG with a viewBox and only one side given', () => {
  it('scales the other side to the viewBox’s proportions', () => {
    expect(svgDimensions('<svg viewBox="0 0 200 100" height="50">')).toEqual({ width: 100, height: 50 })
    expect(svgDimensions('<svg viewBox="0 0 200 100" width="50">')).toEqual({ width: 50, height: 25 })
    expect(svgDimensions('<svg viewBox="0 0 200 100">')).toEqual({ width: 200, height: 100 })
  })
})
