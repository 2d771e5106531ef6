import { createServer, type Server } from 'node:http'

import type { ServerBuild } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createPageHandler } from '~/http/page-handler.server'

import routes from '../../app/routes'
import { createTestDatabase } from '../support/test-db'

interface RouteEntry {
  path?: string
  index?: boolean
  file: string
  children?: RouteEntry[]
}

/** The route table as a server build lists it, made from app/routes.ts. */
function buildOf(entries: RouteEntry[]): ServerBuild {
  const table: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: 'root', path: '' },
  }
  const add = (list: RouteEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.file.replace(/\.[jt]sx?$/, '')
      table[id] = { id, parentId, path: entry.path, index: entry.index }
      add(entry.children ?? [], id)
    }
  }
  add(entries, 'root')
  return { routes: table, entry: { module: {} } } as unknown as ServerBuild
}

let server: Server
let base: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ cleanup } = await createTestDatabase())
  const pages = createPageHandler({
    build: buildOf(routes as RouteEntry[]),
    mode: 'production',
    siteUrl: 'http://127.0.0.1:4999',
    trustProxy: false,
    secureSite: false,
    cacheBytes: 1024 * 1024,
    nextTimedChange: async () => new Date(Date.now() + 60_000),
  })
  // Whatever the path rules let through would reach the router: here it says so.
  server = createServer((req, res) => {
    if (!pages.redirectToRouteSpelling(req, res)) res.end('to the router')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterEach(async () => {
  vi.restoreAllMocks()
  await new Promise((resolve) => server.close(resolve))
  await cleanup()
})

describe('path rules before anything else', () => {
  it('a probe with an escaped line break in the path gets a 404 and one line in the log, no stack', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await fetch(`${base}/x%0D%0ASet-Cookie:%20a=b`)
    expect(response.status).toBe(404)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await response.text()).toContain('Page not found')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]).toEqual(['404 Not Found: /x%0D%0ASet-Cookie:%20a=b'])
    expect(error).not.toHaveBeenCalled()
  })

  it('the staff area in capitals is redirected to its own spelling before anything else runs', async () => {
    const response = await fetch(`${base}/ADMIN/inquiries?status=new`, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/admin/inquiries?status=new')
    expect(response.headers.get('x-robots-tag')).toBe('noindex')
    expect(await (await fetch(`${base}/admin/inquiries`)).text()).toBe('to the router')
  })

  it('a form posted to a mis-spelled address is not taken', async () => {
    const response = await fetch(`${base}/Contact`, { method: 'POST', body: 'name=x', redirect: 'manual' })
    expect(response.status).toBe(404)
  })
})
