/**
 * npm run bench: builds, starts the production server on a temporary database
 * with demo content, and loads it with autocannon (50 connections, 10 s each).
 * A bare Node http server serving the same bytes of / runs beside it, so the
 * ratio holds when the machine is noisy. Results go to bench/results.json.
 */
import autocannon from 'autocannon'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { routeJavaScriptSizes, isPublicRoute } from './js-sizes'

const PORT = 4480
const BARE_PORT = 4481
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

async function main() {
  console.log(`Building into ${BUILD_DIR}…`)
  const built = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], {
    env: { ...process.env, BUILD_DIR },
    stdio: 'ignore',
  })
  if (built.status !== 0) throw new Error('build failed')

  const dir = mkdtempSync(join(tmpdir(), 'lsc-bench-'))
  const server = spawn(process.execPath, ['server.mjs'], {
    env: {
      ...process.env,
      BUILD_DIR,
      PORT: String(PORT),
      SITE_URL: base,
      DATABASE_PATH: join(dir, 'app.db'),
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
    },
    stdio: 'ignore',
  })
  let bare: ChildProcess | undefined
  try {
    await waitFor(`${base}/healthz`, server)
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
    const figures: Figures[] = []
    for (const path of targets) {
      process.stdout.write(`Loading ${path} for ${DURATION} s… `)
      figures.push(await load(`${base}${path}`, path))
      console.log('done')
    }
    process.stdout.write(`Loading the bare Node server (same bytes as /)… `)
    const bareFigures = await load(`http://127.0.0.1:${BARE_PORT}/`, 'bare http (bytes of /)')
    console.log('done')

    const rows = [...figures, bareFigures]
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${homeBytes.length} bytes for /`)
    console.log('| path | req/s | p50 ms | p99 ms | vs bare |')
    console.log('|---|---:|---:|---:|---:|')
    for (const row of rows) {
      const ratio = (row.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(3)
      console.log(`| ${row.path} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${ratio} |`)
      if (row.errors || row.non2xx) console.log(`  (${row.errors} errors, ${row.non2xx} non-2xx)`)
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
      `${JSON.stringify({ date: new Date().toISOString(), machine, connections: CONNECTIONS, durationSeconds: DURATION, results: rows, javascript: js }, null, 2)}\n`,
    )
    console.log('\nWritten to bench/results.json')
  } finally {
    server.kill('SIGTERM')
    bare?.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
