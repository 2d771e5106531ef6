import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'

import { causeWords, classifyFailure } from './replication-cause'
import { StartupError } from './startup-error.server'

/**
 * How this app runs Litestream (0.3.13, the binary shipped in the npm package
 * @flydotio/litestream-linux-x64: nothing is downloaded at install or build
 * time). Its settings are in litestream.yml at the root of the app, which
 * Litestream reads with environment expansion; this module fills that
 * environment.
 */

/** The Litestream executable: LITESTREAM_BIN, or the one in node_modules (Linux x64). */
export function litestreamBinary(): string {
  const chosen = process.env.LITESTREAM_BIN?.trim()
  if (chosen) {
    if (!existsSync(chosen)) throw new StartupError(`LITESTREAM_BIN=${chosen}: no such file`)
    return chosen
  }
  try {
    const require = createRequire(import.meta.url)
    const binary = join(dirname(require.resolve('@flydotio/litestream-linux-x64/package.json')), 'litestream')
    if (existsSync(binary)) return binary
  } catch {
    // not installed: this platform has no package (npm skips it outside Linux x64)
  }
  throw new StartupError(
    `LITESTREAM_REPLICA_URL is set but Litestream is not installed for ${process.platform}-${process.arch}: ` +
      'the npm package @flydotio/litestream-linux-x64 ships it for Linux x64 (the container). ' +
      'Elsewhere install Litestream 0.3.x and set LITESTREAM_BIN to its path.',
  )
}

/** litestream.yml, beside package.json (the folder the server and the scripts run in). */
export function litestreamConfigFile(): string {
  const file = resolve('litestream.yml')
  if (!existsSync(file)) throw new StartupError(`${file} is missing: it holds the replication settings`)
  return file
}

/**
 * The environment litestream.yml expands. The S3 settings may also come under
 * the AWS_* names that `fly storage create` sets as secrets.
 */
export function litestreamEnvironment(
  databasePath: string,
  replicaUrl: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env = process.env
  const pick = (...names: string[]) => names.map((name) => env[name]?.trim()).find((value) => value) ?? ''
  return {
    ...env,
    DATABASE_PATH: resolve(databasePath),
    LITESTREAM_REPLICA_URL: replicaUrl,
    LITESTREAM_ENDPOINT: pick('LITESTREAM_ENDPOINT', 'AWS_ENDPOINT_URL_S3'),
    LITESTREAM_REGION: pick('LITESTREAM_REGION', 'AWS_REGION'),
    LITESTREAM_ACCESS_KEY_ID: pick('LITESTREAM_ACCESS_KEY_ID', 'AWS_ACCESS_KEY_ID'),
    LITESTREAM_SECRET_ACCESS_KEY: pick('LITESTREAM_SECRET_ACCESS_KEY', 'AWS_SECRET_ACCESS_KEY'),
    LITESTREAM_METRICS_ADDR: '',
    ...extra,
  }
}

/** A restore that failed, with Litestream's own reason. */
export class RestoreError extends Error {
  override name = 'RestoreError'
}

/** Litestream's reason in its output: its `error="…"` field when there is one, else its last line. */
export function rawFailure(output: string): string {
  const fields = [...output.matchAll(/error="((?:[^"\\]|\\.)*)"/g)]
  return fields.length
    ? fields[fields.length - 1]![1]!.replace(/\\n\s*/g, '; ').replace(/\\(.)/g, '$1')
    : (output
        .trim()
        .split('\n')
        .filter((line) => line.trim())
        .pop() ?? 'no output')
}

/**
 * The reason in Litestream's output with, for the usual causes, what it means
 * for the operator in front (app/ops/replication-cause.ts).
 */
export function failureCause(output: string, during: 'replicate' | 'restore' = 'restore'): string {
  const raw = rawFailure(output)
  const words = causeWords(classifyFailure(raw), during)
  return words ? `${words}: ${raw}` : raw
}

export interface RestoreOptions {
  databasePath: string
  replicaUrl: string
  /** Where the restored file goes (must not exist). */
  output: string
  /** The state at this moment instead of the latest. */
  timestamp?: Date
  /** Succeed without a file when the replica holds no database yet. */
  ifReplicaExists?: boolean
}

/** `litestream restore`: resolves whether a file was written; a failure throws RestoreError naming the cause. */
export function runRestore(options: RestoreOptions): Promise<{ restored: boolean; output: string }> {
  const args = ['restore', '-config', litestreamConfigFile(), '-o', resolve(options.output)]
  if (options.timestamp) args.push('-timestamp', options.timestamp.toISOString())
  if (options.ifReplicaExists) args.push('-if-replica-exists')
  args.push(resolve(options.databasePath))
  const binary = litestreamBinary()
  return new Promise((resolvePromise, reject) => {
    const child = spawn(binary, args, {
      env: litestreamEnvironment(options.databasePath, options.replicaUrl),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', (error) => reject(new RestoreError(`Litestream could not run: ${error.message}`)))
    child.once('close', (code) => {
      if (code === 0) resolvePromise({ restored: existsSync(resolve(options.output)), output })
      else reject(new RestoreError(failureCause(output)))
    })
  })
}

/** Where the replica stands, from Litestream's Prometheus metrics. */
export interface ReplicaPosition {
  /** The local shadow WAL (what Litestream has taken from SQLite). */
  local: { index: number; offset: number }
  /** What the replica has received; undefined before the first sync. */
  replica?: { index: number; offset: number }
}

export function parseMetrics(text: string): ReplicaPosition | undefined {
  const value = (name: string) => {
    const match = text.match(new RegExp(`^${name}\\{[^}]*\\} ([0-9.e+-]+)$`, 'm'))
    return match ? Number(match[1]) : undefined
  }
  const localIndex = value('litestream_shadow_wal_index')
  const localOffset = value('litestream_shadow_wal_size')
  if (localIndex === undefined || localOffset === undefined) return undefined
  const replicaIndex = value('litestream_replica_wal_index')
  const replicaOffset = value('litestream_replica_wal_offset')
  return {
    local: { index: localIndex, offset: localOffset },
    replica:
      replicaIndex === undefined || replicaOffset === undefined
        ? undefined
        : { index: replicaIndex, offset: replicaOffset },
  }
}

/** The replica holds everything Litestream has taken from the local file. */
export function isCaughtUp(position: ReplicaPosition): boolean {
  const { local, replica } = position
  return replica !== undefined && replica.index === local.index && replica.offset === local.offset
}
