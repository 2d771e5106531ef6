import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A second server on the e2e build with a database of its own, for tests that
 * must see every table unchanged while other test files write to the shared
 * one in parallel (admin-access.spec.ts).
 */
export interface IsolatedServer {
  url: string
  databasePath: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Starts `node server.mjs` on the build the main e2e server made (build-e2e-<its port>). */
export async function startIsolatedServer(mainBaseURL: string): Promise<IsolatedServer> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'lsc-e2e-isolated-'))
  const url = `http://127.0.0.1:${port}`
  const databasePath = join(dir, 'app.db')
  const child: ChildProcess = spawn(process.execPath, ['server.mjs'], {
    env: {
      ...process.env,
      BUILD_DIR: `build-e2e-${new URL(mainBaseURL).port}`,
      PORT: String(port),
      SITE_URL: url,
      DATABASE_PATH: databasePath,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password-1',
      RATE_LIMIT_MULTIPLIER: '100',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`isolated server exited: ${stderr}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`isolated server did not start: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }

  return {
    url,
    databasePath,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
