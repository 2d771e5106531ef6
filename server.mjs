// Starts the site: picks the mode, builds when there is no build yet, then
// hands over to the typed server inside the build (app/http/server.server.ts):
// start-up (config, migrations, first-start content), then HTTP.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const dev = process.argv.includes('--dev')
// React runs in production mode unless --dev; whether SESSION_SECRET is required
// follows the NODE_ENV the operator set (a fresh clone's `npm start` needs none).
process.env.OPERATOR_NODE_ENV ??= process.env.NODE_ENV ?? ''
process.env.NODE_ENV ??= dev ? 'development' : 'production'

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

let build
let devMiddleware
if (dev) {
  const { createServer } = await import('vite')
  const vite = await createServer({ server: { middlewareMode: true } })
  devMiddleware = vite.middlewares
  build = () => vite.ssrLoadModule('virtual:react-router/server-build')
} else {
  if (!existsSync(serverEntry)) {
    console.log(`No build found in ${buildDir}; building first (about a minute)…`)
    const result = spawnSync(process.execPath, [path.resolve('node_modules/.bin/react-router'), 'build'], {
      stdio: 'inherit',
      env: process.env,
    })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
  build = await import(pathToFileURL(serverEntry).href)
}

const serverBuild = typeof build === 'function' ? await build() : build
const entry = serverBuild.entry.module
const settings = await entry.startup().catch(stopOnConfigError)
const app = entry.createHttpApp({
  build,
  clientDir: dev ? undefined : path.join(buildDir, 'client'),
  devMiddleware,
})
const server = await entry.listen(app, settings.PORT)
console.log(`Serving ${settings.SITE_URL} on port ${settings.PORT}${dev ? ' (development)' : ''}`)

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
