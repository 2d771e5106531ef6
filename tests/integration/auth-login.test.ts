import bcrypt from 'bcryptjs'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { INVALID_CREDENTIALS } from '~/auth/authenticator.server'
import { action, loader } from '~/routes/admin.login'

import { cookiePair, fieldErrors, formErrors, getFrom, insertUser, postTo, useAuthTest } from './auth-support'

const t = useAuthTest()
beforeEach(() => {
  insertUser(t, 'staff@example.com', 'right-password', true)
  insertUser(t, 'clerk@example.com', 'clerk-password', false)
})

const signIn = (fields: Record<string, string>, address?: string, path = '/admin/login') =>
  postTo(action, path, fields, {}, address)
const sessionRows = () => t.sqlite.prepare('SELECT count(*) FROM sessions').pluck().get() as number

describe('POST /admin/login', () => {
  it('shows its messages for an email without @ and a short password', async () => {
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
    const second = await postTo(
      action,
      '/admin/login',
      { email: 'staff@example.com', password: 'right-password' },
      { Cookie: firstCookie },
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

  it('logs every decision with the account and address, never the password', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    await signIn({ email: 'Staff@Example.com', password: 'wrong-password' }, '198.51.100.20')
    await signIn({ email: 'staff@example.com', password: 'right-password' }, '198.51.100.20')
    const lines = [...warn.mock.calls, ...info.mock.calls].map((call) => String(call[0]))
    expect(lines).toEqual([
      '[account] {"event":"sign-in-failed","account":"staff@example.com","address":"198.51.100.20"}',
      '[account] {"event":"sign-in","account":"staff@example.com","address":"198.51.100.20"}',
    ])
    expect(lines.join('\n')).not.toContain('password"')
  })

  it('keeps each log line short however long the email a refused address sends', async () => {
    for (let i = 0; i < 20; i++) {
      insertUser(t, `someone${i}@example.com`, 'their-password')
      await signIn({ email: `someone${i}@example.com`, password: 'wrong-password' }, '203.0.113.8')
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // Refused before the form is checked; control characters take six characters each in JSON.
    const refused = await signIn({ email: `${'\u0001'.repeat(60_000)}@example.com`, password: 'x' }, '203.0.113.8')
    expect(refused.status).toBe(429)
    const [line] = warn.mock.calls.map((call) => String(call[0]))
    expect(line).toMatch(/^\[account\] \{"event":"sign-in-refused","account":"(\\u0001)+…","address":"203\.0\.113\.8"/)
    expect(line.length).toBeLessThan(2_500)
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
  const right = { email: 'staff@example.com', password: 'right-password' }
  const wrong = { email: 'staff@example.com', password: 'wrong-password' }

  let clock = 0
  /** A fake clock from 2026-11-22 18:00 UTC, moved by hand. */
  const useClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    clock = new Date('2026-11-22T18:00:00.000Z').getTime()
    vi.setSystemTime(clock)
  }
  const advance = (seconds: number) => vi.setSystemTime((clock += seconds * 1000))

  /** `n` failed sign-ins from one address, each waiting out the delay the previous answer asked for, so each counts. */
  async function failCounted(n: number, address: string) {
    let last: Awaited<ReturnType<typeof signIn>> | undefined
    for (let i = 0; i < n; i++) {
      if (last?.status === 429) advance(Number(last.headers.get('Retry-After')))
      last = await signIn(wrong, address)
    }
    return last!
  }

  it('failures from many addresses do not lock the owner out: the right password from a new address signs in', async () => {
    for (let i = 0; i < 25; i++) expect((await signIn(wrong, `192.0.2.${i}`)).status).toBeGreaterThanOrEqual(401)
    const owner = await signIn(right, '198.51.100.50')
    expect(owner.status).toBe(302)
    expect(owner.location).toBe('/admin')
  })

  it('after 5 failures on an account, addresses that failed wait a delay that doubles with each failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-22T18:00:00.000Z'))
    for (let i = 0; i < 5; i++) expect((await signIn(wrong, `192.0.2.${i}`)).status).toBe(401)
    // The 6th failure starts a 1-second delay, the 7th 2 seconds, the 8th 4 seconds.
    const sixth = await signIn(wrong, '192.0.2.5')
    expect(sixth.status).toBe(429)
    expect(formErrors(sixth.data)).toEqual(['Too many failed sign-in attempts. Please try again in 1 second.'])
    expect(sixth.headers.get('Retry-After')).toBe('1')
    // Even the right password waits, from an address that has failed.
    const waiting = await signIn(right, '192.0.2.5')
    expect(waiting.status).toBe(429)
    vi.setSystemTime(new Date('2026-11-22T18:00:01.000Z'))
    expect((await signIn(wrong, '192.0.2.6')).headers.get('Retry-After')).toBe('2')
    vi.setSystemTime(new Date('2026-11-22T18:00:03.000Z'))
    expect((await signIn(wrong, '192.0.2.7')).headers.get('Retry-After')).toBe('4')
    // Refused before the password is checked: the answer says nothing about it.
    expect((await signIn(right, '192.0.2.0')).status).toBe(429)
    vi.setSystemTime(new Date('2026-11-22T18:00:07.000Z'))
    expect((await signIn(right, '192.0.2.0')).status).toBe(302)
  })

  it('the delay grows to at most 15 minutes, and the count is forgotten an hour after the last failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    let now = new Date('2026-11-22T18:00:00.000Z').getTime()
    vi.setSystemTime(now)
    let last = await signIn(wrong, '192.0.2.1')
    for (let i = 2; i <= 20; i++) {
      now += Number(last.headers.get('Retry-After') ?? 0) * 1000
      vi.setSystemTime(now)
      last = await signIn(wrong, `192.0.2.${i}`)
    }
    expect(last.headers.get('Retry-After')).toBe(String(15 * 60))
    vi.setSystemTime(now + 60 * 60 * 1000 + 1000)
    // Forgotten: one failure from a known address costs no delay.
    expect((await signIn(wrong, '192.0.2.1')).status).toBe(401)
  })

  it('10 failures for one account from one address refuse that account from that address for 15 minutes', async () => {
    useClock()
    const tenth = await failCounted(10, '198.51.100.1')
    expect(tenth.status).toBe(429)
    expect(formErrors(tenth.data)).toEqual(['Too many failed sign-in attempts. Please try again in 15 minutes.'])
    advance(60)
    const locked = await signIn(right, '198.51.100.1')
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(13 * 60)
    // The owner elsewhere, and another account from the same address, are not refused.
    expect((await signIn(right, '198.51.100.2')).status).toBe(302)
    expect((await signIn({ email: 'clerk@example.com', password: 'clerk-password' }, '198.51.100.1')).status).toBe(302)
  })

  it('counts an account in any case and with spaces as the same account', async () => {
    useClock()
    for (let i = 0; i < 5; i++) {
      const email = i % 2 ? ' STAFF@example.com' : 'staff@Example.com '
      expect((await signIn({ email, password: 'wrong-password' }, `192.0.2.${i}`)).status).toBe(401)
    }
    expect((await signIn(wrong, '192.0.2.9')).status).toBe(429)
  })

  it('20 failures from one address, whatever the accounts, refuse that address', async () => {
    for (let i = 0; i < 20; i++) insertUser(t, `someone${i}@example.com`, 'their-password')
    for (let i = 0; i < 19; i++) {
      expect(
        (await signIn({ email: `someone${i}@example.com`, password: 'wrong-password' }, '203.0.113.5')).status,
      ).toBe(401)
    }
    const last = await signIn({ email: 'someone19@example.com', password: 'wrong-password' }, '203.0.113.5')
    expect(last.status).toBe(429)
    expect((await signIn(right, '203.0.113.5')).status).toBe(429)
    expect((await signIn(right, '203.0.113.6')).status).toBe(302)
  })

  it('a correct password clears the count of that account from that address', async () => {
    useClock()
    const pairCounts = () =>
      t.sqlite.prepare("SELECT hits FROM attempt_counters WHERE rule = 'login-account-address'").pluck().all()
    const ninth = await failCounted(9, '198.51.100.3')
    expect(pairCounts()).toEqual([9])
    advance(Number(ninth.headers.get('Retry-After')))
    expect((await signIn(right, '198.51.100.3')).status).toBe(302)
    expect(pairCounts()).toEqual([])
  })

  it('does not count successful sign-ins or invalid forms', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await signIn(right, '198.51.100.9')).status).toBe(302)
      expect((await signIn({ email: 'bad', password: 'x' }, '198.51.100.9')).status).toBe(400)
    }
  })

  it('opens again when the 15-minute window has passed', async () => {
    useClock()
    await failCounted(10, '198.51.100.3')
    expect((await signIn(right, '198.51.100.3')).status).toBe(429)
    vi.setSystemTime(new Date('2026-11-22T18:14:00.000Z'))
    const soon = await signIn(right, '198.51.100.3')
    expect(formErrors(soon.data)).toEqual(['Too many failed sign-in attempts. Please try again in 1 minute.'])
    vi.setSystemTime(new Date('2026-11-22T18:15:01.000Z'))
    expect((await signIn(right, '198.51.100.3')).status).toBe(302)
  })

  it('keeps the counts in the database, with neither emails nor addresses in it', async () => {
    useClock()
    await failCounted(10, '198.51.100.4')
    const rows = t.sqlite.prepare('SELECT rule, key, hits FROM attempt_counters ORDER BY rule').all()
    expect(rows).toEqual([
      { rule: 'login-account', key: expect.stringMatching(/^[0-9a-f]{64}$/), hits: 10 },
      { rule: 'login-account-address', key: expect.stringMatching(/^[0-9a-f]{64}$/), hits: 10 },
      { rule: 'login-address', key: expect.stringMatching(/^[0-9a-f]{64}$/), hits: 10 },
    ])
    const dump = JSON.stringify(t.sqlite.prepare('SELECT * FROM attempt_counters').all())
    expect(dump).not.toContain('staff')
    expect(dump).not.toContain('198.51')
  })
})

describe('GET /admin/login', () => {
  it('shows the form to a visitor and remembers redirectTo', async () => {
    const result = await getFrom(loader, '/admin/login?redirectTo=%2Fadmin%2Fbrands')
    expect(result.status).toBe(200)
    expect(result.data).toEqual({ redirectTo: '/admin/brands' })
  })

  it('sends a signed-in admin to /admin and a signed-in non-admin to /', async () => {
    const admin = await signIn({ email: 'staff@example.com', password: 'right-password' })
    const adminCookie = cookiePair(admin.cookies.find((c) => c.startsWith('session='))!)
    const clerk = await signIn({ email: 'clerk@example.com', password: 'clerk-password' })
    const clerkCookie = cookiePair(clerk.cookies.find((c) => c.startsWith('session='))!)
    const asAdmin = await getFrom(loader, '/admin/login', { Cookie: adminCookie })
    expect(asAdmin.status).toBe(302)
    expect(asAdmin.location).toBe('/admin')
    const asClerk = await getFrom(loader, '/admin/login', { Cookie: clerkCookie })
    expect(asClerk.location).toBe('/')
  })
})
