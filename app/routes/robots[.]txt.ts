import { config } from '~/config.server'
import { buildRobotsTxt, feedResponse } from '~/lib/feeds.server'

export function loader() {
  return feedResponse(buildRobotsTxt(config().SITE_URL), 'text/plain; charset=utf-8')
}
