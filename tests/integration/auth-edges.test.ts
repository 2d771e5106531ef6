import { createHash } from 'node:crypto'

import bcrypt from 'bcryptjs'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import {
  loginRefusal,
  recordFailedLogin,
  recordFailedSecondFactor,
  recordResetRequest,
  resetAddressRefusal,
  secondFactorRefusal,
} from '~/auth/attempt-limits.server'
import { authenticator, InvalidCredentialsError, verifyCredentials } from '~/auth/authenticator.server'
import { checkCurrentPassword, WRONG_CURRENT_PASSWORD } from '~/auth/current-password.server'
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '~/auth/password.server'
import { clearChallenge, readChallenge, startChallenge } from '~/auth/second-factor-challenge.server'
import { getCurrentUser, requireAdminShell, requireUser, startSession } from '~/auth/session.server'
import { signedCookie } from '~/auth/session-cookie.server'
import { readToast } from '~/http/toast.server'
import { setSecondFactorRequired } from '~/models/staff.server'
import { action as loginAction } from '~/routes/admin.login'

import { answer, cookiePair, formRequest, getRequest, insertUser, routeArgs, useAuthTest } from './auth-support'

/** The edges of signing in: limits shared between forms, cookies, and the guard's answers. */
const t = useAuthTest()
let adminId: number
let staffId: number
beforeEach(() => {
  adminId = insertUser(t, 'owner@example.com', 'owner-password', true)
  staffId = insertUser(t, 'budtender@example.com', 'budtender-password')
  t.sqlite.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'staff')`).run(staffId)
})

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const withCookie = (cookie: string, path = '/admin') => getRequest(path, { Cookie: cookie })
const maxAge = (setCookie: string) => /Max-Age=(\d+)/i.exec(setCookie)?.[1]

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

describe('the current password asked again on the account page', () => {
  it('says it is wrong and logs the failure under the account as typed, lowercased', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await checkCurrentPassword('Owner@Example.com', 'not-it', '198.51.100.4')).toEqual({
      ok: false,
      message: WRONG_CURRENT_PASSWORD,
    })
    expect(warn.mock.calls).toEqual([
      [
        '[account] {"event":"sign-in-failed","account":"owner@example.com","address":"198.51.100.4","step":"current password"}',
      ],
    ])
    expect(await checkCurrentPassword('owner@example.com', 'owner-password', '198.51.100.4')).toEqual({ ok: true })
  })

  it('counts against the sign-in limits of the account: after five wrong answers sign-in waits too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'))
    for (let i = 0; i < 5; i++) {
      expect(await checkCurrentPassword(' OWNER@example.com ', 'guess', '198.51.100.4')).toEqual({
        ok: false,
        message: WRONG_CURRENT_PASSWORD,
      })
    }
    const wait = { message: 'Too many failed sign-in attempts. Please try again in 1 second.', retryAfterSeconds: 1 }
    expect(await checkCurrentPassword(' OWNER@example.com ', 'guess', '198.51.100.4')).toEqual({
      ok: false,
      refused: wait,
      message: wait.message,
    })
    // Now even the right password waits, here and at sign-in.
    expect(await checkCurrentPassword('owner@example.com', 'owner-password', '198.51.100.4')).toEqual({
      ok: false,
      refused: wait,
      message: wait.message,
    })
    expect(await loginRefusal('198.51.100.4', 'owner@example.com')).toEqual(wait)
    vi.setSystemTime(new Date('2026-11-20T10:00:01Z'))
    expect(await checkCurrentPassword('owner@example.com', 'owner-password', '198.51.100.4')).toEqual({ ok: true })
  })
})

describe('sign-in limits', () => {
  it('holds back a delayed account only from addresses that failed recently, on it or on another account', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'))
    // An address fails once on another account, then (10 minutes later) on the owner's.
    await recordFailedLogin('192.0.2.50', 'someone@example.com')
    vi.setSystemTime(new Date('2026-11-20T10:10:00Z'))
    await recordFailedLogin('192.0.2.50', 'owner@example.com')
    // Five more failures on the owner's account from elsewhere put it under a delay.
    for (let i = 0; i < 5; i++) await recordFailedLogin(`192.0.2.${i + 1}`, 'owner@example.com')
    vi.setSystemTime(new Date('2026-11-20T10:10:00.500Z'))
    // An address that failed only on another account is held back too.
    await recordFailedLogin('192.0.2.60', 'someone@example.com')
    expect(await loginRefusal('192.0.2.60', 'owner@example.com')).not.toBeNull()
    // A fresh address is not.
    expect(await loginRefusal('192.0.2.99', 'owner@example.com')).toBeNull()

    // 16 minutes after its first failure the address's own count has expired, its count on the account has not.
    vi.setSystemTime(new Date('2026-11-20T10:16:00Z'))
    for (let i = 0; i < 3; i++) await recordFailedLogin(`192.0.2.${i + 10}`, 'owner@example.com')
    vi.setSystemTime(new Date('2026-11-20T10:16:00.100Z'))
    expect(await loginRefusal('192.0.2.50', 'owner@example.com')).not.toBeNull()
  })

  it('counts a sign-in without an email against the address only', async () => {
    await recordFailedLogin('192.0.2.70', '')
    expect(t.sqlite.prepare('SELECT rule FROM attempt_counters').pluck().all()).toEqual(['login-address'])
  })
})

describe('second-factor and reset limits', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'))
  })

  it('refuses codes from an address that failed 20 times, whatever the accounts', async () => {
    for (let i = 0; i < 20; i++) await recordFailedSecondFactor('192.0.2.80', `account-${i}@example.com`)
    const refused = await secondFactorRefusal('192.0.2.80', 'fresh@example.com')
    expect(refused).toEqual({
      message: 'Too many wrong codes. Please try again in 15 minutes.',
      retryAfterSeconds: 900,
    })
    expect(await secondFactorRefusal('192.0.2.81', 'fresh@example.com')).toBeNull()
  })

  it('refuses the eleventh reset request from an address within 15 minutes, and says so before counting', async () => {
    expect(await resetAddressRefusal('192.0.2.90')).toBeNull()
    for (let i = 0; i < 10; i++) {
      expect(await recordResetRequest('192.0.2.90', `person-${i}@example.com`)).toEqual({
        refused: null,
        mayEmail: true,
      })
    }
    const refusal = { message: 'Too many reset requests. Please try again in 15 minutes.', retryAfterSeconds: 900 }
    expect(await resetAddressRefusal('192.0.2.90')).toEqual(refusal)
    expect(await recordResetRequest('192.0.2.90', 'person-x@example.com')).toEqual({ refused: refusal })
  })
})

describe('passwords', () => {
  it('leaves a current hash as it is after a sign-in (no needless rehash)', async () => {
    const before = t.sqlite.prepare('SELECT password_hash FROM users WHERE id = ?').pluck().get(adminId)
    await verifyCredentials('owner@example.com', 'owner-password')
    expect(t.sqlite.prepare('SELECT password_hash FROM users WHERE id = ?').pluck().get(adminId)).toBe(before)
  })

  it('refuses a password over 72 bytes against an old plain hash, at the cost of a real comparison', async () => {
    const plain = bcrypt.hashSync('a'.repeat(72), 4)
    const started = performance.now()
    expect(await verifyPassword('a'.repeat(72), UNKNOWN_ACCOUNT_HASH)).toEqual({ matches: false, outdated: false })
    const oneComparison = performance.now() - started
    const again = performance.now()
    // bcrypt would read only the first 72 bytes and say yes: the longer password is refused instead.
    expect(await verifyPassword(`${'a'.repeat(72)}and more`, plain)).toEqual({ matches: false, outdated: true })
    expect(performance.now() - again).toBeGreaterThan(oneComparison / 3)
  })

  it('refuses a sign-in form without a password or without an email as wrong credentials', async () => {
    const forms: Record<string, string>[] = [{ email: 'owner@example.com' }, { password: 'owner-password' }]
    for (const fields of forms) {
      await expect(authenticator.authenticate('form', formRequest('/admin/login', fields))).rejects.toBeInstanceOf(
        InvalidCredentialsError,
      )
      // A log line of the refusal says which one it was.
      await expect(authenticator.authenticate('form', formRequest('/admin/login', fields)).catch(String)).resolves.toBe(
        'InvalidCredentialsError: Invalid email or password',
      )
    }
  })
})

describe('cookies of the sign-in', () => {
  it('keep the session cookie as long as a browser keeps one (its row ends the session) and the code step 10 minutes', async () => {
    expect(maxAge(await startSession(adminId))).toBe(String(400 * 24 * 60 * 60))
    expect(maxAge(await startChallenge({ userId: adminId, redirectTo: '/admin' }))).toBe('600')
  })

  it('reads the code step until the moment it expires, and not after', async () => {
    const now = new Date('2026-11-20T10:00:00Z')
    const cookie = cookiePair(await startChallenge({ userId: adminId, redirectTo: '/admin/blog' }, now))
    const at = (ms: number) => readChallenge(withCookie(cookie), new Date(now.getTime() + ms))
    expect(await at(10 * 60 * 1000 - 1)).toEqual({ userId: adminId, redirectTo: '/admin/blog' })
    expect(await at(10 * 60 * 1000)).toBeNull()
    expect(await readChallenge(withCookie(cookiePair(await clearChallenge())))).toBeNull()
  })

  it('ignores a signed code step that does not hold an account number, a path and an expiry', async () => {
    const later = Date.now() + 60_000
    const cookie = signedCookie('signin-code', 600)
    for (const value of [
      { u: String(adminId), r: '/admin', e: later },
      { u: 1.5, r: '/admin', e: later },
      { u: adminId, r: 5, e: later },
      { u: adminId, r: '/admin', e: String(later) },
      { u: adminId, r: '/admin' },
      'just words',
    ]) {
      const header = cookiePair(await cookie.serialize(value))
      expect(await readChallenge(withCookie(header)), JSON.stringify(value)).toBeNull()
    }
  })

  it('signs nobody in with a signed session id that is not a string or is 200 characters or more', async () => {
    const cookie = signedCookie('session', 60)
    const long = 'x'.repeat(200)
    t.sqlite
      .prepare('INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
      .run(sha256(long), adminId, '2999-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')
    expect((await getCurrentUser(withCookie(cookiePair(await cookie.serialize(long))))).user).toBeNull()
    expect((await getCurrentUser(withCookie(cookiePair(await cookie.serialize(12345))))).user).toBeNull()
    expect((await getCurrentUser(withCookie(cookiePair(await cookie.serialize({ id: 'x' }))))).user).toBeNull()
    expect((await getCurrentUser(withCookie(cookiePair(await cookie.serialize(['x']))))).user).toBeNull()
    const shorter = 'x'.repeat(199)
    t.sqlite
      .prepare('INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
      .run(sha256(shorter), adminId, '2999-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')
    expect((await getCurrentUser(withCookie(cookiePair(await cookie.serialize(shorter))))).user?.id).toBe(adminId)
  })

  it('notes the browser and address a session was started from', async () => {
    const request = formRequest(
      '/admin/login',
      { email: 'owner@example.com', password: 'owner-password' },
      { 'User-Agent': 'Mozilla/5.0 (iPhone) TestBrowser/1.0' },
    )
    expect((await answer(() => loginAction(routeArgs(request, '198.51.100.23')))).status).toBe(302)
    expect(t.sqlite.prepare('SELECT user_agent, ip_address FROM sessions').all()).toEqual([
      { user_agent: 'Mozilla/5.0 (iPhone) TestBrowser/1.0', ip_address: '198.51.100.23' },
    ])
  })
})

describe('the guard', () => {
  it('signs out an account deactivated behind its back, ending that session', async () => {
    const cookie = cookiePair(await startSession(staffId))
    t.sqlite.prepare('UPDATE users SET deactivated_at = ? WHERE id = ?').run('2026-11-01T00:00:00.000Z', staffId)
    const { user, headers } = await getCurrentUser(withCookie(cookie))
    expect(user).toBeNull()
    expect(headers.get('Set-Cookie')).toMatch(/^session=;/)
    expect(t.sqlite.prepare('SELECT count(*) FROM sessions WHERE user_id = ?').pluck().get(staffId)).toBe(0)
  })

  it('sends a stale cookie to the login page and clears it there', async () => {
    const refused = (await thrown(() => requireUser(withCookie('session=forged.value', '/admin/blog')))) as Response
    expect(refused.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fblog')
    expect(refused.headers.get('Set-Cookie')).toMatch(/^session=;/)
  })

  it('tells an account sent to set up two-step sign-in why, in a toast', async () => {
    await setSecondFactorRequired(true, { id: adminId, email: 'owner@example.com' })
    const cookie = cookiePair(await startSession(staffId))
    const sent = (await thrown(() => requireAdminShell(withCookie(cookie, '/admin/blog')))) as Response
    expect(sent.headers.get('Location')).toBe('/admin/account/two-factor')
    const { toast } = await readToast(withCookie(cookiePair(sent.headers.get('Set-Cookie')!)))
    expect(toast).toEqual({
      type: 'error',
      title: 'Set up two-step sign-in to continue',
      description: 'An admin requires it for every account.',
    })
  })

  it('lets any member of staff into the admin shell, and sends an account without a role to /', async () => {
    const staff = cookiePair(await startSession(staffId))
    // The shell opens for staff even on an admin's page; that page's own guard answers 403 inside it.
    expect((await requireAdminShell(withCookie(staff, '/admin/deals'))).id).toBe(staffId)
    const nobody = insertUser(t, 'nobody@example.com', 'nobody-password')
    const cookie = cookiePair(await startSession(nobody))
    const sent = (await thrown(() => requireAdminShell(withCookie(cookie, '/admin')))) as Response
    expect(sent.headers.get('Location')).toBe('/')
  })
})
