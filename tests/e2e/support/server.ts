import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Browser, BrowserContextOptions, Page } from '@playwright/test'

import { serverNodeFlags } from '../../../scripts/server-command.mjs'
import { closedPort } from '../../support/smtp-server'
import { test } from '../fixtures'
import { e2eDatabase, sessionCookieFor } from './session'

/**
 * A private production server on the e2e build, for tests that kill, fuzz or
 * starve a server without disturbing the shared one.
 */
export interface PrivateServer {
  url: string
  port: number
  databasePath: string
  dataDir: string
  process: ChildProcess
  output: () => string
  /** SIGTERM and wait for exit */
  stop: () => Promise<void>
  /** SIGKILL and wait for exit */
  kill: () => Promise<void>
}

export function freshDataDir(prefix = 'lsc-private-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** Copies the shared e2e database (with demo content) into a new folder. */
export function copyOfSharedDatabase(): string {
  const dir = freshDataDir()
  const target = join(dir, 'app.db')
  copyFileSync(process.env.E2E_DATABASE_PATH!, target)
  for (const suffix of ['-wal', '-shm']) {
    const side = `${process.env.E2E_DATABASE_PATH}${suffix}`
    if (existsSync(side)) copyFileSync(side, `${target}${suffix}`)
  }
  return target
}

export interface ServerOptions {
  databasePath?: string
  env?: Record<string, string>
  port?: number
  /** a command that runs node for us, e.g. ['runuser', '-u', 'nobody', '--'] */
  wrapper?: string[]
}

function spawnServer(options: ServerOptions, port: number, dataDir: string, databasePath: string) {
  const url = `http://127.0.0.1:${port}`
  const [command, ...prefix] = options.wrapper ?? []
  return spawn(
    command ?? process.execPath,
    [...prefix, ...(command ? [process.execPath] : []), ...serverNodeFlags(), 'server.mjs'],
    {
      env: {
        ...process.env,
        BUILD_DIR: process.env.E2E_BUILD_DIR!,
        PORT: String(port),
        SITE_URL: url,
        DATABASE_PATH: databasePath,
        MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'admin-password-1',
        RATE_LIMIT_MULTIPLIER: '1000',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
}

/** A server that is expected to refuse to start: its exit code and everything it printed. */
export async function startServerExpectingExit(
  options: ServerOptions = {},
): Promise<{ code: number | null; output: string; databasePath: string }> {
  const dataDir = freshDataDir()
  const databasePath = options.databasePath ?? join(dataDir, 'app.db')
  const child = spawnServer(options, options.port ?? (await closedPort()), dataDir, databasePath)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)))
  clearTimeout(timer)
  return { code, output, databasePath }
}

export async function startServer(options: ServerOptions = {}): Promise<PrivateServer> {
  const port = options.port ?? (await closedPort())
  const dataDir = freshDataDir()
  const databasePath = options.databasePath ?? join(dataDir, 'app.db')
  const url = `http://127.0.0.1:${port}`
  let log = ''
  const child = spawnServer(options, port, dataDir, databasePath)
  child.stdout!.on('data', (chunk) => (log += chunk))
  child.stderr!.on('data', (chunk) => (log += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // A start on a machine busy with other jobs can take many seconds: the wait is long, and ends
  // as soon as the server answers or exits.
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    port,
    databasePath,
    dataDir,
    process: child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

/**
 * A signed session cookie ('session=…') for an existing user of a private
 * server's database, made by the app's own session code (support/session.ts).
 */
export async function mintSessionCookie(databasePath: string, email = 'admin@example.com'): Promise<string> {
  const db = e2eDatabase(databasePath)
  let user: { id: number } | undefined
  try {
    user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined
  } finally {
    db.close()
  }
  if (!user) throw new Error(`no user ${email} in ${databasePath}`)
  return sessionCookieFor(user.id, databasePath)
}

/**
 * A private server for the tests of this file (or of the describe block it is
 * called in): started before the first of them and stopped after the last, or
 * with `eachTest` a fresh one for every test. The object answers for the
 * running server once it has started. Options that must wait for the shared
 * server (a copy of its database) go in a function, called when it starts.
 */
export function usePrivateServer(
  options: ServerOptions | (() => ServerOptions) = {},
  { eachTest = false } = {},
): PrivateServer {
  let running: PrivateServer | undefined
  const start = async () => {
    running = await startServer(typeof options === 'function' ? options() : options)
  }
  const stop = async () => {
    await running?.stop()
    running = undefined
  }
  if (eachTest) {
    // Within the test's own time limit (playwright.config.ts).
    test.beforeEach(start)
    test.afterEach(stop)
  } else {
    test.beforeAll(async () => {
      await start()
    })
    test.afterAll(stop)
  }
  return new Proxy({} as PrivateServer, {
    get(_, key) {
      if (!running) throw new Error('the private server is used before it has started (only inside tests and hooks)')
      return running[key as keyof PrivateServer]
    },
  })
}

/**
 * A private server with demo content of its own (see usePrivateServer), for
 * tests whose pages would otherwise show other tests' brands, posts and settings.
 */
export function usePrivateDemoServer(scope: { eachTest?: boolean } = {}): PrivateServer {
  return usePrivateServer({ env: { DEMO_CONTENT: '1' } }, scope)
}

/**
 * A page of its own browser context on a private server, with the owner
 * signed in and the age gate passed, as she opens the shop on her phone or
 * laptop. Close it with `page.context().close()`.
 */
export async function ownerPage(
  browser: Browser,
  server: Pick<PrivateServer, 'url' | 'databasePath'>,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, ...options })
  const session = await mintSessionCookie(server.databasePath)
  await context.addCookies([
    { name: 'age_verified', value: 'IjEi', url: server.url },
    { name: 'session', value: session.slice('session='.length), url: server.url },
  ])
  return context.newPage()
}

/** A page of its own browser context on a server (a private one, or the shared one at `{ url: baseURL }`), for a visitor past the age gate and not signed in. */
export async function visitorPage(
  browser: Browser,
  server: Pick<PrivateServer, 'url'>,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, ...options })
  await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
  return context.newPage()
}

/** The page cache's figures, which /healthz shows signed-in staff only (`cookie`: a staff session). */
export interface CacheFigures {
  entries: number
  bytes: number
  maxBytes: number
  hits: number
  misses: number
}

export async function cacheFigures(server: Pick<PrivateServer, 'url'>, cookie: string): Promise<CacheFigures> {
  const health = await fetch(`${server.url}/healthz`, { headers: { Cookie: cookie } })
  return ((await health.json()) as { cache: CacheFigures }).cache
}
