import { describe, expect, it } from 'vitest'

import { failureCause, isCaughtUp, parseMetrics } from '~/ops/litestream.server'
import { FailureLog, restartDelaySeconds } from '~/ops/replication.server'
import { type ReplicationState, summarizeReplication } from '~/ops/replication-summary'

const METRICS = (replicaOffset: number | null) => `# HELP litestream_shadow_wal_index The current shadow WAL index
litestream_db_size{db="/data/app.db"} 16384
litestream_shadow_wal_index{db="/data/app.db"} 2
litestream_shadow_wal_size{db="/data/app.db"} 428512
${replicaOffset === null ? '' : `litestream_replica_wal_index{db="/data/app.db",name="s3"} 2\nlitestream_replica_wal_offset{db="/data/app.db",name="s3"} ${replicaOffset}`}
`

describe("reading Litestream's metrics", () => {
  it('finds the local log position and the replica position', () => {
    expect(parseMetrics(METRICS(16512))).toEqual({
      local: { index: 2, offset: 428512 },
      replica: { index: 2, offset: 16512 },
    })
  })

  it('counts the replica as current only when it holds the whole local log', () => {
    expect(isCaughtUp(parseMetrics(METRICS(428512))!)).toBe(true)
    expect(isCaughtUp(parseMetrics(METRICS(16512))!)).toBe(false)
    // Before the first sync there is no replica position at all.
    expect(isCaughtUp(parseMetrics(METRICS(null))!)).toBe(false)
  })

  it('answers nothing for text that is not Litestream metrics', () => {
    expect(parseMetrics('404 page not found')).toBeUndefined()
  })
})

describe("naming the cause of a failed restore from Litestream's output", () => {
  it('an unreachable storage', () => {
    const output =
      'time=2026-11-23T22:31:58.162Z level=ERROR msg="failed to run" error="cannot fetch generations: RequestError: send request failed\\ncaused by: Get \\"http://127.0.0.1:1/bucket\\": dial tcp 127.0.0.1:1: connect: connection refused"'
    const cause = failureCause(output)
    expect(cause).toMatch(/^the storage cannot be reached/)
    expect(cause).toContain('connection refused')
    expect(cause).not.toContain('\\n')
  })

  it('missing or wrong keys', () => {
    const output =
      '2026/11/23 22:31:54 ERROR failed to run error="cannot fetch generations: cannot lookup bucket region: NoCredentialProviders: no valid providers in chain. Deprecated."'
    expect(failureCause(output)).toMatch(/^the storage refused the keys/)
  })

  it('a replica folder that cannot be read', () => {
    const output =
      '2026/11/23 22:31:54 ERROR failed to run error="cannot fetch generations: open /tmp/x/afile/replica/generations: not a directory"'
    expect(failureCause(output)).toMatch(/^the replica folder cannot be read: .*not a directory/)
  })

  it('anything else: the last line as it is', () => {
    expect(failureCause('some noise\nsomething odd happened\n')).toBe('something odd happened')
  })
})

describe('logging replication failures', () => {
  it('writes the first failure at once and then at most one line a minute, counting the rest', () => {
    const lines: string[] = []
    let now = 0
    const log = new FailureLog(
      (line) => lines.push(line),
      () => now,
    )
    for (let second = 0; second < 150; second++) {
      now = second * 1000
      log.report('Litestream: cannot reach the storage')
    }
    expect(lines).toEqual([
      'Replication: Litestream: cannot reach the storage',
      'Replication: Litestream: cannot reach the storage (and 59 more replication failures in the last minute)',
      'Replication: Litestream: cannot reach the storage (and 59 more replication failures in the last minute)',
    ])
  })

  it('waits longer after each failed restart, never more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelaySeconds)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60])
  })
})

describe('the dashboard line', () => {
  const NOW = new Date('2026-11-23T18:00:00Z')
  const state = (changes: Partial<ReplicationState>): ReplicationState => ({
    replicaUrl: 's3://shop-backups/app.db',
    running: true,
    startedAt: '2026-11-23T17:00:00Z',
    lastReplicatedAt: null,
    lastError: null,
    lastErrorAt: null,
    ...changes,
  })
  const secondsAgo = (s: number) => new Date(NOW.getTime() - s * 1000).toISOString()

  it('says nothing on a laptop without replication', () => {
    expect(summarizeReplication(undefined, false, NOW)).toBeNull()
  })

  it('warns in production when replication is off', () => {
    expect(summarizeReplication(undefined, true, NOW)).toMatchObject({ tone: 'warning', text: 'Replication is off' })
  })

  it('shows when the database was last replicated', () => {
    expect(summarizeReplication(state({ lastReplicatedAt: secondsAgo(12) }), true, NOW)).toMatchObject({
      tone: 'ok',
      text: 'Database last replicated 12 seconds ago',
    })
  })

  it('warns when that is more than a minute ago, with the last error', () => {
    const summary = summarizeReplication(
      state({ lastReplicatedAt: secondsAgo(180), lastError: 'Litestream: connection refused' }),
      true,
      NOW,
    )
    expect(summary).toMatchObject({ tone: 'warning', text: 'Database last replicated 3 minutes ago' })
    expect(summary!.detail).toContain('connection refused')
  })

  it('is patient for the first minute after start, then warns', () => {
    expect(summarizeReplication(state({ startedAt: secondsAgo(20) }), true, NOW)).toMatchObject({ tone: 'ok' })
    expect(summarizeReplication(state({ startedAt: secondsAgo(90) }), true, NOW)).toMatchObject({
      tone: 'warning',
      text: 'The database has not been replicated yet',
    })
  })
})
