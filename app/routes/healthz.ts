import { getCurrentUser } from '~/auth/session.server'
import { sqlite } from '~/db/db.server'
import { lineFigures, renderCacheStats } from '~/http/page-handler.server'

import type { Route } from './+types/healthz'

/**
 * 200 {"ok":true} after a SELECT 1; 503 {"ok":false} when the database does not
 * answer. That is all anyone learns. Signed-in staff also see the page cache
 * (pages kept, bytes, hits, misses) and how busy the render lines are; the
 * server writes the cache figures to the log when it stops.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'no-store' }
  try {
    sqlite().prepare('SELECT 1').get()
  } catch (error) {
    console.error('Health check failed', error)
    return Response.json({ ok: false }, { status: 503, headers })
  }
  const { user } = await getCurrentUser(request).catch(() => ({ user: null }))
  const cache = user ? renderCacheStats() : undefined
  return Response.json(cache ? { ok: true, cache, lines: lineFigures() } : { ok: true }, { headers })
}
