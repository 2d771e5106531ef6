import { spawnSync } from 'node:child_process'
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * The container's entry point, run here as the container runs it: as root on a
 * data folder root owns (a bind mount, or a platform that mounts volumes as
 * root). `nobody` stands in for the image's `node` user.
 */
const ENTRYPOINT = resolve(__dirname, '../../scripts/docker-entrypoint.sh')
const NOBODY = 65534
const asRoot = process.getuid?.() === 0

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lsc-entry-'))
  chmodSync(dir, 0o755)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function entrypoint(command: string[], env: Record<string, string> = {}) {
  return spawnSync(ENTRYPOINT, command, {
    env: { PATH: process.env.PATH!, APP_USER: 'nobody', ...env },
    encoding: 'utf8',
  })
}

describe.runIf(asRoot)('the container entry point, started as root', () => {
  it('gives the data folder and what is in it to the app user, then runs the command as that user without capabilities', () => {
    const data = join(dir, 'data')
    mkdirSync(data)
    writeFileSync(join(data, 'app.db'), '')
    writeFileSync(join(data, 'backup.db'), '') // left by an operator command run as root
    const outside = join(dir, 'outside.txt')
    writeFileSync(outside, 'not the app’s')
    symlinkSync(outside, join(data, 'link'))

    const result = entrypoint(
      ['sh', '-c', 'id -u; grep -E "^Cap(Eff|Prm|Inh):" /proc/self/status; touch "$0"', join(data, 'new')],
      {
        DATABASE_PATH: join(data, 'app.db'),
        MAIL_OUTBOX_DIR: join(data, 'outbox'),
      },
    )
    expect(result.status, result.stderr).toBe(0)
    const [uid, ...caps] = result.stdout.trim().split('\n')
    expect(Number(uid)).toBe(NOBODY)
    for (const line of caps) expect(line).toMatch(/:\s+0+$/)

    for (const name of ['', 'app.db', 'backup.db', 'outbox', 'new']) {
      expect(statSync(join(data, name)).uid, name || 'the folder').toBe(NOBODY)
    }
    // A link inside is re-owned, never what it points to; nothing outside the folder changes.
    expect(lstatSync(join(data, 'link')).uid).toBe(NOBODY)
    expect(statSync(outside).uid).toBe(0)
    expect(statSync(dir).uid).toBe(0)
  })

  it('gives a file:// replica folder on a second root-owned volume to the app user too, so Litestream can write it', () => {
    const data = join(dir, 'data')
    const volume = join(dir, 'replica-volume')
    mkdirSync(volume)
    writeFileSync(join(volume, 'left-by-root'), '')
    const result = entrypoint(['sh', '-c', 'mkdir "$0/generations" && echo written', volume], {
      DATABASE_PATH: join(data, 'app.db'),
      LITESTREAM_REPLICA_URL: `file://${volume}`,
    })
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout.trim()).toBe('written')
    for (const name of ['', 'left-by-root', 'generations']) {
      expect(statSync(join(volume, name)).uid, name || 'the volume').toBe(NOBODY)
    }
    // A replica path below the volume is created for the app user; the volume above it stays as it was.
    const below = join(dir, 'other-volume')
    mkdirSync(below)
    const nested = entrypoint(['true'], {
      DATABASE_PATH: join(data, 'app.db'),
      LITESTREAM_REPLICA_URL: `file://${below}/app.db`,
    })
    expect(nested.status, nested.stderr).toBe(0)
    expect(statSync(join(below, 'app.db')).uid).toBe(NOBODY)
    expect(statSync(below).uid).toBe(0)
  })

  it('never gives a system folder away, whatever the replica address says, and still starts', () => {
    const result = entrypoint(['sh', '-c', 'echo started'], {
      DATABASE_PATH: join(dir, 'data', 'app.db'),
      LITESTREAM_REPLICA_URL: 'file:///etc',
    })
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout.trim()).toBe('started')
    expect(result.stderr).toContain('not giving /etc to nobody')
    expect(statSync('/etc').uid).toBe(0)
  })

  it('creates a data folder that does not exist yet', () => {
    const data = join(dir, 'fresh', 'data')
    const result = entrypoint(['true'], { DATABASE_PATH: join(data, 'app.db') })
    expect(result.status, result.stderr).toBe(0)
    expect(statSync(data).uid).toBe(NOBODY)
  })
})

describe('the container entry point, started as another user', () => {
  it('runs the command unchanged', () => {
    const result = spawnSync(
      asRoot ? 'setpriv' : ENTRYPOINT,
      asRoot
        ? ['--reuid=65534', '--regid=65534', '--clear-groups', '--', ENTRYPOINT, 'sh', '-c', 'id -u']
        : ['sh', '-c', 'id -u'],
      { env: { PATH: process.env.PATH!, DATABASE_PATH: join(dir, 'data', 'app.db') }, encoding: 'utf8' },
    )
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout.trim()).toBe(String(asRoot ? NOBODY : process.getuid?.()))
  })
})
