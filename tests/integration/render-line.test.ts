import { createServer, type Server } from 'node:http'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { lineFigures, OVER_SHARE_PAUSE_MS, type PageHandlerOptions, RENDER_LINE } from '~/http/page-handler.server'

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

/** Serves the slow page; each render waits for its release. */
async function serve(options: Partial<PageHandlerOptions>) {
  const pages = productionPageHandler({
    build: slowBuild(() => {
      started++
      return new Promise<void>((resolve) => releases.push(resolve))
    }),
    cacheBytes: 0,
    ...options,
  })
  server = createServer((req, res) => void pages.handle(req, res, (error) => res.end(String(error))))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

beforeEach(() => {
  releases = []
  started = 0
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

/** Lets the held renders finish one at a time until `count` have started and none is held. */
async function finishRenders(count: number) {
  for (let turn = 0; turn < 10_000 && (started < count || releases.length > 0); turn++) {
    releases.shift()?.()
    await new Promise((resolve) => setImmediate(resolve))
  }
  expect(started).toBe(count)
}

describe('the render line, over HTTP', () => {
  // One page rendered at a time, one more waiting: a third visitor finds the line full.
  beforeEach(() => serve({ renderLine: { active: 1, waiting: 1, maxWaitMs: 30_000 } }))

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
    expect(lineFigures()?.renders).toMatchObject({ active: 1, waiting: 1, refused: 1, overShare: 0 })

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

describe('one client cannot take every place in the render line', () => {
  /** A personal page (never shared or kept) asked for by the client at `address`, through a proxy that names it. */
  const getFrom = (address: string, path: string) =>
    fetch(`${base}${path}`, { headers: { Cookie: 'session=someone', 'Fly-Client-IP': address } })
  const statusesOf = (answers: Promise<Response>[]) => Promise.all(answers.map(async (answer) => (await answer).status))

  it('someone floods the site with 60 random searches at once; a patient who opens a page meanwhile still gets it', async () => {
    await serve({ trustProxy: true })
    const { active, waiting, share } = RENDER_LINE
    const flood = Array.from({ length: 60 }, (_, n) => getFrom('203.0.113.9', `/blog?q=${n}`))
    await until(() => lineFigures()?.renders?.refused === 60 - share.busyFrom)
    // The flood holds the places a busy line leaves one client, and no more, though the line has room.
    expect(lineFigures()?.renders).toMatchObject({ active, waiting: share.busyFrom - active })
    expect(active + waiting).toBeGreaterThan(share.busyFrom)

    const patient = getFrom('198.51.100.7', '/deals')
    await until(() => lineFigures()?.renders?.waiting === share.busyFrom - active + 1)
    // The flood's next request is told to come back, after a pause, so its connections cannot ask again at once.
    const asked = performance.now()
    expect((await getFrom('203.0.113.9', '/blog?q=again')).status).toBe(503)
    expect(performance.now() - asked).toBeGreaterThanOrEqual(OVER_SHARE_PAUSE_MS - 20)
    expect(lineFigures()?.renders?.overShare).toBe(60 - share.busyFrom + 1)

    await finishRenders(share.busyFrom + 1)
    const answer = await patient
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('<title>page</title>')
    const statuses = await statusesOf(flood)
    expect(statuses.filter((status) => status === 200)).toHaveLength(share.busyFrom)
    expect(statuses.filter((status) => status === 503)).toHaveLength(60 - share.busyFrom)
  })

  it('a quiet line takes many pages from one address; busy, an IPv6 client counts by its /64', async () => {
    await serve({
      trustProxy: true,
      renderLine: { active: 1, waiting: 9, maxWaitMs: 30_000, share: { busyFrom: 4, perSender: 2 } },
    })
    // A quiet line: four pages from one office address all take a place.
    const office = Array.from({ length: 4 }, (_, n) => getFrom('2001:db8:1:2::10', `/?n=${n}`))
    await until(() => lineFigures()?.renders?.waiting === 3)
    // Busy now: another address in the same /64 gets no fifth place…
    expect((await getFrom('2001:db8:1:2:ffff::1', '/?n=5')).status).toBe(503)
    // …while another network still gets one.
    const neighbour = getFrom('2001:db8:1:3::10', '/?n=6')
    await until(() => lineFigures()?.renders?.waiting === 4)

    await finishRenders(5)
    expect(await statusesOf([...office, neighbour])).toEqual([200, 200, 200, 200, 200])
  })
})
