import { config } from '~/config.server'
import { buildUrlset, feedResponse, SITEMAP_PATHS } from '~/lib/feeds.server'

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
