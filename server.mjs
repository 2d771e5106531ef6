// The one Node process: validates config, migrates, seeds an empty database,
// then serves the React Router app (production build, or Vite in --dev).
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const dev = process.argv.includes('--dev')
// React runs in production mode unless --dev; whether SESSION_SECRET is required
// follows the NODE_ENV the operator set (a fresh clone's `npm start` needs none).
process.env.OPERATOR_NODE_ENV ??= process.env.NODE_ENV ?? ''
process.env.NODE_ENV ??= dev ? 'development' : 'production'
// Imported only now, so React and the router load in the mode chosen above.
const { createRequestHandler } = await import('@react-router/express')
const { default: compression } = await import('compression')
const { default: express } = await import('express')

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const serverEntry = path.join(buildDir, 'server', 'index.js')

// A bad variable (ConfigError) or a start-up check that failed (StartupError):
// the message alone, which says what to fix, and a non-zero exit.
function stopOnConfigError(error) {
  if (error && (error.name === 'ConfigError' || error.name === 'StartupError')) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const app = express()
app.disable('x-powered-by')

const NON_DOCUMENT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
const secureSite = /^https:\/\//.test(process.env.SITE_URL ?? '')
// Security headers on every response; HTML documents replace the CSP with their
// nonce-based policy (app/entry.server.tsx).
app.use((req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  )
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('X-Frame-Options', 'SAMEORIGIN')
  if (!dev) {
    // Responses that set no policy of their own (files, feeds, JSON) get a strict one.
    const writeHead = res.writeHead
    res.writeHead = function (...args) {
      if (!res.hasHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', NON_DOCUMENT_CSP)
      // Every staff-area answer (pages, data, exports, uploads, guard redirects) stays out of indexes and caches.
      if (/^\/(admin(\/|\.data|$)|login\b)/.test(req.path)) {
        if (!res.hasHeader('X-Robots-Tag')) res.setHeader('X-Robots-Tag', 'noindex')
        if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store')
      }
      return writeHead.apply(this, args)
    }
  }
  if (secureSite) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
})

let build
if (dev) {
  const { createServer } = await import('vite')
  const vite = await createServer({ server: { middlewareMode: true } })
  app.use(vite.middlewares)
  build = () => vite.ssrLoadModule('virtual:react-router/server-build')
} else {
  if (!existsSync(serverEntry)) {
    console.log(`No build found in ${buildDir}; building first (about a minute)…`)
    const result = spawnSync(process.execPath, [path.resolve('node_modules/@react-router/dev/bin.js'), 'build'], {
      stdio: 'inherit',
      env: process.env,
    })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
  build = await import(pathToFileURL(serverEntry).href)
  app.use(compression())
  // Hashed assets never change: cache them for a year.
  app.use(
    '/assets',
    express.static(path.join(buildDir, 'client', 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      redirect: false,
    }),
  )
  // redirect: false, or the folder public/brands/ would turn the /brands page into a redirect to /brands/.
  app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false, redirect: false }))
}

const serverBuild = typeof build === 'function' ? await build() : build
const settings = await serverBuild.entry.module.startup().catch(stopOnConfigError)

app.use(
  createRequestHandler({
    build: typeof build === 'function' ? build : { ...build, allowedActionOrigins: settings.allowedActionOrigins },
    mode: dev ? 'development' : 'production',
    getLoadContext(req) {
      return {
        clientAddress: req.socket.remoteAddress ?? '',
        cspNonce: randomBytes(16).toString('base64'),
      }
    },
  }),
)

const server = app.listen(settings.PORT, () => {
  console.log(`Serving ${settings.SITE_URL} on port ${settings.PORT}${dev ? ' (development)' : ''}`)
})

// Graceful stop (Fly sends SIGTERM, a terminal SIGINT): stop accepting, let the
// open requests finish (5 s at most), then stop Litestream after its final sync,
// then exit. The hard limit stays under fly.toml's kill_timeout.
let stopping = false
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping`)
    setTimeout(() => process.exit(1), 25_000).unref()
    const closed = new Promise((resolve) => server.close(resolve))
    const drained = Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000).unref())])
    drained
      .then(() => settings.shutdown())
      .then(
        () => process.exit(0),
        (error) => {
          console.error('Stopping failed:', error)
          process.exit(1)
        },
      )
  })
}
