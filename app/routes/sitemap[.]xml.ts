import { config } from '~/config.server'
import { feedResponse } from '~/http/http-cache.server'
import { buildSitemapIndex } from '~/lib/feeds.server'

/** The sitemap index: the public pages' sitemap and the blog's. */
export function loader() {
  return feedResponse(
    buildSitemapIndex(config().SITE_URL, ['/sitemap-pages.xml', '/api/blog-sitemap']),
    'application/xml; charset=utf-8',
  )
}
