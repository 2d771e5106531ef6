import { isVerifiedAdmin } from '~/auth/session.server'
import { databaseAnswers } from '~/http/health.server'
import { lineFigures, renderCacheStats } from '~/http/page-handler.server'
import { lastReplicationStatus } from '~/ops/replication.server'
import { replicationHealth } from '~/ops/replication-summary'

import type { Route } from './+types/healthz'

/**
 * Liveness: 200 {"ok":true} after a SELECT 1; 503 {"ok":false} when the
 * database does not answer. That is all anyone learns. A signed-in admin also
 * sees the page cache (pages kept, bytes, hits, misses), how busy the render
 * lines are and, with replication on, whether the replica is current — for
 * information only: a replica that cannot be written never makes this fail
 * (the site keeps serving); /healthz/replication is the answer that does. The
 * server writes the cache figures to the log when it stops.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'no-store' }
  if (!databaseAnswers()) return Response.json({ ok: false }, { status: 503, headers })
  if (!(await isVerifiedAdmin(request))) return Response.json({ ok: true }, { headers })
  const replication = lastReplicationStatus()
  return Response.json(
    {
      ok: true,
      cache: renderCacheStats(),
      lines: lineFigures(),
      ...(replication ? { replication: replicationHealth(replication) } : {}),
    },
    { headers },
  )
}
