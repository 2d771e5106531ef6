import { afterEach, describe, expect, it } from 'vitest'

import { startSession } from '~/auth/session.server'
import { openDatabase, useDatabase } from '~/db/db.server'
import { loader } from '~/routes/healthz'

import { productionPageHandler } from '../support/page-handler'
import { createTestDatabase } from '../support/test-db'
import { cookiePair, getRequest, insertUser, routeArgs, setUpAuthTest } from './auth-support'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  useDatabase(undefined)
  await cleanup?.()
  cleanup = undefined
})

const check = (cookie?: string) =>
  loader(routeArgs(getRequest('/healthz', cookie ? { Cookie: cookie } : {})) as Parameters<typeof loader>[0])

describe('GET /healthz', () => {
  it('answers 200 {"ok":true} when the database answers, and nothing more to anyone', async () => {
    ;({ cleanup } = await createTestDatabase())
    // A page cache is running (its figures exist), yet an anonymous check learns only "ok".
    productionPageHandler({
      build: {} as never,
    })
    const response = await check()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('shows the operator signed in as staff the page cache figures and the render lines', async () => {
    const t = await setUpAuthTest()
    cleanup = t.cleanup
    productionPageHandler({
      build: {} as never,
    })
    const id = insertUser(t, 'operator@example.com', 'operator-password', true)
    const cookie = cookiePair(await startSession(id))
    const body = (await (await check(cookie)).json()) as Record<string, unknown>
    expect(body.ok).toBe(true)
    expect(body.cache).toMatchObject({ entries: 0, hits: 0, misses: 0 })
    expect(body.lines).toMatchObject({ renders: { active: 0, waiting: 0, refused: 0 } })
  })

  it('shows an admin who has still to set up a required second factor only "ok", as the admin area would stop her', async () => {
    const t = await setUpAuthTest()
    cleanup = t.cleanup
    const id = insertUser(t, 'operator@example.com', 'operator-password', true)
    const cookie = cookiePair(await startSession(id))
    expect(Object.keys((await (await check(cookie)).json()) as object)).toContain('lines')
    t.sqlite.prepare('UPDATE auth_policy SET require_second_factor = 1').run()
    expect(await (await check(cookie)).json()).toEqual({ ok: true })
  })

  it('answers 503 when the database does not answer', async () => {
    const { path, cleanup: done } = await createTestDatabase()
    cleanup = done
    const broken = openDatabase(path)
    broken.sqlite.close()
    useDatabase(broken)
    const response = await check()
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ ok: false })
  })
})
