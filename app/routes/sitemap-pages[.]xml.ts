import { config } from '~/config.server'
import { feedResponse } from '~/http/http-cache.server'
import { buildUrlset, SITEMAP_PATHS } from '~/lib/feeds.server'

/** The public pages of the site (the blog posts are in /api/blog-sitemap). */
export function loader() {
  return feedResponse(
    buildUrlset(
      config().SITE_URL,
      SITEMAP_PATHS.map((path) => ({ path })),
    ),
    'application/xml; charset=utf-8',
  )
}
