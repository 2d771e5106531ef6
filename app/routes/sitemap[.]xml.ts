import { config } from '~/config.server'
import { buildSitemapIndex, feedResponse } from '~/lib/feeds.server'

/** The sitemap index: the public pages' sitemap and the blog's. */
export function loader() {
  return feedResponse(
    buildSitemapIndex(config().SITE_URL, ['/sitemap-pages.xml', '/api/blog-sitemap']),
    'application/xml; charset=utf-8',
  )
}
