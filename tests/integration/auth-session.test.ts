import { createHash } from 'node:crypto'

import { createCookie } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { getCurrentUser, requireAdmin, requireUser, startSession } from '~/auth/session.server'
import { resetConfigForTesting } from '~/config.server'
import { SESSION_TTL_MS } from '~/models/sessions.server'
import { action as logout, loader as logoutLoader } from '~/routes/admin.logout'
import { loader as loginAlias } from '~/routes/login'

import { answer, cookiePair, formRequest, getRequest, insertUser, routeArgs, useAuthTest } from './auth-support'

const t = useAuthTest()
let adminId: number
let clerkId: number
beforeEach(() => {
  adminId = insertUser(t, 'staff@example.com', 'right-password', true)
  clerkId = insertUser(t, 'clerk@example.com', 'clerk-password', false)
})
afterEach(() => {
  delete process.env.SITE_URL
  resetConfigForTesting()
})

const HOUR = 60 * 60 * 1000
const T0 = new Date('2026-11-22T18:00:00.000Z')
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const withCookie = (cookie: string, path = '/admin') => getRequest(path, { Cookie: cookie })
const sessionExpiry = () => t.sqlite.prepare('SELECT expires_at FROM sessions').pluck().get() as string | undefined

async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected a thrown Response')
}

describe('the session cookie', () => {
  it('carries only a random id, signed; the table keeps its hash', async () => {
    const header = await startSession(adminId)
    expect(header).toMatch(/^session=/)
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).toMatch(/Path=\//)
    expect(header).not.toMatch(/Secure/)
    const id = (await createCookie('session', { secrets: ['development-only-secret-change-me'] }).parse(
      cookiePair(header),
    )) as string
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(header).not.toContain('staff@example.com')
    const rows = t.sqlite.prepare('SELECT id, user_id FROM sessions').all()
    expect(rows).toEqual([{ id: sha256(id), user_id: adminId }])
  })

  it('is Secure with the __Host- prefix when the site is served over https', async () => {
    process.env.SITE_URL = 'https://shop.example'
    resetConfigForTesting()
    const header = await startSession(adminId)
    expect(header).toMatch(/^__Host-session=/)
    expect(header).toMatch(/Secure/)
    expect(header).toMatch(/Path=\//)
    expect(header).not.toMatch(/Domain=/i)
  })

  it('finds the signed-in user and whether they are admin', async () => {
    const admin = cookiePair(await startSession(adminId))
    const clerk = cookiePair(await startSession(clerkId))
    expect((await getCurrentUser(withCookie(admin))).user).toMatchObject({
      id: adminId,
      email: 'staff@example.com',
      isAdmin: true,
    })
    expect((await getCurrentUser(withCookie(clerk))).user).toMatchObject({ id: clerkId, isAdmin: false })
  })

  it('treats an unknown, forged or expired id as signed out and clears the cookie', async () => {
    const forged = await createCookie('session', { secrets: ['someone-elses-secret'] }).serialize('x'.repeat(43))
    const unknown = await createCookie('session', { secrets: ['development-only-secret-change-me'] }).serialize(
      'y'.repeat(43),
    )
    for (const cookie of [cookiePair(forged), cookiePair(unknown), 'session=garbage']) {
      const { user, headers } = await getCurrentUser(withCookie(cookie))
      expect(user).toBeNull()
      expect(headers.getSetCookie()).toEqual([expect.stringMatching(/^session=; Max-Age=0/)])
    }
    // No cookie at all: nothing to clear.
    expect((await getCurrentUser(getRequest('/admin'))).headers.getSetCookie()).toEqual([])
  })

  it('expires after 14 days without use and is renewed on use', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(T0)
    const cookie = cookiePair(await startSession(adminId))
    expect(sessionExpiry()).toBe(new Date(T0.getTime() + SESSION_TTL_MS).toISOString())

    // Used 13 days later: still signed in, and the 14 days start again.
    const later = new Date(T0.getTime() + 13 * 24 * HOUR)
    vi.setSystemTime(later)
    expect((await getCurrentUser(withCookie(cookie))).user?.id).toBe(adminId)
    expect(sessionExpiry()).toBe(new Date(later.getTime() + SESSION_TTL_MS).toISOString())

    // Then 14 days without use: signed out, the row is gone and the cookie cleared.
    vi.setSystemTime(new Date(later.getTime() + SESSION_TTL_MS))
    const { user, headers } = await getCurrentUser(withCookie(cookie))
    expect(user).toBeNull()
    expect(headers.getSetCookie()[0]).toMatch(/Max-Age=0/)
    expect(sessionExpiry()).toBeUndefined()
  })
})

describe('signed in for as long as the admin is used', () => {
  /** What a browser does with the sign-in's Set-Cookie: it keeps the cookie until its Max-Age runs out. */
  function browserKeeps(setCookie: string, setAt: Date) {
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1])
    return (at: Date) => at.getTime() < setAt.getTime() + maxAge * 1000
  }

  it('I sign in once and open the admin every day: three weeks later I am still signed in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(T0)
    const setCookie = await startSession(adminId)
    const stillKept = browserKeeps(setCookie, T0)
    for (let day = 1; day <= 21; day++) {
      const at = new Date(T0.getTime() + day * 24 * HOUR)
      vi.setSystemTime(at)
      expect(stillKept(at), `the browser still has the cookie on day ${day}`).toBe(true)
      expect((await getCurrentUser(withCookie(cookiePair(setCookie)))).user?.id, `signed in on day ${day}`).toBe(
        adminId,
      )
    }
  })

  it('I stay away for 14 days: the browser still sends the cookie, and I am asked to sign in again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(T0)
    const setCookie = await startSession(adminId)
    const away = new Date(T0.getTime() + SESSION_TTL_MS)
    vi.setSystemTime(away)
    expect(browserKeeps(setCookie, T0)(away)).toBe(true)
    const { user, headers } = await getCurrentUser(withCookie(cookiePair(setCookie)))
    expect(user).toBeNull()
    expect(headers.getSetCookie()[0]).toMatch(/^session=; Max-Age=0/)
  })
})

describe('the guard', () => {
  it('sends an anonymous visitor to the login page, remembering the path and query', async () => {
    const response = await thrown(() => requireUser(getRequest('/admin/inquiries?status=new&q=a b')))
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!, 'http://x')
    expect(location.pathname).toBe('/admin/login')
    expect(location.searchParams.get('redirectTo')).toBe('/admin/inquiries?status=new&q=a%20b')
  })

  it('sends a signed-in user without the admin role to /', async () => {
    const clerk = cookiePair(await startSession(clerkId))
    const response = await thrown(() => requireAdmin(withCookie(clerk)))
    expect(response.headers.get('Location')).toBe('/')
    const admin = cookiePair(await startSession(adminId))
    expect((await requireAdmin(withCookie(admin))).email).toBe('staff@example.com')
  })

  it('logs a failure reading the role and treats the user as not admin', async () => {
    const admin = cookiePair(await startSession(adminId))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    t.sqlite.exec('ALTER TABLE user_roles RENAME TO user_roles_gone')
    const { user } = await getCurrentUser(withCookie(admin))
    expect(user).toMatchObject({ id: adminId, isAdmin: false })
    expect(errors).toHaveBeenCalled()
    expect(String(errors.mock.calls[0][0])).toContain('admin role')
    const response = await thrown(() => requireAdmin(withCookie(admin)))
    expect(response.headers.get('Location')).toBe('/')
  })
})

describe('sign out', () => {
  it('deletes the session, clears the cookie and says so on the login page', async () => {
    const admin = cookiePair(await startSession(adminId))
    const result = await answer(() => logout(routeArgs(formRequest('/admin/logout', {}, { Cookie: admin }))))
    expect(result.status).toBe(302)
    expect(result.location).toBe('/admin/login')
    expect(result.cookies.find((c) => c.startsWith('session='))).toMatch(/Max-Age=0/)
    expect(result.cookies.some((c) => c.startsWith('toast='))).toBe(true)
    expect(sessionExpiry()).toBeUndefined()
    expect((await getCurrentUser(withCookie(admin))).user).toBeNull()
  })

  it('is a POST only: a visit is sent back to /admin', async () => {
    expect((await answer(() => logoutLoader())).location).toBe('/admin')
  })

  it('/login is the staff sign-in page', async () => {
    expect((await answer(() => loginAlias(routeArgs(getRequest('/login'))))).location).toBe('/admin/login')
    expect((await answer(() => loginAlias(routeArgs(getRequest('/login?redirectTo=%2Fadmin%2Fblog'))))).location).toBe(
      '/admin/login?redirectTo=%2Fadmin%2Fblog',
    )
  })
})
