import { config } from '~/config.server'
import { feedResponse } from '~/http/http-cache.server'
import { buildBlogSitemap } from '~/lib/feeds.server'
import { listPostsForSitemap } from '~/models/posts.server'

/** sitemaps.org XML of every visible post with its lastmod. */
export async function loader() {
  const posts = await listPostsForSitemap()
  return feedResponse(buildBlogSitemap(config().SITE_URL, posts), 'application/xml; charset=utf-8')
}
