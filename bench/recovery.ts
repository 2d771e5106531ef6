/**
 * npm run bench:recovery — what Litestream replication buys, measured on this
 * machine with a file:// replica on the local disk (the best case: S3 adds the
 * network to both figures).
 *
 * Recovery point: the production server replicates while a writer sends contact
 * inquiries as fast as they are answered; at a random moment the server and
 * Litestream are killed with SIGKILL (the machine is lost). The replica is
 * restored and every acknowledged inquiry looked for. The figure is how long
 * before the kill the oldest acknowledged-but-lost inquiry was acknowledged: the
 * window of acknowledged writes a lost machine takes with it.
 *
 * Recovery time: from an empty data folder to /healthz answering 200 (restore
 * from the replica, migrations, start), for a database of the demo size and one
 * of 10,000 posts.
 *
 * Results go to bench/recovery-results.json.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import Database from 'better-sqlite3'

import { serverNodeFlags } from '../scripts/server-command.mjs'

const BUILD_DIR = 'build-bench'
const PORT = 4490
const TRIALS = Number(process.env.RECOVERY_TRIALS ?? 20)
const STARTS = 5
const base = `http://127.0.0.1:${PORT}`
const AGE = { Cookie: 'age_verified=IjEi' }
const root = mkdtempSync(join(tmpdir(), 'lsc-recovery-'))
const litestreamBin = resolve('node_modules/@flydotio/litestream-linux-x64/litestream')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function serverEnv(dataDir: string, replicaUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    BUILD_DIR,
    PORT: String(PORT),
    SITE_URL: base,
    DATABASE_PATH: join(dataDir, 'app.db'),
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    LITESTREAM_REPLICA_URL: replicaUrl,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password-1',
    RATE_LIMIT_MULTIPLIER: '100000',
  }
}

function startServer(dataDir: string, replicaUrl: string): { child: ChildProcess; output: () => string } {
  let output = ''
  const child = spawn(process.execPath, [...serverNodeFlags(), 'server.mjs'], {
    env: serverEnv(dataDir, replicaUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  return { child, output: () => output }
}

async function untilHealthy(server: { child: ChildProcess; output: () => string }): Promise<void> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(20)
  }
}

async function kill(server: { child: ChildProcess; output: () => string }) {
  const pids = [...server.output().matchAll(/Litestream pid (\d+)/g)].map((m) => Number(m[1]))
  const litestream = pids[pids.length - 1]
  if (litestream) process.kill(litestream, 'SIGKILL')
  const exited = new Promise((r) => server.child.once('exit', r))
  server.child.kill('SIGKILL')
  await exited
  await sleep(200)
}

async function stop(server: { child: ChildProcess }) {
  const exited = new Promise((r) => server.child.once('exit', r))
  server.child.kill('SIGTERM')
  await exited
}

function restore(replicaUrl: string, output: string) {
  const result = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/restore.ts', '--output', output],
    {
      env: { ...process.env, DATABASE_PATH: join(root, 'unused', 'app.db'), LITESTREAM_REPLICA_URL: replicaUrl },
      encoding: 'utf8',
    },
  )
  if (result.status !== 0) throw new Error(`restore failed: ${result.stderr}`)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function recoveryPoint() {
  const trials: { acknowledged: number; lost: number; windowMs: number }[] = []
  for (let trial = 0; trial < TRIALS; trial++) {
    const dataDir = join(root, `rpo-${trial}`)
    const replicaUrl = `file://${join(root, `rpo-replica-${trial}`)}`
    const server = startServer(dataDir, replicaUrl)
    await untilHealthy(server)
    await sleep(1500) // the first snapshot
    const acknowledged = new Map<string, number>()
    let running = true
    const writer = async (id: number) => {
      for (let n = 0; running; n++) {
        const message = `Recovery bench ${trial}-${id}-${n}: is the shop open late on Friday?`
        try {
          const response = await fetch(`${base}/contact`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, ...AGE },
            body: new URLSearchParams({
              name: 'Bench',
              email: 'bench@example.com',
              phone: '',
              topic: 'general',
              message,
              company: '',
            }).toString(),
            redirect: 'manual',
          })
          await response.arrayBuffer()
          if (response.status === 302) acknowledged.set(message, performance.now())
        } catch {
          return
        }
      }
    }
    const writers = Promise.all([0, 1].map(writer))
    await sleep(2000 + Math.random() * 6000)
    const killedAt = performance.now()
    await kill(server)
    running = false
    await writers

    const restored = join(root, `rpo-restored-${trial}.db`)
    restore(replicaUrl, restored)
    const db = new Database(restored, { readonly: true })
    const stored = new Set(
      (db.prepare('SELECT message FROM contact_inquiries').all() as { message: string }[]).map((r) => r.message),
    )
    db.close()
    const lost = [...acknowledged].filter(([message]) => !stored.has(message))
    const windowMs = lost.length ? Math.round(killedAt - Math.min(...lost.map(([, at]) => at))) : 0
    trials.push({ acknowledged: acknowledged.size, lost: lost.length, windowMs })
    console.log(
      `  trial ${trial + 1}/${TRIALS}: ${acknowledged.size} acknowledged, ${lost.length} lost, window ${windowMs} ms`,
    )
    rmSync(dataDir, { recursive: true, force: true })
  }
  const windows = trials.map((t) => t.windowMs)
  return {
    trials,
    medianWindowMs: median(windows),
    maxWindowMs: Math.max(...windows),
    trialsWithLoss: trials.filter((t) => t.lost > 0).length,
  }
}

/** A replica of a database: `fill` builds it, Litestream ships it, then stops cleanly. */
async function replicaOf(name: string, fill: (dataDir: string) => void): Promise<{ url: string; bytes: number }> {
  const dataDir = join(root, `${name}-source`)
  mkdirSync(dataDir, { recursive: true })
  fill(dataDir)
  const url = `file://${join(root, `${name}-replica`)}`
  const child = spawn(litestreamBin, ['replicate', '-config', 'litestream.yml'], {
    env: {
      ...process.env,
      DATABASE_PATH: join(dataDir, 'app.db'),
      LITESTREAM_REPLICA_URL: url,
      LITESTREAM_METRICS_ADDR: '',
    },
    stdio: 'ignore',
  })
  await sleep(3000)
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
  // The size of the whole database, with its log folded in.
  const db = new Database(join(dataDir, 'app.db'))
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { url, bytes: statSync(join(dataDir, 'app.db')).size }
}

/** The demo database, as a laptop's first start makes it. */
function demoDatabase(dataDir: string) {
  const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/seed.ts'], {
    env: {
      ...process.env,
      DATABASE_PATH: join(dataDir, 'app.db'),
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-1',
    },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(result.stderr)
}

/** The demo database plus 10,000 posts of about 700 words. */
function largeDatabase(dataDir: string) {
  demoDatabase(dataDir)
  const db = new Database(join(dataDir, 'app.db'))
  const paragraph =
    'Choosing a product starts with a conversation at the counter. Our budtenders walk patients through lab results, terpene profiles and the harvest date. '
  const insert = db.prepare(
    `INSERT INTO posts (title, slug, excerpt, content, status, published_at, author, read_minutes, updated_at)
     VALUES (?, ?, ?, ?, 'published', ?, 'Bench Team', 4, ?)`,
  )
  db.transaction(() => {
    for (let i = 0; i < 10_000; i++) {
      const when = new Date(Date.now() - (i + 1) * 3_600_000).toISOString()
      insert.run(`Patient guide ${i + 1}`, `patient-guide-${i + 1}`, paragraph, paragraph.repeat(30), when, when)
    }
  })()
  db.close()
}

async function recoveryTime(label: string, replica: { url: string; bytes: number }) {
  const times: number[] = []
  const restores: number[] = []
  for (let start = 0; start < STARTS; start++) {
    const dataDir = join(root, `rto-${label}-${start}`)
    const started = performance.now()
    const server = startServer(dataDir, replica.url)
    await untilHealthy(server)
    times.push(Math.round(performance.now() - started))
    const restore = server.output().match(/Restored .* in ([\d.]+) s/)
    if (!restore) throw new Error(`no restore in:\n${server.output()}`)
    restores.push(Math.round(Number(restore[1]) * 1000))
    await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
  const result = {
    database: label,
    megabytes: +(replica.bytes / 1e6).toFixed(1),
    medianMs: median(times),
    medianRestoreMs: median(restores),
    runsMs: times,
  }
  console.log(
    `  ${label}: ${result.megabytes} MB, empty folder to /healthz ${result.medianMs} ms, of which the restore ${result.medianRestoreMs} ms (medians of ${STARTS})`,
  )
  return result
}

async function main() {
  console.log(`Building into ${BUILD_DIR}…`)
  const built = spawnSync(process.execPath, ['node_modules/.bin/react-router', 'build'], {
    env: { ...process.env, BUILD_DIR },
    stdio: 'inherit',
  })
  if (built.status !== 0) process.exit(built.status ?? 1)

  console.log(`Recovery point: ${TRIALS} kills at random moments under a stream of writes`)
  const point = await recoveryPoint()
  console.log(
    `  acknowledged writes lost: median window ${point.medianWindowMs} ms, worst ${point.maxWindowMs} ms; ${point.trialsWithLoss} of ${TRIALS} kills lost any`,
  )

  console.log('Recovery time: empty data folder to /healthz answering')
  const times = [
    await recoveryTime('demo content', await replicaOf('demo', demoDatabase)),
    await recoveryTime('demo content + 10,000 posts', await replicaOf('large', largeDatabase)),
  ]

  const results = {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
    node: process.version,
    replica: 'file:// on the local disk',
    recoveryPoint: point,
    recoveryTime: times,
  }
  writeFileSync(join(import.meta.dirname, 'recovery-results.json'), `${JSON.stringify(results, null, 2)}\n`)
  console.log('Wrote bench/recovery-results.json')
}

main()
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => rmSync(root, { recursive: true, force: true }))
