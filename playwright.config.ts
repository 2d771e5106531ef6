import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { defineConfig } from '@playwright/test'

import { serverNodeFlags } from './scripts/server-command.mjs'

/**
 * End-to-end tests run against the production build on its own port and a
 * throw-away database, in Debian's Chromium (never a downloaded browser).
 */
const port = Number(process.env.E2E_PORT ?? 4173)
// Evaluated once in the runner; workers inherit the variable.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'lsc-e2e-'))
const dataDir = process.env.E2E_DATA_DIR
export const E2E = {
  baseURL: `http://127.0.0.1:${port}`,
  databasePath: join(dataDir, 'app.db'),
  outboxDir: join(dataDir, 'outbox'),
  adminEmail: 'admin@example.com',
  adminPassword: 'admin-password-1',
}
process.env.E2E_DATABASE_PATH = E2E.databasePath
process.env.E2E_OUTBOX_DIR = E2E.outboxDir
const buildDir = `build-e2e-${port}`
process.env.E2E_BUILD_DIR = buildDir

const TIMED = /body-limits\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  // Generous, so that a machine busy with other jobs only makes the run slower: a passing
  // test takes no longer for it, and a failing one still fails (each expectation has its own
  // wait). The tests that walk every page or a whole sign-up passed 120 s with three runs at once.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  fullyParallel: true,
  // Two by default (the CI machine has two cores); E2E_WORKERS tries another count.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E.baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
      testIgnore: TIMED,
    },
    // Tests that time the server (answers within a second, a health check within
    // 100 ms) run last, one at a time, when no other test shares the machine.
    {
      name: 'timed',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
      testMatch: TIMED,
      dependencies: ['chromium'],
      fullyParallel: false,
    },
  ],
  webServer: {
    command: `node node_modules/.bin/react-router build && node ${serverNodeFlags().join(' ')} server.mjs`,
    url: `${E2E.baseURL}/healthz`,
    reuseExistingServer: false,
    // The build comes first; on a machine busy with other jobs it can take minutes.
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      BUILD_DIR: buildDir,
      PORT: String(port),
      SITE_URL: E2E.baseURL,
      DATABASE_PATH: E2E.databasePath,
      MAIL_OUTBOX_DIR: E2E.outboxDir,
      ADMIN_EMAIL: E2E.adminEmail,
      ADMIN_PASSWORD: E2E.adminPassword,
      CONTACT_NOTIFY_TO: 'staff@example.com',
      RATE_LIMIT_MULTIPLIER: '100',
    },
  },
})
