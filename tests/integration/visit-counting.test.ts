import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { resetConfigForTesting } from '~/config.server'
import { sqlite, useDatabase } from '~/db/db.server'
import { renderCacheStats } from '~/http/page-handler.server'
import { createHttpApp, listen } from '~/http/server.server'
import { startVisitCounting, visitCounter } from '~/http/visit-counter.server'
import { getSettings, saveSettings } from '~/models/settings.server'
import { action as goAction, loader as goLoader } from '~/routes/go'

import { standInBuild } from '../support/stand-in-build'
import { useTestDatabase } from '../support/test-db'

/**
 * The real HTTP server (page cache, fast path and all) in front of a stand-in
 * build: every path is a public page answered with shareable HTML, as the
 * site's own document handler answers a visitor's page.
 */
const shareablePages = () =>
  standInBuild((request, status, headers) => {
    headers.set('Content-Type', 'text/html; charset=utf-8')
    headers.set('Cache-Control', 'public, max-age=60')
    headers.set('ETag', `"${new URL(request.url).pathname}"`)
    return new Response(`<!doctype html><title>page</title><p>${new URL(request.url).pathname}</p>`, {
      status,
      headers,
    })
  })

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

useTestDatabase()
let server: Server | undefined
let stopCounting: (() => Promise<void>) | undefined
let base = ''
let clock = Date.parse('2026-11-20T15:00:00Z')

beforeEach(async () => {
  process.env.TRUST_PROXY = '1'
  resetConfigForTesting()
  clock = Date.parse('2026-11-20T15:00:00Z')
  stopCounting = startVisitCounting({
    siteUrl: 'http://localhost:3000',
    trustProxy: true,
    intervalMs: 3_600_000,
    now: () => clock,
  })
  server = await listen(createHttpApp({ build: shareablePages(), clientDir: undefined }), 0)
  // The stand-in build is served in production mode (page cache on) by passing no dev middleware.
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await stopCounting?.()
  useDatabase(undefined)
  delete process.env.TRUST_PROXY
  resetConfigForTesting()
})

function visit(path: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    headers: { 'User-Agent': PHONE, 'X-Forwarded-For': '203.0.113.7', ...headers },
    redirect: 'manual',
  })
}

async function counts(metric: string) {
  await visitCounter()!.flush()
  const rows = sqlite()
    .prepare('SELECT day, item, count FROM visit_counts WHERE metric = ? ORDER BY day, item')
    .all(metric) as { day: string; item: string; count: number }[]
  return rows
}

describe('page views', () => {
  it('a patient opens /about twice: the second answer comes from the page cache, and both views count', async () => {
    expect((await visit('/about')).status).toBe(200)
    const hitsBefore = renderCacheStats()!.hits
    const again = await visit('/about')
    expect(again.status).toBe(200)
    expect(renderCacheStats()!.hits).toBe(hitsBefore + 1)
    expect(await counts('views')).toEqual([{ day: '2026-11-20', item: '/about', count: 2 }])
    expect(await counts('visitors')).toEqual([{ day: '2026-11-20', item: '', count: 1 }])
    expect(await counts('device')).toEqual([{ day: '2026-11-20', item: 'phone', count: 1 }])
  })

  it('a browser revalidating its copy (304) counts as a view; a HEAD does not', async () => {
    const first = await visit('/deals')
    const etag = first.headers.get('ETag')!
    expect((await visit('/deals', { 'If-None-Match': etag })).status).toBe(304)
    await fetch(`${base}/deals`, { method: 'HEAD', headers: { 'User-Agent': PHONE } })
    expect(await counts('views')).toEqual([{ day: '2026-11-20', item: '/deals', count: 2 }])
  })

  it('does not count a bot, a prefetch, a signed-in member of staff or a preview', async () => {
    await visit('/blog', { 'User-Agent': GOOGLEBOT })
    await visit('/blog', { 'Sec-Purpose': 'prefetch' })
    await visit('/blog', { Purpose: 'prefetch' })
    await visit('/blog', { Cookie: 'session=whatever-it-holds' })
    await visit('/blog', { Cookie: '__Host-session=abc; age_verified=1' })
    await visit('/blog/curbside-pickup-is-here?preview=1')
    expect(await counts('views')).toEqual([])
    expect(await counts('visitors')).toEqual([])
    // The same requests from a patient count.
    await visit('/blog')
    expect(await counts('views')).toEqual([{ day: '2026-11-20', item: '/blog', count: 1 }])
  })

  it('counts only public pages: not files, feeds, the staff area or tap links', async () => {
    for (const path of [
      '/admin',
      '/admin/blog',
      '/favicon.ico',
      '/feed.xml',
      '/api/blog-rss',
      '/healthz',
      '/go/call/lindsey',
    ]) {
      await visit(path)
    }
    expect(await counts('views')).toEqual([])
  })

  it('same address and browser on one day is one visitor; the next day, a new one', async () => {
    await visit('/')
    await visit('/deals')
    await visit('/brands', { 'X-Forwarded-For': '198.51.100.20', 'User-Agent': LAPTOP })
    clock += 24 * 3600 * 1000
    await visit('/')
    expect(await counts('visitors')).toEqual([
      { day: '2026-11-20', item: '', count: 2 },
      { day: '2026-11-21', item: '', count: 1 },
    ])
    expect(await counts('device')).toEqual([
      { day: '2026-11-20', item: 'desktop', count: 1 },
      { day: '2026-11-20', item: 'phone', count: 1 },
      { day: '2026-11-21', item: 'phone', count: 1 },
    ])
  })

  it('no stored row holds an address or a user agent', async () => {
    await visit('/?utm_source=Instagram&utm_campaign=Black-Friday', { Referer: 'https://www.instagram.com/p/xyz' })
    await visit('/blog', {
      'X-Forwarded-For': '198.51.100.20',
      'User-Agent': LAPTOP,
      Referer: 'https://www.google.com/',
    })
    await visitCounter()!.flush()
    const tables = sqlite().prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[]
    const everything = tables
      .map((table) => JSON.stringify(sqlite().prepare(`SELECT * FROM "${table}"`).all()))
      .join('\n')
    for (const secret of ['203.0.113.7', '198.51.100.20', 'iPhone', 'Windows NT', PHONE, LAPTOP]) {
      expect(everything).not.toContain(secret)
    }
    // What is kept: the page, the site's name, the campaign.
    expect(await counts('referrer')).toEqual([
      { day: '2026-11-20', item: 'google.com', count: 1 },
      { day: '2026-11-20', item: 'instagram.com', count: 1 },
    ])
    expect(await counts('utm_source')).toEqual([{ day: '2026-11-20', item: 'instagram', count: 1 }])
    expect(await counts('utm_campaign')).toEqual([{ day: '2026-11-20', item: 'black-friday', count: 1 }])
  })

  it('tracking parameters do not make separate pages, and a visit from our own pages names no referrer', async () => {
    await visit('/deals?utm_source=leafly')
    await visit('/deals', { Referer: 'http://localhost:3000/' })
    await visit('/deals')
    expect(await counts('views')).toEqual([{ day: '2026-11-20', item: '/deals', count: 3 }])
    expect(await counts('referrer')).toEqual([{ day: '2026-11-20', item: 'direct', count: 2 }])
  })

  it('a client-side navigation counts once; reloading the data of the page shown does not', async () => {
    const navigation = await visit('/blog.data', { Referer: 'http://localhost:3000/' })
    expect(navigation.status).toBe(200)
    await visit('/blog.data?q=edibles', { Referer: 'http://localhost:3000/blog' })
    await visit('/_.data', { Referer: 'http://localhost:3000/blog' })
    expect(await counts('views')).toEqual([
      { day: '2026-11-20', item: '/', count: 1 },
      { day: '2026-11-20', item: '/blog', count: 1 },
    ])
  })

  it('writes nothing until the flush, and nothing at all with counting off', async () => {
    await visit('/reviews')
    expect(sqlite().prepare('SELECT count(*) FROM visit_counts').pluck().get()).toBe(0)
    await stopCounting!()
    stopCounting = undefined
    expect(visitCounter()).toBeUndefined()
    await visit('/reviews')
    expect(sqlite().prepare(`SELECT sum(count) FROM visit_counts WHERE metric = 'views'`).pluck().get()).toBe(1)
  })
})

describe('writing the counts', () => {
  it('a write that fails keeps the counts in memory, and the next one writes them', async () => {
    await visit('/locations')
    sqlite().exec('ALTER TABLE visit_counts RENAME TO visit_counts_away')
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      await visitCounter()!.flush()
      await visitCounter()!.flush()
    } finally {
      console.error = original
    }
    expect(errors).toHaveLength(1)
    expect(visitCounter()!.pendingCount()).toBeGreaterThan(0)
    sqlite().exec('ALTER TABLE visit_counts_away RENAME TO visit_counts')
    expect(await counts('views')).toEqual([{ day: '2026-11-20', item: '/locations', count: 1 }])
  })
})

describe('taps', () => {
  const site = 'http://localhost:3000'
  const goRequest = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    new Request(`${site}${path}`, { ...init, headers: { 'User-Agent': PHONE, ...init.headers } })
  const params = (path: string) => {
    const [, , tap, where] = path.split('/')
    return { tap, where } as { tap: string; where?: string }
  }
  const call = (path: string, init: Parameters<typeof goRequest>[1] = {}) =>
    (init.method === 'POST' ? goAction : goLoader)({
      request: goRequest(path, init),
      params: params(path),
      context: {},
    } as never)

  it('a beacon from our own page counts; one from another origin is refused and not counted', async () => {
    expect((await call('/go/call/lindsey', { method: 'POST', headers: { Origin: site } })).status).toBe(204)
    const foreign = await call('/go/call/lindsey', { method: 'POST', headers: { Origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
    const crossSite = await call('/go/call/lindsey', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(crossSite.status).toBe(403)
    // Through the HTTP server, another origin's POST stops before any route runs.
    const refused = await fetch(`${base}/go/call/lindsey`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'User-Agent': PHONE },
    })
    expect(refused.status).toBe(403)
    expect(await counts('tap')).toEqual([{ day: '2026-11-20', item: 'call:Lindsey', count: 1 }])
  })

  it('without JavaScript a tap link counts and redirects to the store’s directions', async () => {
    const response = await call('/go/directions/bluewater', { headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\//)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    // Followed from another site: the link still works, but no tap of ours is counted.
    const elsewhere = await call('/go/directions/bluewater', { headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(elsewhere.status).toBe(302)
    expect(
      (await call('/go/call/bluewater', { headers: { Referer: `${site}/locations` } })).headers.get('Location'),
    ).toMatch(/^tel:\+1/)
    expect(await counts('tap')).toEqual([
      { day: '2026-11-20', item: 'call:BlueWater', count: 1 },
      { day: '2026-11-20', item: 'directions:BlueWater', count: 1 },
    ])
  })

  it('the owner pastes a map link with a curly apostrophe (Joe’s Plaza): a patient who taps Directions lands on that map', async () => {
    const settings = await getSettings()
    const link = 'https://maps.example/?q=Joe’s+Plaza'
    await saveSettings({
      ...settings,
      stores: { ...settings.stores, BlueWater: { ...settings.stores.BlueWater, directions_url: link } },
    })
    const response = await call('/go/directions/bluewater', { headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(response.status).toBe(302)
    const location = response.headers.get('Location')!
    expect(location).toBe('https://maps.example/?q=Joe%E2%80%99s+Plaza')
    expect(new URL(location).searchParams.get('q')).toBe('Joe’s Plaza')
  })

  it('an unknown tap or store is a 404; a bot’s or staff member’s tap is not counted', async () => {
    expect((await call('/go/nowhere/lindsey')).status).toBe(404)
    expect((await call('/go/call/elsewhere')).status).toBe(404)
    expect((await call('/go/live-menu/lindsey')).status).toBe(404)
    await call('/go/live-menu', { method: 'POST', headers: { Origin: site, 'User-Agent': GOOGLEBOT } })
    await call('/go/live-menu', { method: 'POST', headers: { Origin: site, Cookie: 'session=x' } })
    expect(await counts('tap')).toEqual([])
  })
})
