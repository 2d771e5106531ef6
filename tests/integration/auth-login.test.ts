import bcrypt from 'bcryptjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { INVALID_CREDENTIALS } from '~/auth/authenticator.server'
import { action, loader } from '~/routes/admin.login'
import {
  answer,
  cookiePair,
  fieldErrors,
  formErrors,
  formRequest,
  getRequest,
  insertUser,
  routeArgs,
  setUpAuthTest,
  type TestDb,
} from './auth-support'

let t: TestDb
beforeEach(async () => {
  t = await setUpAuthTest()
  insertUser(t, 'staff@example.com', 'right-password', true)
  insertUser(t, 'clerk@example.com', 'clerk-password', false)
})
afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  await t.cleanup()
})

const signIn = (fields: Record<string, string>, address?: string, path = '/admin/login') =>
  answer(() => action(routeArgs(formRequest(path, fields), address)))
const sessionRows = () => t.sqlite.prepare('SELECT count(*) FROM sessions').pluck().get() as number

describe('POST /admin/login', () => {
  it('shows the spec messages for an email without @ and a short password', async () => {
    const result = await signIn({ email: 'staff.example.com', password: '12345' })
    expect(result.status).toBe(400)
    expect(fieldErrors(result.data, 'email')).toEqual(['Please enter a valid email address'])
    expect(fieldErrors(result.data, 'password')).toEqual(['Password must be at least 6 characters'])
    const empty = await signIn({})
    expect(fieldErrors(empty.data, 'email')).toEqual(['Please enter a valid email address'])
    expect(fieldErrors(empty.data, 'password')).toEqual(['Password must be at least 6 characters'])
  })

  it('signs in: new session cookie, toast and the remembered same-site page', async () => {
    const result = await signIn({
      email: ' Staff@Example.com ',
      password: 'right-password',
      redirectTo: '/admin/blog?status=draft',
    })
    expect(result.status).toBe(302)
    expect(result.location).toBe('/admin/blog?status=draft')
    const session = result.cookies.find((c) => c.startsWith('session='))
    expect(session).toMatch(/HttpOnly/i)
    expect(session).toMatch(/SameSite=Lax/i)
    expect(session).toMatch(/Path=\//)
    expect(session).not.toMatch(/Secure/i)
    expect(result.cookies.some((c) => c.startsWith('toast='))).toBe(true)
    expect(sessionRows()).toBe(1)
  })

  it.each(['https://evil.example/admin', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'goes to /admin instead of the unsafe redirectTo %j',
    async (redirectTo) => {
      const result = await signIn({ email: 'staff@example.com', password: 'right-password', redirectTo })
      expect(result.location).toBe('/admin')
    },
  )

  it('reads redirectTo from the address when the form has none', async () => {
    const result = await signIn(
      { email: 'staff@example.com', password: 'right-password' },
      undefined,
      '/admin/login?redirectTo=%2Fadmin%2Fdeals',
    )
    expect(result.location).toBe('/admin/deals')
  })

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const first = await signIn({ email: 'staff@example.com', password: 'right-password' })
    const firstCookie = cookiePair(first.cookies.find((c) => c.startsWith('session='))!)
    const second = await answer(() =>
      action(
        routeArgs(
          formRequest(
            '/admin/login',
            { email: 'staff@example.com', password: 'right-password' },
            { Cookie: firstCookie },
          ),
        ),
      ),
    )
    const secondCookie = cookiePair(second.cookies.find((c) => c.startsWith('session='))!)
    expect(secondCookie).not.toBe(firstCookie)
    expect(sessionRows()).toBe(1)
  })

  it('answers the same for an unknown email and a wrong password, and both cost a bcrypt comparison', async () => {
    const compare = vi.spyOn(bcrypt, 'compare')
    const unknown = await signIn({ email: 'nobody@example.com', password: 'whatever-1' })
    const wrong = await signIn({ email: 'staff@example.com', password: 'wrong-password' })
    expect(compare).toHaveBeenCalledTimes(2)
    expect(unknown.status).toBe(wrong.status)
    expect(formErrors(unknown.data)).toEqual([INVALID_CREDENTIALS])
    expect(formErrors(wrong.data)).toEqual([INVALID_CREDENTIALS])
    expect(INVALID_CREDENTIALS).toBe('Invalid email or password')
    expect(unknown.cookies).toEqual([])
    expect(sessionRows()).toBe(0)
  })

  it("says 'Failed to sign in' when something unexpected breaks", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    t.sqlite.exec('ALTER TABLE users RENAME TO users_gone')
    const result = await signIn({ email: 'staff@example.com', password: 'right-password' })
    expect(result.status).toBe(500)
    expect(formErrors(result.data)).toEqual(['Failed to sign in'])
  })
})

describe('sign-in attempt limits', () => {
  it('allows 10 failures per client address, then answers 429 with when to try again', async () => {
    // Ten different accounts (fast hashes), so only the address counter fills up.
    for (let i = 0; i < 10; i++) insertUser(t, `someone${i}@example.com`, 'their-password')
    for (let i = 0; i < 10; i++) {
      const result = await signIn({ email: `someone${i}@example.com`, password: 'wrong-password' }, '198.51.100.1')
      expect(result.status).toBe(401)
    }
    // Even the right password is refused now, from that address only.
    const locked = await signIn({ email: 'staff@example.com', password: 'right-password' }, '198.51.100.1')
    expect(locked.status).toBe(429)
    expect(formErrors(locked.data)[0]).toMatch(/^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/)
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(14 * 60)
    const elsewhere = await signIn({ email: 'staff@example.com', password: 'right-password' }, '198.51.100.2')
    expect(elsewhere.status).toBe(302)
  })

  it('allows 10 failures per account across addresses (email in any case)', async () => {
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? 'STAFF@example.com' : 'staff@example.com'
      expect((await signIn({ email, password: 'wrong-password' }, `192.0.2.${i}`)).status).toBe(401)
    }
    const locked = await signIn({ email: 'staff@example.com', password: 'right-password' }, '192.0.2.200')
    expect(locked.status).toBe(429)
    expect(formErrors(locked.data)[0]).toContain('Please try again in')
    // Another account is not affected.
    expect((await signIn({ email: 'clerk@example.com', password: 'clerk-password' }, '192.0.2.201')).status).toBe(302)
  })

  it('does not count successful sign-ins or invalid forms', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await signIn({ email: 'staff@example.com', password: 'right-password' }, '198.51.100.9')).status).toBe(
        302,
      )
      expect((await signIn({ email: 'bad', password: 'x' }, '198.51.100.9')).status).toBe(400)
    }
  })

  it('opens again when the 15-minute window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-22T18:00:00.000Z'))
    for (let i = 0; i < 10; i++)
      await signIn({ email: 'staff@example.com', password: 'wrong-password' }, '198.51.100.3')
    expect((await signIn({ email: 'staff@example.com', password: 'right-password' }, '198.51.100.3')).status).toBe(429)
    vi.setSystemTime(new Date('2026-11-22T18:14:00.000Z'))
    const soon = await signIn({ email: 'staff@example.com', password: 'right-password' }, '198.51.100.3')
    expect(formErrors(soon.data)).toEqual(['Too many failed sign-in attempts. Please try again in 1 minute.'])
    vi.setSystemTime(new Date('2026-11-22T18:15:01.000Z'))
    expect((await signIn({ email: 'staff@example.com', password: 'right-password' }, '198.51.100.3')).status).toBe(302)
  })
})

describe('GET /admin/login', () => {
  it('shows the form to a visitor and remembers redirectTo', async () => {
    const result = await answer(() => loader(routeArgs(getRequest('/admin/login?redirectTo=%2Fadmin%2Fbrands'))))
    expect(result.status).toBe(200)
    expect(result.data).toEqual({ redirectTo: '/admin/brands' })
  })

  it('sends a signed-in admin to /admin and a signed-in non-admin to /', async () => {
    const admin = await signIn({ email: 'staff@example.com', password: 'right-password' })
    const adminCookie = cookiePair(admin.cookies.find((c) => c.startsWith('session='))!)
    const clerk = await signIn({ email: 'clerk@example.com', password: 'clerk-password' })
    const clerkCookie = cookiePair(clerk.cookies.find((c) => c.startsWith('session='))!)
    const asAdmin = await answer(() => loader(routeArgs(getRequest('/admin/login', { Cookie: adminCookie }))))
    expect(asAdmin.status).toBe(302)
    expect(asAdmin.location).toBe('/admin')
    const asClerk = await answer(() => loader(routeArgs(getRequest('/admin/login', { Cookie: clerkCookie }))))
    expect(asClerk.location).toBe('/')
  })
})
