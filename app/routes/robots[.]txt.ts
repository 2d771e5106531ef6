import { config } from '~/config.server'
import { feedResponse } from '~/http/http-cache.server'
import { buildRobotsTxt } from '~/lib/feeds.server'

export function loader() {
  return feedResponse(buildRobotsTxt(config().SITE_URL), 'text/plain; charset=utf-8')
}
