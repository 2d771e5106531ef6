import { spawn } from 'node:child_process'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { resetConfigForTesting } from '~/config.server'
import { openDatabase, useDatabase } from '~/db/db.server'
import { NON_DOCUMENT_CSP } from '~/http/security-headers.server'
import { createHttpApp, listen } from '~/http/server.server'

import { standInBuild } from '../support/stand-in-build'
import { createTestDatabase, useTestDatabase } from '../support/test-db'

/** Pages that each hold the one thread for `ms` while they render, as a real render of a long page does. */
const heavyPages = (ms: number, rendered: () => void) =>
  standInBuild((_request, status, headers) => {
    const end = performance.now() + ms
    while (performance.now() < end) {
      // The render's own work: nothing else runs on this thread meanwhile.
    }
    rendered()
    headers.set('Content-Type', 'text/html; charset=utf-8')
    headers.set('Cache-Control', 'private, no-store')
    return new Response('<!doctype html><title>page</title>', { status, headers })
  })

/**
 * Visitors and a health probe in a process of their own, as they are in the
 * field (a client in the server's own process would wait for its turns too):
 * the probe opens its connection with a first check, then `visitors` signed-in
 * page requests go out at once, each from its own address as the proxy names
 * it, then /healthz again on the probe's connection when told to on stdin.
 * Prints the health answer as soon as it comes, then the pages' statuses.
 */
const CLIENT = `
  const http = require('node:http')
  const [base, visitors] = process.argv.slice(1)
  const get = (path, headers, agent = false) => new Promise((resolve, reject) => {
    http.get(base + path, { agent, headers }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: res.statusCode, body }))
    }).on('error', reject)
  })
  // The host's probe keeps its connection open between checks, as a load balancer does.
  const probe = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const pages = get('/healthz', {}, probe).then(() =>
    Promise.all(Array.from({ length: Number(visitors) }, (_, n) =>
      get('/?visitor=' + n, { Cookie: 'session=someone', 'Fly-Client-IP': '198.51.100.' + (n + 1) }))))
  process.stdin.once('data', async () => {
    console.log(JSON.stringify(await get('/healthz', {}, probe)))
    console.log(JSON.stringify((await pages).map((page) => page.status)))
    probe.destroy()
  })`

useTestDatabase()
let server: Server | undefined
let base = ''
let renders = 0

beforeEach(async () => {
  renders = 0
  process.env.RENDER_CACHE_MB = '0'
  // Behind a proxy that names each visitor: a rush of people, not one client holding many places.
  process.env.TRUST_PROXY = '1'
  resetConfigForTesting()
  server = await listen(createHttpApp({ build: heavyPages(50, () => renders++) }), 0)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  delete process.env.RENDER_CACHE_MB
  delete process.env.TRUST_PROXY
  resetConfigForTesting()
})

describe('the health check while the site is busy', () => {
  it('my host asks /healthz during a rush of visitors: it is answered before the rush is rendered, not after it', async () => {
    const visitors = 40
    const client = spawn(process.execPath, ['-e', CLIENT, base, String(visitors)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const lines: string[] = []
    let renderedAtAnswer = -1
    client.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (renderedAtAnswer < 0) renderedAtAnswer = renders
      lines.push(...chunk.split('\n').filter(Boolean))
    })
    const exited = new Promise((resolve) => client.once('exit', resolve))

    // Once the rush is being rendered, the host asks.
    while (renders === 0) await new Promise((resolve) => setImmediate(resolve))
    client.stdin.end('ask\n')
    await exited

    const [health, statuses] = lines.map((line) => JSON.parse(line) as unknown)
    expect(health).toEqual({ status: 200, body: '{"ok":true}' })
    expect(statuses).toEqual(Array.from({ length: visitors }, () => 200))
    // Renders take turns with everything else the server reads, so only a few
    // ran before the check was answered; all of them did, when a turn could
    // hold any number of renders.
    expect(renderedAtAnswer).toBeLessThanOrEqual(visitors / 2)
  })
})

describe('the public health check, answered before the rest of the server', () => {
  it('answers {"ok":true} with the headers of any other non-page answer, and no body to a HEAD', async () => {
    const logged = vi.spyOn(console, 'error')
    const response = await fetch(`${base}/healthz?from=platform`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('content-security-policy')).toBe(NON_DOCUMENT_CSP)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(renders).toBe(0)

    const head = await fetch(`${base}/healthz`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String('{"ok":true}'.length))
    expect(await head.text()).toBe('')
    // Answered here, not by the pages behind, and with nothing left over for them to complain about.
    expect(renders).toBe(0)
    expect(logged).not.toHaveBeenCalled()
  })

  it('leaves every other method and address to the server behind it', async () => {
    for (const [path, method] of [
      ['/healthz', 'POST'],
      ['/healthzz', 'GET'],
      ['/status?healthz', 'GET'],
    ]) {
      const before = renders
      await fetch(`${base}${path}`, { method })
      expect(renders, `${method} ${path}`).toBe(before + 1)
    }
  })

  it('leaves a request with a session cookie to the route, which shows a signed-in admin the figures', async () => {
    // The stand-in build has no health route: its catch-all page answers instead.
    const response = await fetch(`${base}/healthz`, { headers: { Cookie: 'session=someone' } })
    expect(await response.text()).toContain('<title>page</title>')
    expect(renders).toBe(1)
  })

  it('answers 503 {"ok":false} when the database does not answer', async () => {
    const { path, cleanup } = await createTestDatabase()
    try {
      const broken = openDatabase(path)
      broken.sqlite.close()
      useDatabase(broken)
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const response = await fetch(`${base}/healthz`)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ ok: false })
      // The operator reading the log learns why.
      expect(logged).toHaveBeenCalledWith('Health check failed', expect.any(Error))
    } finally {
      useDatabase(undefined)
      await cleanup()
    }
  })
})
