import { STORE_TIME_ZONE } from '~/lib/time'

/** What the server knows about replication (see app/ops/replication.server.ts). */
export interface ReplicationState {
  replicaUrl: string
  running: boolean
  startedAt: string
  lastReplicatedAt: string | null
  lastError: string | null
  lastErrorAt: string | null
}

/** One line for the admin dashboard, and whether it is a warning. */
export interface ReplicationSummary {
  tone: 'ok' | 'warning'
  text: string
  detail: string
}

/** Replication older than this is a warning: the replica may miss the last minute of changes. */
export const STALE_AFTER_MS = 60_000

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
})

export function timeAgo(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return seconds <= 1 ? 'just now' : `${seconds} seconds ago`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return hours === 1 ? '1 hour ago' : `${hours} hours ago`
  return `${Math.round(hours / 24)} days ago`
}

/**
 * When the database was last replicated, for staff. Nothing on a laptop without
 * replication; a warning in production when replication is off, or when the
 * replica has not been current for more than a minute.
 */
export function summarizeReplication(
  state: ReplicationState | undefined,
  production: boolean,
  now: Date = new Date(),
): ReplicationSummary | null {
  if (!state) {
    if (!production) return null
    return {
      tone: 'warning',
      text: 'Replication is off',
      detail:
        'The database lives only on this machine’s volume: if the machine is lost, so is everything since the last backup. Set LITESTREAM_REPLICA_URL to copy it to object storage continuously.',
    }
  }
  const error = state.lastError ? ` Last error: ${state.lastError}` : ''
  const restarting = state.running ? '' : ' Litestream is restarting.'
  if (state.lastReplicatedAt) {
    const last = new Date(state.lastReplicatedAt)
    const age = now.getTime() - last.getTime()
    const text = `Database last replicated ${timeAgo(age)}`
    if (age <= STALE_AFTER_MS) {
      return { tone: 'ok', text, detail: `To ${state.replicaUrl}, at ${clock.format(last)}.` }
    }
    return {
      tone: 'warning',
      text,
      detail: `More than a minute ago (at ${clock.format(last)}): changes since then are only on this machine.${restarting}${error} See the server log.`,
    }
  }
  const started = new Date(state.startedAt)
  if (now.getTime() - started.getTime() <= STALE_AFTER_MS) {
    return { tone: 'ok', text: 'Replication is starting', detail: `To ${state.replicaUrl}.` }
  }
  return {
    tone: 'warning',
    text: 'The database has not been replicated yet',
    detail: `Replication to ${state.replicaUrl} started at ${clock.format(started)} and has not caught up.${restarting}${error} See the server log.`,
  }
}
