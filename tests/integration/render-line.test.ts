import { createServer, type Server } from 'node:http'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { lineFigures } from '~/http/page-handler.server'

import { productionPageHandler } from '../support/page-handler'
import { standInBuild } from '../support/stand-in-build'
import { useTestDatabase } from '../support/test-db'

/** A page whose rendering waits until the test lets it finish, so a test can fill the render line on purpose. */
const slowBuild = (waitForRelease: () => Promise<void>) =>
  standInBuild(async (_request, status, headers) => {
    await waitForRelease()
    headers.set('Content-Type', 'text/html; charset=utf-8')
    headers.set('Cache-Control', 'private, no-store')
    return new Response('<!doctype html><title>page</title>', { status, headers })
  })

useTestDatabase()
let server: Server
let base: string
let releases: (() => void)[]
let started: number

beforeEach(async () => {
  releases = []
  started = 0
  const pages = productionPageHandler({
    build: slowBuild(() => {
      started++
      return new Promise<void>((resolve) => releases.push(resolve))
    }),
    cacheBytes: 0,
    // One page rendered at a time, one more waiting: a third visitor finds the line full.
    renderLine: { active: 1, waiting: 1, maxWaitMs: 30_000 },
  })
  server = createServer((req, res) => void pages.handle(req, res, (error) => res.end(String(error))))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterEach(async () => {
  for (const release of releases) release()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(condition()).toBe(true)
}

describe('the render line, over HTTP', () => {
  it('when every place is taken, the next visitor is told at once to come back, and the ones in line get their page', async () => {
    // A session cookie makes each request personal, so none is shared or kept.
    const get = (path: string) => fetch(`${base}${path}`, { headers: { Cookie: 'session=someone' } })
    const first = get('/?n=1')
    await until(() => started === 1)
    const second = get('/?n=2')
    await until(() => lineFigures()?.renders?.waiting === 1)

    const turnedAway = await get('/?n=3')
    expect(turnedAway.status).toBe(503)
    expect(turnedAway.headers.get('retry-after')).toBe('5')
    expect(await turnedAway.text()).toContain('Please try again in 5 seconds.')
    expect(lineFigures()?.renders).toMatchObject({ active: 1, waiting: 1, refused: 1 })

    // The first page finishes, the second takes its place and finishes too.
    releases.shift()!()
    expect((await first).status).toBe(200)
    await until(() => started === 2)
    releases.shift()!()
    const secondAnswer = await second
    expect(secondAnswer.status).toBe(200)
    expect(await secondAnswer.text()).toContain('<title>page</title>')
    expect(lineFigures()?.renders).toMatchObject({ active: 0, waiting: 0, refused: 1 })

    // With the line empty again, a visitor is served.
    const later = get('/?n=4')
    await until(() => started === 3)
    releases.shift()!()
    expect((await later).status).toBe(200)
  })
})
