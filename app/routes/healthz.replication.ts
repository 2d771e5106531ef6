import { isVerifiedAdmin } from '~/auth/session.server'
import { replicationStatus } from '~/ops/replication.server'
import { replicationHealth } from '~/ops/replication-summary'

import type { Route } from './+types/healthz.replication'

/**
 * Replication health, for a platform's monitoring check (not its routing
 * check: the site keeps serving from the local file while the replica is
 * failing). 200 {"ok":true} while replication is off or the replica is current;
 * 503 once a failure has lasted 10 s, or the replica is more than a minute
 * behind, with the problem in the words the log and the dashboard use. The
 * replica's address and Litestream's own words (which may name a bucket, an
 * endpoint or a key id) are for a signed-in admin only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'no-store' }
  const state = await replicationStatus()
  if (!state) return Response.json({ ok: true, replication: 'off' }, { headers })
  const health = replicationHealth(state)
  const admin = await isVerifiedAdmin(request)
  return Response.json(
    {
      ok: health.ok,
      ...(health.problem ? { problem: health.problem } : {}),
      lastReplicatedAt: state.lastReplicatedAt,
      failingSince: state.failure?.since ?? null,
      cause: state.failure?.cause ?? null,
      ...(admin ? { replicaUrl: state.replicaUrl, litestream: state.failure?.raw ?? null } : {}),
    },
    { status: health.ok ? 200 : 503, headers },
  )
}
