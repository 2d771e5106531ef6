import { sqlite } from '~/db/db.server'
import { renderCacheStats } from '~/http/page-handler.server'

/**
 * 200 {"ok":true} after a SELECT 1; 503 when the database does not answer.
 * Also reports the page cache (pages kept, bytes, hits and misses) for operators.
 */
export function loader() {
  const headers = { 'Cache-Control': 'no-store' }
  try {
    sqlite().prepare('SELECT 1').get()
    const cache = renderCacheStats()
    return Response.json(cache ? { ok: true, cache } : { ok: true }, { headers })
  } catch (error) {
    console.error('Health check failed', error)
    return Response.json({ ok: false }, { status: 503, headers })
  }
}
