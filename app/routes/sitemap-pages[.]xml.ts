import { config } from '~/config.server'
import { buildUrlset, feedResponse, PUBLIC_PAGES } from '~/lib/feeds.server'

/** The public pages of the site (the blog posts are in /api/blog-sitemap). */
export function loader() {
  return feedResponse(
    buildUrlset(
      config().SITE_URL,
      PUBLIC_PAGES.map((path) => ({ path })),
    ),
    'application/xml; charset=utf-8',
  )
}
