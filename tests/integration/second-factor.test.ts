import { beforeEach, describe, expect, it, vi } from 'vitest'

import { getCurrentUser } from '~/auth/session.server'
import {
  checkSecondFactorCode,
  confirmEnrolment,
  hasSecondFactor,
  recoveryCodesLeft,
  removeSecondFactor,
  renewRecoveryCodes,
  startEnrolment,
} from '~/models/second-factor.server'
import { action as loginAction } from '~/routes/admin.login'
import { action as verifyAction, loader as verifyLoader } from '~/routes/admin.login.verify'

import { totpCode } from '../support/totp'
import { cookiePair, formErrors, getFrom, getRequest, insertUser, postTo, useAuthTest } from './auth-support'

/**
 * The second factor: codes from an authenticator app, accepted once each;
 * ten recovery codes, stored hashed, each working once; and sign-in asking
 * for a code after the password, with wrong codes limited.
 */
const t = useAuthTest()
let userId: number
beforeEach(() => {
  userId = insertUser(t, 'owner@example.com', 'owner-password', true)
})

const T0 = new Date('2026-11-23T18:00:10.000Z') // 10 seconds into a 30-second step
const secretOf = () =>
  t.sqlite.prepare('SELECT secret FROM totp_factors WHERE user_id = ? ORDER BY id DESC').pluck().get(userId) as string

async function enrolAt(now: Date): Promise<{ secret: string; recoveryCodes: string[] }> {
  vi.useFakeTimers({ toFake: ['Date'], now })
  await startEnrolment(userId)
  const secret = secretOf()
  const confirmed = await confirmEnrolment(userId, totpCode(secret, now))
  if (!confirmed.ok) throw new Error('enrolment failed')
  return { secret, recoveryCodes: confirmed.recoveryCodes }
}

describe('enrolment', () => {
  it('turns on only with a code from the app, and makes ten recovery codes stored as hashes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 })
    await startEnrolment(userId)
    expect(await confirmEnrolment(userId, '000000')).toEqual({ ok: false })
    expect(await hasSecondFactor(userId)).toBe(false)
    const confirmed = await confirmEnrolment(userId, totpCode(secretOf(), T0))
    if (!confirmed.ok) throw new Error('expected a confirmed enrolment')
    expect(confirmed.recoveryCodes).toHaveLength(10)
    expect(new Set(confirmed.recoveryCodes).size).toBe(10)
    for (const code of confirmed.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect(await hasSecondFactor(userId)).toBe(true)
    const stored = JSON.stringify(t.sqlite.prepare('SELECT * FROM recovery_codes').all())
    for (const code of confirmed.recoveryCodes) {
      expect(stored).not.toContain(code)
      expect(stored).not.toContain(code.replace('-', ''))
    }
  })

  it('a new phone replaces the old one only once its code confirms it', async () => {
    const { secret: old } = await enrolAt(T0)
    await startEnrolment(userId)
    const next = secretOf()
    expect(next).not.toBe(old)
    // Until confirmed, the old app still signs in.
    const later = new Date(T0.getTime() + 60_000)
    vi.setSystemTime(later)
    expect(await checkSecondFactorCode(userId, totpCode(old, later))).toEqual({ ok: true, method: 'app' })
    const evenLater = new Date(T0.getTime() + 120_000)
    vi.setSystemTime(evenLater)
    expect(await confirmEnrolment(userId, totpCode(next, evenLater))).toMatchObject({ ok: true, replaced: true })
    vi.setSystemTime(new Date(T0.getTime() + 180_000))
    expect(await checkSecondFactorCode(userId, totpCode(old, new Date(T0.getTime() + 180_000)))).toEqual({ ok: false })
  })
  it('a code sent twice at once (a double click) turns two-step sign-in on once, and it stays on', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 })
    await startEnrolment(userId)
    const code = totpCode(secretOf(), T0)
    const results = await Promise.all([confirmEnrolment(userId, code), confirmEnrolment(userId, code)])
    expect(results.map((result) => result.ok).sort()).toEqual([false, true])
    expect(await hasSecondFactor(userId)).toBe(true)
    const shown = results.find((result) => result.ok)
    expect(await recoveryCodesLeft(userId)).toBe(10)
    const later = new Date(T0.getTime() + 60_000)
    vi.setSystemTime(later)
    expect(await checkSecondFactorCode(userId, totpCode(secretOf(), later))).toEqual({ ok: true, method: 'app' })
    if (!shown?.ok) throw new Error('expected one confirmation')
    expect(await checkSecondFactorCode(userId, shown.recoveryCodes[0])).toEqual({
      ok: true,
      method: 'recovery',
      left: 9,
    })
  })
})

describe('secrets', () => {
  it('a phone set up now gets a 160-bit secret; a phone set up with the old 80-bit one keeps signing in', async () => {
    const { secret } = await enrolAt(T0)
    // 32 base-32 letters are 160 bits.
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const later = new Date(T0.getTime() + 60_000)
    vi.setSystemTime(later)
    expect(await checkSecondFactorCode(userId, totpCode(secret, later))).toMatchObject({ ok: true })
    // An owner who set up two-step sign-in before the change: a 16-letter secret in the table.
    const old = 'JBSWY3DPEHPK3PXP'
    t.sqlite.prepare('UPDATE totp_factors SET secret = ? WHERE user_id = ?').run(old, userId)
    const evenLater = new Date(T0.getTime() + 120_000)
    vi.setSystemTime(evenLater)
    expect(await checkSecondFactorCode(userId, totpCode(old, evenLater))).toMatchObject({ ok: true })
  })
})

describe('codes at sign-in', () => {
  it('accepts a code once: the same code, or an older one, is refused afterwards', async () => {
    const { secret } = await enrolAt(T0)
    const next = new Date(T0.getTime() + 30_000)
    vi.setSystemTime(next)
    const code = totpCode(secret, next)
    expect(await checkSecondFactorCode(userId, code)).toEqual({ ok: true, method: 'app' })
    expect(await checkSecondFactorCode(userId, code)).toEqual({ ok: false })
    // The previous step's code is still inside the window a slow clock gets, but older than the one taken.
    expect(await checkSecondFactorCode(userId, totpCode(secret, T0))).toEqual({ ok: false })
    // The next step's code is new, so it passes (a phone a little ahead).
    expect(await checkSecondFactorCode(userId, totpCode(secret, new Date(next.getTime() + 30_000)))).toEqual({
      ok: true,
      method: 'app',
    })
  })

  it('refuses codes from far outside the window and anything that is not a code', async () => {
    const { secret } = await enrolAt(T0)
    const later = new Date(T0.getTime() + 10 * 60_000)
    vi.setSystemTime(later)
    expect(await checkSecondFactorCode(userId, totpCode(secret, T0))).toEqual({ ok: false })
    for (const typed of ['', ' ', 'abcdef', '12345', '1234567', 'x'.repeat(200)]) {
      expect(await checkSecondFactorCode(userId, typed)).toEqual({ ok: false })
    }
    expect(await checkSecondFactorCode(userId, ` ${totpCode(secret, later).replace(/(\d{3})/, '$1 ')} `)).toEqual({
      ok: true,
      method: 'app',
    })
  })

  it('takes each recovery code once, typed in any case, with or without the dash', async () => {
    const { recoveryCodes } = await enrolAt(T0)
    const [first, second] = recoveryCodes
    expect(await checkSecondFactorCode(userId, first!.toUpperCase())).toEqual({ ok: true, method: 'recovery', left: 9 })
    expect(await checkSecondFactorCode(userId, first!)).toEqual({ ok: false })
    expect(await checkSecondFactorCode(userId, second!.replace('-', ''))).toEqual({
      ok: true,
      method: 'recovery',
      left: 8,
    })
    expect(await recoveryCodesLeft(userId)).toBe(8)
    const renewed = await renewRecoveryCodes(userId)
    expect(await recoveryCodesLeft(userId)).toBe(10)
    expect(await checkSecondFactorCode(userId, recoveryCodes[2]!)).toEqual({ ok: false })
    expect(await checkSecondFactorCode(userId, renewed[0]!)).toMatchObject({ ok: true, method: 'recovery' })
  })

  it('once removed (the command line resets a lost phone), no code works and the password alone signs in', async () => {
    const { secret, recoveryCodes } = await enrolAt(T0)
    expect(await removeSecondFactor(userId, 'reset from the command line', null)).toBe(true)
    expect(await hasSecondFactor(userId)).toBe(false)
    expect(await checkSecondFactorCode(userId, totpCode(secret, new Date(T0.getTime() + 30_000)))).toEqual({
      ok: false,
    })
    expect(await checkSecondFactorCode(userId, recoveryCodes[0]!)).toEqual({ ok: false })
    expect(t.sqlite.prepare(`SELECT actor_id, summary FROM activity_log ORDER BY id DESC LIMIT 1`).get()).toEqual({
      actor_id: null,
      summary: 'Two-step sign-in: on → off (reset from the command line)',
    })
  })
})

describe('signing in with a second factor', () => {
  const signIn = () =>
    postTo(loginAction, '/admin/login', {
      email: 'owner@example.com',
      password: 'owner-password',
      redirectTo: '/admin/deals',
    })

  it('asks for the code after the password, and only the code opens a session', async () => {
    const { secret } = await enrolAt(T0)
    const password = await signIn()
    expect(password.status).toBe(302)
    expect(password.location).toBe('/admin/login/verify')
    expect(password.cookies.some((c) => c.startsWith('session='))).toBe(false)
    const challenge = cookiePair(password.cookies.find((c) => c.startsWith('signin-code='))!)
    expect(t.sqlite.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(0)

    expect((await getFrom(verifyLoader, '/admin/login/verify', { Cookie: challenge })).status).toBe(200)
    const verify = (code: string) => postTo(verifyAction, '/admin/login/verify', { code }, { Cookie: challenge })
    const wrong = await verify('000000')
    expect(wrong.status).toBe(401)
    expect(formErrors(wrong.data)[0]).toMatch(/That code is not right/)

    const next = new Date(T0.getTime() + 30_000)
    vi.setSystemTime(next)
    const right = await verify(totpCode(secret, next))
    expect(right.status).toBe(302)
    expect(right.location).toBe('/admin/deals')
    const session = cookiePair(right.cookies.find((c) => c.startsWith('session=') && !/Max-Age=0/.test(c))!)
    expect((await getCurrentUser(getRequest('/admin', { Cookie: session }))).user?.id).toBe(userId)
    expect(right.cookies.some((c) => c.startsWith('signin-code=') && /Max-Age=0/.test(c))).toBe(true)
  })

  it('without the cookie a correct password leaves, the code page sends back to sign in', async () => {
    const page = await getFrom(verifyLoader, '/admin/login/verify')
    expect(page.location).toBe('/admin/login')
    const forged = await postTo(
      verifyAction,
      '/admin/login/verify',
      { code: '123456' },
      { Cookie: 'signin-code=eyJ1IjoxfQ%3D%3D' },
    )
    expect(forged.location).toBe('/admin/login')
  })

  it('limits wrong codes for the account from every address', async () => {
    await enrolAt(T0)
    const challenge = cookiePair((await signIn()).cookies.find((c) => c.startsWith('signin-code='))!)
    const verify = (address: string) =>
      postTo(verifyAction, '/admin/login/verify', { code: '000000' }, { Cookie: challenge }, address)
    for (let i = 0; i < 5; i++) expect((await verify(`198.51.100.${i}`)).status).toBe(401)
    // The sixth wrong code asks for a wait, and a fresh address is held back too.
    const sixth = await verify('198.51.100.6')
    expect(sixth.status).toBe(429)
    const fresh = await verify('203.0.113.99')
    expect(fresh.status).toBe(429)
    expect(formErrors(fresh.data)[0]).toMatch(/^Too many wrong codes\. Please try again in \d+ seconds?\.$/)
    expect(fresh.headers.get('Retry-After')).toMatch(/^\d+$/)
  })
})
