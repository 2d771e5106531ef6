import { createServer, type Server } from 'node:http'

import { afterEach, expect, it, vi } from 'vitest'

import { nextStoreMidnight, todayInStore } from '~/lib/time'

import { productionPageHandler } from '../support/page-handler'
import { standInBuild } from '../support/stand-in-build'
import { useTestDatabase } from '../support/test-db'

useTestDatabase()
let server: Server | undefined

afterEach(async () => {
  vi.useRealTimers()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

// 11:59:59.990 PM on Monday 30 November 2026 in Norman (CST, UTC-6), and 20 ms after midnight.
const LAST_MOMENT = new Date('2026-12-01T05:59:59.990Z')
const JUST_AFTER_MIDNIGHT = new Date('2026-12-01T06:00:00.020Z')

it('story: a deal ends on November 30; a visit a moment before midnight starts the deals page, and on December 1 no one is served that November page', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(LAST_MOMENT)
  let renders = 0
  // The page's loader reads the day as it starts; the rest of its render lasts past midnight.
  const build = standInBuild(async (_request, status, headers) => {
    renders++
    const day = todayInStore()
    if (renders === 1) vi.setSystemTime(JUST_AFTER_MIDNIGHT)
    headers.set('Content-Type', 'text/html; charset=utf-8')
    headers.set('Cache-Control', 'public, max-age=0, must-revalidate')
    headers.set('ETag', `"${day}"`)
    return new Response(`<!doctype html><title>Deals</title><p>Deals of ${day}</p>`, { status, headers })
  })
  const pages = productionPageHandler({ build, nextTimedChange: async (now) => nextStoreMidnight(now) })
  server = createServer((req, res) => void pages.handle(req, res, (error) => res.end(String(error))))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`

  expect(await (await fetch(`${base}/deals`)).text()).toContain('Deals of 2026-11-30')
  vi.setSystemTime(new Date('2026-12-01T14:00:00Z')) // 8 AM on December 1
  expect(await (await fetch(`${base}/deals`)).text()).toContain('Deals of 2026-12-01')
  expect(renders).toBe(2)
})
