import { config } from '~/config.server'
import { feedResponse } from '~/http/http-cache.server'
import { buildRss } from '~/lib/feeds.server'
import { listPostsForFeed } from '~/models/posts.server'
import { getSettings } from '~/models/settings.server'

/** The blog's RSS 2.0 feed: the 20 newest visible posts. */
export async function loader() {
  const [posts, settings] = await Promise.all([listPostsForFeed(20), getSettings()])
  const xml = buildRss({ siteUrl: config().SITE_URL, brandName: settings.brand_name }, posts)
  return feedResponse(xml, 'application/rss+xml; charset=utf-8')
}
