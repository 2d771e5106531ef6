import { sqlite } from '~/db/db.server'
import { renderCacheStats } from '~/http/page-handler.server'
import { lastReplicationStatus } from '~/ops/replication.server'
import { replicationHealth } from '~/ops/replication-summary'

/**
 * Liveness: 200 {"ok":true} after a SELECT 1; 503 when the database does not
 * answer. Also reports the page cache (pages kept, bytes, hits and misses) and,
 * with replication on, whether the replica is current — for information only:
 * a replica that cannot be written never makes this fail (the site keeps
 * serving); /healthz/replication is the answer that does.
 */
export function loader() {
  const headers = { 'Cache-Control': 'no-store' }
  try {
    sqlite().prepare('SELECT 1').get()
    const cache = renderCacheStats()
    const replication = lastReplicationStatus()
    return Response.json(
      {
        ok: true,
        ...(cache ? { cache } : {}),
        ...(replication ? { replication: replicationHealth(replication) } : {}),
      },
      { headers },
    )
  } catch (error) {
    console.error('Health check failed', error)
    return Response.json({ ok: false }, { status: 503, headers })
  }
}
