import { describe, expect, it } from 'vitest'

import { failureCause, isCaughtUp, parseMetrics, rawFailure } from '~/ops/litestream.server'
import { FailureLog, restartDelaySeconds } from '~/ops/replication.server'
import { causeWords, classifyFailure } from '~/ops/replication-cause'
import {
  FAILING_GRACE_MS,
  replicationHealth,
  type ReplicationState,
  summarizeReplication,
} from '~/ops/replication-summary'

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
      'Replication failing: Litestream: cannot reach the storage',
      'Replication failing: Litestream: cannot reach the storage (and 59 more replication failures in the last minute)',
      'Replication failing: Litestream: cannot reach the storage (and 59 more replication failures in the last minute)',
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
    failure: null,
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

  it('shows the age in red when that is more than a minute ago', () => {
    const summary = summarizeReplication(state({ lastReplicatedAt: secondsAgo(180) }), true, NOW)
    expect(summary).toMatchObject({
      tone: 'failing',
      text: 'Database last replicated 3 minutes ago',
      cause: 'More than a minute behind',
    })
    expect(summary!.detail).toContain('are only on this machine')
  })

  it('is patient for the first minute after start, then fails', () => {
    expect(summarizeReplication(state({ startedAt: secondsAgo(20) }), true, NOW)).toMatchObject({ tone: 'ok' })
    expect(summarizeReplication(state({ startedAt: secondsAgo(90) }), true, NOW)).toMatchObject({
      tone: 'failing',
      text: 'The database has not been replicated yet',
    })
  })

  it('names the cause in plain words as soon as Litestream reports one, with what it said', () => {
    const raw = 'mkdir /replica/generations: permission denied'
    const summary = summarizeReplication(
      state({
        startedAt: secondsAgo(5),
        failure: { cause: 'write-refused', words: causeWords('write-refused')!, raw, since: secondsAgo(4) },
      }),
      true,
      NOW,
    )
    expect(summary).toMatchObject({ tone: 'failing', text: 'The database has not been replicated yet' })
    expect(summary!.cause).toMatch(/^Write refused: the replica folder cannot be written by the server’s user/)
    expect(summary!.detail).toContain(`Litestream said: ${raw}`)
    expect(summary!.detail).toContain('The site keeps working.')
  })
})

/** Lines as Litestream 0.3.13 printed them here (a replica folder owned by root; the container check's https endpoint). */
const LINES = {
  writeRefused:
    '2026/11/26 16:39:05 ERROR monitor error db=/data/app.db replica=file error="mkdir /replica/generations: permission denied"',
  readOnly:
    '2026/11/26 16:39:05 ERROR monitor error db=/data/app.db replica=file error="mkdir /replica/generations: read-only file system"',
  certificate:
    'time=2026-11-26T17:14:13.004Z level=ERROR msg="failed to run" error="cannot fetch generations: RequestError: send request failed\\ncaused by: Get \\"https://s3.lab.test:8443/lsc-lab?delimiter=%2F&prefix=app.db%2Fgenerations%2F\\": tls: failed to verify certificate: x509: certificate signed by unknown authority"',
  credentials:
    '2026/11/26 16:50:00 ERROR monitor error db=/data/app.db replica=s3 error="cannot fetch generations: AccessDenied: Access Denied\\n\\tstatus code: 403, request id: 1"',
  unreachable:
    '2026/11/26 16:50:00 ERROR monitor error db=/data/app.db replica=s3 error="RequestError: send request failed\\ncaused by: Put \\"http://127.0.0.1:9/b\\": dial tcp 127.0.0.1:9: connect: connection refused"',
}

describe('the cause of a replication failure, in plain words', () => {
  it.each([
    ['writeRefused', 'write-refused', /^write refused: /],
    ['readOnly', 'write-refused', /^write refused: /],
    ['certificate', 'certificate-untrusted', /^certificate not trusted: .*ca-certificates/],
    ['credentials', 'credentials-refused', /^credentials refused: /],
    ['unreachable', 'endpoint-unreachable', /^endpoint unreachable: the storage cannot be reached/],
  ] as const)('%s', (line, cause, words) => {
    const raw = rawFailure(LINES[line])
    expect(classifyFailure(raw)).toBe(cause)
    expect(causeWords(cause)).toMatch(words)
  })

  it('a certificate that is not trusted is never blamed on the network, though the request failed', () => {
    const cause = failureCause(LINES.certificate)
    expect(cause).toMatch(/^the storage’s TLS certificate is not signed by an authority this machine trusts/)
    expect(cause).not.toContain('cannot be reached')
  })

  it('an unknown message is kept as it is', () => {
    expect(classifyFailure('something odd')).toBe('other')
    expect(causeWords('other')).toBeUndefined()
  })
})

describe('/healthz/replication', () => {
  const NOW = new Date('2026-11-23T18:00:00Z')
  const at = (s: number) => new Date(NOW.getTime() - s * 1000).toISOString()
  const base: ReplicationState = {
    replicaUrl: 'file:///replica',
    running: true,
    startedAt: at(300),
    lastReplicatedAt: at(2),
    lastError: null,
    lastErrorAt: null,
    failure: null,
  }
  const failing = (seconds: number): ReplicationState => ({
    ...base,
    failure: { cause: 'write-refused', words: 'write refused: …', raw: 'permission denied', since: at(seconds) },
  })

  it('is ok with replication off, or with a current replica', () => {
    expect(replicationHealth(undefined, NOW)).toEqual({ ok: true })
    expect(replicationHealth(base, NOW)).toEqual({ ok: true })
  })

  it('reports a failure only once it outlasts the grace period, in the words of the log', () => {
    const grace = FAILING_GRACE_MS / 1000
    expect(replicationHealth(failing(grace - 1), NOW)).toEqual({ ok: true })
    expect(replicationHealth(failing(grace + 1), NOW)).toEqual({ ok: false, problem: 'write refused: …' })
  })

  it('reports a replica more than a minute behind, or never current a minute after the start', () => {
    expect(replicationHealth({ ...base, lastReplicatedAt: at(90) }, NOW)).toEqual({
      ok: false,
      problem: 'the replica has received nothing for 90 s',
    })
    expect(replicationHealth({ ...base, lastReplicatedAt: null, startedAt: at(30) }, NOW)).toEqual({ ok: true })
    expect(replicationHealth({ ...base, lastReplicatedAt: null, startedAt: at(90) }, NOW).ok).toBe(false)
  })
})
