import { createHash } from 'node:crypto'

import { beforeEach, describe, expect, it, vi } from 'vitest'

import {
  authenticatorUri,
  checkSecondFactorCode,
  confirmEnrolment,
  getPendingEnrolment,
  groupedSecret,
  removeSecondFactor,
  renewRecoveryCodes,
  startEnrolment,
} from '~/models/second-factor.server'

import { msIntoStep, totpCode } from '../support/totp'
import { insertUser, useAuthTest } from './auth-support'

/** Setting up an authenticator app, what the log says of it, and codes read in real time. */
const t = useAuthTest()
let userId: number
const me = () => ({ id: userId, email: 'owner@example.com' })
beforeEach(() => {
  userId = insertUser(t, 'owner@example.com', 'owner-password', true)
})

const log = () =>
  t.sqlite.prepare('SELECT actor_id, actor_email, action, subject_label, summary FROM activity_log ORDER BY id').all()
const T0 = new Date('2026-11-23T18:00:10.000Z')

describe('the app’s set-up page', () => {
  it('shows the pending secret as a QR address and as a key in groups of four', async () => {
    const started = await startEnrolment(userId)
    expect(await getPendingEnrolment(userId)).toEqual(started)
    expect(started).toMatchObject({ period: 30, digits: 6, algorithm: 'SHA-1' })
    // A key of 160 bits, as RFC 4226 asks for: 32 letters to type.
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(authenticatorUri(started, 'owner@example.com', 'Green Leaf admin'))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(decodeURIComponent(uri.pathname)).toBe('/Green Leaf admin:owner@example.com')
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: started.secret,
      issuer: 'Green Leaf admin',
      digits: '6',
      period: '30',
    })
    expect(groupedSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP')
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ')
  })

  it('has nothing pending once the app is confirmed, and refuses a confirmation without a pending secret', async () => {
    expect(await confirmEnrolment(userId, '123456')).toEqual({ ok: false })
    vi.useFakeTimers({ toFake: ['Date'], now: T0 })
    const { secret } = await startEnrolment(userId)
    expect(await confirmEnrolment(userId, totpCode(secret, T0), me())).toMatchObject({ ok: true, replaced: false })
    expect(await getPendingEnrolment(userId)).toBeUndefined()
  })
})

describe('the log of the second factor', () => {
  it('says when it was turned on, replaced, renewed, used and turned off, and by whom', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 })
    const first = await startEnrolment(userId)
    await confirmEnrolment(userId, totpCode(first.secret, T0), me())
    const later = new Date(T0.getTime() + 60_000)
    vi.setSystemTime(later)
    const second = await startEnrolment(userId)
    const replaced = await confirmEnrolment(userId, totpCode(second.secret, later), me())
    expect(replaced).toMatchObject({ ok: true, replaced: true })
    const codes = await renewRecoveryCodes(userId, me())
    expect(await checkSecondFactorCode(userId, codes[0]!)).toEqual({ ok: true, method: 'recovery', left: 9 })
    expect(await removeSecondFactor(userId, 'turned off on the account page', me())).toBe(true)
    expect(await removeSecondFactor(userId, 'again', me())).toBe(false)
    const by = { actor_id: userId, actor_email: 'owner@example.com', subject_label: 'owner@example.com' }
    expect(log()).toEqual([
      { ...by, action: 'two-step sign-in turned on', summary: 'Two-step sign-in: off → on; 10 recovery codes made' },
      {
        ...by,
        action: 'two-step sign-in app replaced',
        summary: 'A new authenticator app replaced the old one; new recovery codes made',
      },
      { ...by, action: 'recovery codes renewed', summary: '10 new recovery codes; the old ones no longer work' },
      { ...by, action: 'recovery code used', summary: 'Signed in with a recovery code; 9 left' },
      {
        ...by,
        action: 'two-step sign-in turned off',
        summary: 'Two-step sign-in: on → off (turned off on the account page)',
      },
    ])
  })
})

describe('codes', () => {
  it('are each taken once, in real time: the same code a moment later is refused', async () => {
    // Keep clear of the end of a 30-second step, so the code stays the current one.
    if (msIntoStep() > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - msIntoStep() + 100))
    const { secret } = await startEnrolment(userId)
    // Confirmed with the previous step's code (a slow phone), so the current code is still new.
    expect(await confirmEnrolment(userId, totpCode(secret, Date.now() - 30_000))).toMatchObject({ ok: true })
    const code = totpCode(secret)
    expect(await checkSecondFactorCode(userId, code)).toEqual({ ok: true, method: 'app' })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await checkSecondFactorCode(userId, code)).toEqual({ ok: false })
  })

  it('of six digits are refused for an account without an app', async () => {
    expect(await checkSecondFactorCode(userId, '123456')).toEqual({ ok: false })
  })

  it('for recovery work when they start or end with six digits', async () => {
    // Stored as the app stores recovery codes: the SHA-256 of the code without its dash, in lower case.
    const store = t.sqlite.prepare('INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)')
    for (const code of ['abcd234567', '234567abcd']) store.run(userId, createHash('sha256').update(code).digest('hex'))
    expect(await checkSecondFactorCode(userId, 'abcd2-34567')).toEqual({ ok: true, method: 'recovery', left: 1 })
    expect(await checkSecondFactorCode(userId, '23456-7ABCD')).toEqual({ ok: true, method: 'recovery', left: 0 })
  })
})
