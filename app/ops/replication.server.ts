import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { basename, dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'

import {
  isCaughtUp,
  litestreamBinary,
  litestreamConfigFile,
  litestreamEnvironment,
  parseMetrics,
  rawFailure,
  type ReplicaPosition,
  RestoreError,
  runRestore,
} from './litestream.server'
import { causeWords, classifyFailure, type ReplicationCause } from './replication-cause'
import { FAILING_GRACE_MS, type ReplicationFailure, type ReplicationState } from './replication-summary'
import { StartupError } from './startup-error.server'

/**
 * Replication of the database with Litestream: the restore before the first
 * open, and `litestream replicate` as a child process the server supervises
 * (docs/decisions/startup-sequence.md says why a child and not `-exec`).
 */

/**
 * Writes a failure at most once a minute: the first at once, the next ones
 * counted and summed up in the following line. A replica that stays
 * unreachable makes Litestream fail every second; the log gets one line a minute.
 */
export class FailureLog {
  private lastAt = Number.NEGATIVE_INFINITY
  private held = 0

  constructor(
    private readonly write: (line: string) => void = (line) => console.error(line),
    private readonly now: () => number = Date.now,
    private readonly intervalMs = 60_000,
  ) {}

  report(message: string): void {
    const at = this.now()
    if (at - this.lastAt < this.intervalMs) {
      this.held++
      return
    }
    const more = this.held
      ? ` (and ${this.held} more replication failure${this.held === 1 ? '' : 's'} in the last minute)`
      : ''
    this.write(`Replication failing: ${message}${more}`)
    this.lastAt = at
    this.held = 0
  }
}

/** Seconds to wait before restarting Litestream after its n-th failure in a row (1, 2, 4 … 60). */
export function restartDelaySeconds(failuresInARow: number): number {
  return Math.min(60, 2 ** Math.max(0, failuresInARow - 1))
}

/** lastReplicatedAt: the last moment the replica was seen holding everything written locally. */
export type ReplicationStatus = ReplicationState

/** Litestream's routine lines (one per WAL segment written) stay out of the log; these are kept. */
const WORTH_LOGGING =
  /msg="?(litestream|initialized db|replicating to|serving metrics on|sync: new generation|snapshot written|signal received|litestream shut down)/

/** A replica this far behind is reported even when Litestream says nothing. */
const STALLED_AFTER_MS = 60_000

/** A port on 127.0.0.1 nothing listens on now, for Litestream's metrics. */
function freeLocalPort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolvePromise(port))
    })
  })
}

/** On Linux, setpriv makes the kernel send Litestream SIGTERM if the server dies without stopping it. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => process.platform === 'linux' && existsSync(path))

export class ReplicationSupervisor {
  private child: ChildProcess | undefined
  private stopping = false
  private failures = 0
  private childStartedAt = 0
  private restartTimer: NodeJS.Timeout | undefined
  private pollTimer: NodeJS.Timeout | undefined
  private metricsUrl = ''
  private lastPosition: ReplicaPosition | undefined
  private readonly startedAt = new Date()
  private lastReplicatedAt: Date | null = null
  private lastError: string | null = null
  private lastErrorAt: Date | null = null
  private failure: ReplicationFailure | null = null
  private exited: Promise<void> = Promise.resolve()

  constructor(
    private readonly databasePath: string,
    private readonly replicaUrl: string,
    private readonly failureLog = new FailureLog(),
  ) {}

  /** Starts `litestream replicate`; a binary that cannot be found stops the start-up. */
  async start(): Promise<void> {
    litestreamBinary()
    litestreamConfigFile()
    await this.spawnOnce()
    this.pollTimer = setInterval(() => void this.poll(), 5_000)
    this.pollTimer.unref()
  }

  private async spawnOnce(): Promise<void> {
    const port = await freeLocalPort()
    this.metricsUrl = `http://127.0.0.1:${port}/metrics`
    this.lastPosition = undefined
    const binary = litestreamBinary()
    const args = ['replicate', '-config', litestreamConfigFile()]
    const [command, argv] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'TERM', '--', binary, ...args]] : [binary, args]
    const child = spawn(command, argv, {
      env: litestreamEnvironment(this.databasePath, this.replicaUrl, { LITESTREAM_METRICS_ADDR: `127.0.0.1:${port}` }),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C in the terminal reaches the server, which then stops Litestream in order.
      detached: true,
    })
    this.child = child
    this.childStartedAt = Date.now()
    this.exited = new Promise((resolveExit) => child.once('exit', () => resolveExit()))
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => this.onLine(line))
    }
    child.once('error', (error) => this.recordFailure(`Litestream could not start: ${error.message}`, 'other'))
    child.once('exit', (code, signal) => this.onExit(code, signal))
    console.log(`Replicating ${resolve(this.databasePath)} to ${this.replicaUrl} (Litestream pid ${child.pid})`)
  }

  private onLine(line: string): void {
    if (/level=(ERROR|WARN)|^\S+ \S+ (ERROR|WARN) /.test(line)) {
      const raw = rawFailure(line)
      this.recordFailure(raw, classifyFailure(raw))
    } else if (WORTH_LOGGING.test(line)) {
      console.log(`litestream: ${line.replace(/^time=\S+ level=INFO /, '')}`)
    }
  }

  /**
   * A failure: the log gets the cause in plain words and Litestream's own (at
   * most a line a minute), the dashboard and /healthz/replication the same
   * words until the replica is current again. A failure of unknown cause never
   * hides a known one that is still going on.
   */
  private recordFailure(raw: string, cause: ReplicationCause): void {
    const words = causeWords(cause)
    const message = words ? `${words} (Litestream: ${raw})` : raw
    const now = new Date()
    this.lastError = message
    this.lastErrorAt = now
    if (!this.failure || cause !== 'other') {
      this.failure = { cause, words: words ?? raw, raw, since: this.failure?.since ?? now.toISOString() }
    }
    this.failureLog.report(message)
  }

  /** The replica is current: a failure is over (said in the log when it was long enough to be reported). */
  private recordSuccess(): void {
    this.lastReplicatedAt = new Date()
    if (!this.failure) return
    const lasted = Date.now() - new Date(this.failure.since).getTime()
    if (lasted >= FAILING_GRACE_MS) {
      console.log(`Replication: the replica is current again (it was failing for ${Math.round(lasted / 1000)} s)`)
    }
    this.failure = null
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.child = undefined
    if (this.stopping) return
    const ranLong = Date.now() - this.childStartedAt >= 60_000
    this.failures = ranLong ? 1 : this.failures + 1
    const delay = restartDelaySeconds(this.failures)
    this.recordFailure(
      `Litestream stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting it in ${delay} s. ` +
        'The site keeps serving from the local file.',
      'other',
    )
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined
      if (!this.stopping) void this.spawnOnce().catch((error: Error) => this.recordFailure(error.message, 'other'))
    }, delay * 1000)
    this.restartTimer.unref()
  }

  /** Reads Litestream's metrics; the replica counts as current when it holds all the local log or moved since the last look. */
  async poll(): Promise<void> {
    if (!this.child || !this.metricsUrl) return
    try {
      const response = await fetch(this.metricsUrl, { signal: AbortSignal.timeout(2_000) })
      const position = parseMetrics(await response.text())
      if (!position) return
      const previous = this.lastPosition?.replica
      const moved =
        previous !== undefined &&
        position.replica !== undefined &&
        (position.replica.index !== previous.index || position.replica.offset !== previous.offset)
      if (isCaughtUp(position) || moved) this.recordSuccess()
      this.lastPosition = position
      // Litestream can also stall without a word (0.3.13 does on some write errors of a file replica).
      const since = this.lastReplicatedAt ?? this.startedAt
      const behind = Date.now() - since.getTime()
      if (!isCaughtUp(position) && behind > STALLED_AFTER_MS) {
        this.recordFailure(
          `the replica has received nothing for ${Math.round(behind / 1000)} s; changes since ${since.toISOString()} are only on this machine`,
          'other',
        )
      }
    } catch {
      // Litestream is starting or restarting; its own failures are logged from its output.
    }
  }

  status(): ReplicationStatus {
    return {
      replicaUrl: this.replicaUrl,
      running: this.child !== undefined,
      startedAt: this.startedAt.toISOString(),
      lastReplicatedAt: this.lastReplicatedAt?.toISOString() ?? null,
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt?.toISOString() ?? null,
      failure: this.failure,
    }
  }

  /**
   * Stops Litestream cleanly: SIGTERM makes it ship what is left of the log to
   * the replica, then exit. After `timeoutMs` it is killed.
   */
  async stop(timeoutMs = 15_000): Promise<void> {
    this.stopping = true
    clearTimeout(this.restartTimer)
    clearInterval(this.pollTimer)
    const child = this.child
    if (!child) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    await this.exited
    clearTimeout(timer)
    console.log(
      child.exitCode === 0 ? 'Litestream stopped after its final sync' : 'Litestream was stopped before its final sync',
    )
  }
}

let supervisor: ReplicationSupervisor | undefined

/**
 * Before the database is opened: with no database file, restore it from the
 * replica. A replica that holds nothing yet (the first deploy) is fine; one
 * that cannot be read stops the start, so the site never starts empty over a
 * replica that holds the shop's data.
 */
export async function restoreIfMissing(databasePath: string, replicaUrl: string): Promise<void> {
  const file = resolve(databasePath)
  if (existsSync(file)) {
    console.log(`Using the database at ${file}`)
    return
  }
  // Left from an earlier database: SQLite would apply the old log to the restored file.
  for (const side of [`${file}-wal`, `${file}-shm`, join(dirname(file), `.${basename(file)}-litestream`)]) {
    rmSync(side, { recursive: true, force: true })
  }
  console.log(`No database at ${file}: restoring it from ${replicaUrl} …`)
  const started = Date.now()
  try {
    const { restored } = await runRestore({ databasePath: file, replicaUrl, output: file, ifReplicaExists: true })
    console.log(
      restored
        ? `Restored ${file} from ${replicaUrl} in ${((Date.now() - started) / 1000).toFixed(2)} s`
        : `The replica ${replicaUrl} holds no database yet: starting a new one, which will be replicated there`,
    )
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error
    throw new StartupError(
      `Could not restore the database from ${replicaUrl}: ${error.message}. ` +
        'Not starting with an empty database while the replica cannot be read; fix the cause and start again ' +
        '(or unset LITESTREAM_REPLICA_URL to run without replication).',
    )
  }
}

export async function startReplication(databasePath: string, replicaUrl: string): Promise<void> {
  supervisor = new ReplicationSupervisor(databasePath, replicaUrl)
  await supervisor.start()
}

/** What is known now, without asking Litestream (for /healthz): undefined when replication is off. */
export function lastReplicationStatus(): ReplicationStatus | undefined {
  return supervisor?.status()
}

/** For the admin dashboard and /healthz/replication: undefined when replication is off. */
export async function replicationStatus(): Promise<ReplicationStatus | undefined> {
  if (!supervisor) return undefined
  await supervisor.poll()
  return supervisor.status()
}

export async function stopReplication(): Promise<void> {
  const running = supervisor
  supervisor = undefined
  await running?.stop()
}
