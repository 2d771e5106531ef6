import { STORE_TIME_ZONE } from '~/lib/time'

import type { ReplicationCause } from './replication-cause'

/** What the server knows about replication (see app/ops/replication.server.ts). */
export interface ReplicationState {
  replicaUrl: string
  running: boolean
  startedAt: string
  lastReplicatedAt: string | null
  lastError: string | null
  lastErrorAt: string | null
  /** What keeps the replica from being current now; cleared once it is current again. */
  failure: ReplicationFailure | null
}

export interface ReplicationFailure {
  cause: ReplicationCause
  /** The cause in plain words, as the log says it. */
  words: string
  /** Litestream's own words (or the server's, for a Litestream that stopped or stalled). */
  raw: string
  /** When it started failing, or since when nothing reached the replica. */
  since: string
}

/**
 * One line for the admin dashboard: 'ok', 'warning' (replication is off in
 * production) or 'failing' (the replica is not current: its age in red, the
 * cause in plain words).
 */
export interface ReplicationSummary {
  tone: 'ok' | 'warning' | 'failing'
  text: string
  /** Why it is failing, in plain words ("Write refused: …"). */
  cause?: string
  detail: string
}

/** Replication older than this is failing: the replica may miss the last minute of changes. */
export const STALE_AFTER_MS = 60_000

/**
 * How long a failure must last before /healthz/replication reports it: a blip
 * (one refused request, Litestream restarting) is not worth a page to anyone.
 */
export const FAILING_GRACE_MS = 10_000

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
 * replication; a warning in production when replication is off; failing, with
 * the cause in plain words, as soon as Litestream reports one, or when the
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
  const restarting = state.running ? '' : ' Litestream is restarting.'
  const last = state.lastReplicatedAt ? new Date(state.lastReplicatedAt) : null
  const age = last ? now.getTime() - last.getTime() : null
  const started = new Date(state.startedAt)
  const text = last ? `Database last replicated ${timeAgo(age!)}` : 'The database has not been replicated yet'
  const keptLocally = last
    ? `Changes since ${clock.format(last)} are only on this machine.`
    : `Replication to ${state.replicaUrl} started at ${clock.format(started)}; nothing has reached the replica.`
  if (state.failure) {
    const { words, raw } = state.failure
    return {
      tone: 'failing',
      text,
      cause: words.charAt(0).toUpperCase() + words.slice(1),
      detail: `${keptLocally} The site keeps working.${restarting} Litestream said: ${raw}`,
    }
  }
  if (last && age! <= STALE_AFTER_MS) {
    return { tone: 'ok', text, detail: `To ${state.replicaUrl}, at ${clock.format(last)}.` }
  }
  if (!last && now.getTime() - started.getTime() <= STALE_AFTER_MS) {
    return { tone: 'ok', text: 'Replication is starting', detail: `To ${state.replicaUrl}.` }
  }
  return {
    tone: 'failing',
    text,
    cause: last ? 'More than a minute behind' : 'Not replicated within a minute of starting',
    detail: `${keptLocally}${restarting} See the server log.`,
  }
}

/**
 * The answer of /healthz/replication: ok while replication is off (nothing to
 * check) or the replica is current; not ok once a failure has lasted the grace
 * period, or the replica is more than a minute behind (or never caught up in
 * the first minute), with the problem in the same words as the log.
 */
export function replicationHealth(
  state: ReplicationState | undefined,
  now: Date = new Date(),
): { ok: boolean; problem?: string } {
  if (!state) return { ok: true }
  if (state.failure && now.getTime() - new Date(state.failure.since).getTime() >= FAILING_GRACE_MS) {
    return { ok: false, problem: state.failure.words }
  }
  const since = state.lastReplicatedAt ?? state.startedAt
  const behind = now.getTime() - new Date(since).getTime()
  if (behind > STALE_AFTER_MS) {
    return {
      ok: false,
      problem: state.lastReplicatedAt
        ? `the replica has received nothing for ${Math.round(behind / 1000)} s`
        : 'the database has not been replicated since the start',
    }
  }
  return { ok: true }
}
