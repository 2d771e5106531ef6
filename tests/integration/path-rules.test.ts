import { createServer, type Server } from 'node:http'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { productionPageHandler } from '../support/page-handler'
import { routeTableBuild } from '../support/stand-in-build'
import { useTestDatabase } from '../support/test-db'

useTestDatabase()
let server: Server
let base: string
beforeEach(async () => {
  const pages = productionPageHandler({
    build: routeTableBuild(),
  })
  // Whatever the path rules let through would reach the router: here it says so.
  server = createServer((req, res) => {
    if (!pages.redirectToRouteSpelling(req, res)) res.end('to the router')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve))
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
