/**
 * npm run bench: builds, starts the production server twice on temporary
 * databases with the demo content (page cache on, and off), and loads each with
 * autocannon (50 connections, 10 s per path).
 * A bare Node http server serving the same bytes of / runs beside it, so the
 * ratio holds when the machine is noisy. Results go to bench/results.json.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'

import autocannon from 'autocannon'

import { isPublicRoute, routeJavaScriptSizes } from './js-sizes'

const PORT = 4480
const BARE_PORT = 4481
const UNCACHED_PORT = 4482
const BUILD_DIR = 'build-bench'
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = 50
const base = `http://127.0.0.1:${PORT}`
// Visitors who confirmed their age, as most traffic is.
const headers = { Cookie: 'age_verified=IjEi' }

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer`)
}

interface Figures {
  path: string
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

async function load(url: string, path: string): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  return {
    path,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

function startServer(dir: string, name: string, port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['server.mjs'], {
    env: {
      ...process.env,
      BUILD_DIR,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_PATH: join(dir, `${name}.db`),
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
      ...env,
    },
    stdio: 'ignore',
  })
}

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024)
}

interface Run {
  label: string
  rows: Figures[]
  cache?: { entries: number; bytes: number; hits: number; misses: number }
  rssMB: number
}

async function loadServer(label: string, url: string, server: ChildProcess, targets: string[]): Promise<Run> {
  const rows: Figures[] = []
  for (const path of targets) {
    process.stdout.write(`[${label}] loading ${path} for ${DURATION} s… `)
    rows.push(await load(`${url}${path}`, path))
    console.log('done')
  }
  const health = (await (await fetch(`${url}/healthz`)).json()) as { cache?: Run['cache'] }
  return { label, rows, cache: health.cache, rssMB: residentMegabytes(server.pid!) }
}

async function main() {
  console.log(`Building into ${BUILD_DIR}…`)
  const built = spawnSync(process.execPath, ['node_modules/.bin/react-router', 'build'], {
    env: { ...process.env, BUILD_DIR },
    stdio: 'ignore',
  })
  if (built.status !== 0) throw new Error('build failed')

  const dir = mkdtempSync(join(tmpdir(), 'lsc-bench-'))
  // The same demo content twice: the page cache on (the default), and off (every request rendered).
  const cached = startServer(dir, 'cached', PORT, {})
  const uncached = startServer(dir, 'uncached', UNCACHED_PORT, { RENDER_CACHE_MB: '0' })
  let bare: ChildProcess | undefined
  try {
    await waitFor(`${base}/healthz`, cached)
    await waitFor(`http://127.0.0.1:${UNCACHED_PORT}/healthz`, uncached)
    const blog = await (await fetch(`${base}/blog`, { headers })).text()
    const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(blog)?.[1]
    if (!slug) throw new Error('no post link on /blog')

    // The bare server serves the same bytes of / from a separate process.
    const homeBytes = Buffer.from(await (await fetch(`${base}/`, { headers })).arrayBuffer())
    const homeFile = join(dir, 'home.html')
    writeFileSync(homeFile, homeBytes)
    bare = spawn(
      process.execPath,
      [
        '-e',
        `const b=require('fs').readFileSync(${JSON.stringify(homeFile)});require('http').createServer((q,s)=>{s.writeHead(200,{'content-type':'text/html; charset=utf-8','content-length':b.length});s.end(b)}).listen(${BARE_PORT})`,
      ],
      { stdio: 'ignore' },
    )
    await waitFor(`http://127.0.0.1:${BARE_PORT}/`, bare)

    const targets = ['/', '/blog', `/blog/${slug}`, '/brands', '/healthz']
    const runs = [
      await loadServer('cache on', base, cached, targets),
      await loadServer('cache off', `http://127.0.0.1:${UNCACHED_PORT}`, uncached, targets.slice(0, 4)),
    ]
    process.stdout.write(`Loading the bare Node server (same bytes as /)… `)
    const bareFigures = await load(`http://127.0.0.1:${BARE_PORT}/`, 'bare http (bytes of /)')
    console.log('done')

    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${homeBytes.length} bytes for /`)
    console.log('| server | path | req/s | p50 ms | p99 ms | vs bare |')
    console.log('|---|---|---:|---:|---:|---:|')
    for (const run of runs) {
      for (const row of run.rows) {
        const ratio = (row.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(3)
        console.log(`| ${run.label} | ${row.path} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${ratio} |`)
        if (row.errors || row.non2xx) console.log(`  (${row.errors} errors, ${row.non2xx} non-2xx)`)
      }
    }
    console.log(
      `| bare http | bytes of / | ${bareFigures.requestsPerSecond} | ${bareFigures.p50} | ${bareFigures.p99} | 1.000 |`,
    )
    const on = runs[0]
    console.log(
      `\nPage cache after the run: ${on.cache?.entries} pages, ${((on.cache?.bytes ?? 0) / 1024).toFixed(0)} KB, ` +
        `${on.cache?.hits} hits, ${on.cache?.misses} misses; server RSS ${on.rssMB} MB (cache off: ${runs[1].rssMB} MB)`,
    )
    // Targets: the cached pages at a quarter of bare Node or better, p99 within 50 ms.
    for (const row of on.rows.slice(0, 3)) {
      const ratio = row.requestsPerSecond / bareFigures.requestsPerSecond
      const ok = ratio >= 0.25 && row.p99 <= 50
      console.log(
        `target ${row.path}: ratio ${ratio.toFixed(3)} (≥ 0.25), p99 ${row.p99} ms (≤ 50): ${ok ? 'met' : 'MISSED'}`,
      )
    }

    const js = routeJavaScriptSizes(BUILD_DIR).filter(isPublicRoute)
    console.log('\nGzipped JavaScript loaded by each public page (first visit):')
    for (const route of js)
      console.log(`  ${route.path.padEnd(24)} ${(route.gzipBytes / 1024).toFixed(1)} KB (${route.files} files)`)

    const machine = {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    }
    writeFileSync(
      'bench/results.json',
      `${JSON.stringify({ date: new Date().toISOString(), machine, connections: CONNECTIONS, durationSeconds: DURATION, runs, bare: bareFigures, javascript: js }, null, 2)}\n`,
    )
    console.log('\nWritten to bench/results.json')
  } finally {
    cached.kill('SIGTERM')
    uncached.kill('SIGTERM')
    bare?.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
