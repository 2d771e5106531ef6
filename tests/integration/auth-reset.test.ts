import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { beforeEach, describe, expect, it, vi } from 'vitest'

import { verifyCredentials } from '~/auth/authenticator.server'
import { startSession } from '~/auth/session.server'
import { resetConfigForTesting } from '~/config.server'
import { processMailQueue } from '~/models/mail-delivery.server'
import {
  checkPasswordResetToken,
  createPasswordResetToken,
  RESET_TOKEN_TTL_MS,
  resetPasswordWithToken,
} from '~/models/password-reset.server'
import { action as resetAction } from '~/routes/admin.reset'
import { action as confirmAction, loader as confirmLoader } from '~/routes/admin.reset.confirm'

import { fieldErrors, formErrors, getFrom, insertUser, postTo, SITE_URL, useAuthTest } from './auth-support'

const t = useAuthTest()
let userId: number
let otherId: number
beforeEach(() => {
  userId = insertUser(t, 'staff@example.com', 'old-password', true)
  otherId = insertUser(t, 'other@example.com', 'other-password', true)
})

const T0 = new Date('2026-11-22T18:00:00.000Z')
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const outbox = () => {
  const dir = process.env.MAIL_OUTBOX_DIR!
  try {
    return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'))
  } catch {
    return []
  }
}
/** The text of an .eml with quoted-printable soft breaks and =3D undone. */
const decoded = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
const sessionsOf = (id: number) => t.sqlite.prepare('SELECT count(*) FROM sessions WHERE user_id = ?').pluck().get(id)

describe('reset tokens', () => {
  it('are 32 random bytes in base64url, stored only as a SHA-256 hash, valid 60 minutes', async () => {
    const token = await createPasswordResetToken(userId, T0)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const rows = t.sqlite.prepare('SELECT user_id, token_hash, expires_at, used_at FROM password_reset_tokens').all()
    expect(rows).toEqual([
      {
        user_id: userId,
        token_hash: sha256(token),
        expires_at: new Date(T0.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        used_at: null,
      },
    ])
    expect(RESET_TOKEN_TTL_MS).toBe(60 * 60 * 1000)
  })

  it('expire after 60 minutes', async () => {
    const token = await createPasswordResetToken(userId, T0)
    expect(await checkPasswordResetToken(token, new Date(T0.getTime() + RESET_TOKEN_TTL_MS - 1))).toEqual({
      status: 'valid',
      userId,
    })
    expect(await checkPasswordResetToken(token, new Date(T0.getTime() + RESET_TOKEN_TTL_MS))).toEqual({
      status: 'expired',
    })
    expect(
      await resetPasswordWithToken(token, 'new-password', new Date(T0.getTime() + RESET_TOKEN_TTL_MS + 1)),
    ).toEqual({ status: 'expired' })
    await expect(verifyCredentials('staff@example.com', 'old-password')).resolves.toMatchObject({ id: userId })
  })

  it('work once: the password changes, every session of the user ends, other links of the user die', async () => {
    const now = new Date()
    const token = await createPasswordResetToken(userId, now)
    const second = await createPasswordResetToken(userId, now)
    const othersToken = await createPasswordResetToken(otherId, now)
    await startSession(userId)
    await startSession(userId)
    await startSession(otherId)

    expect(await resetPasswordWithToken(token, 'brand-new-password', now)).toEqual({ status: 'valid', userId })
    await expect(verifyCredentials('staff@example.com', 'brand-new-password')).resolves.toMatchObject({ id: userId })
    await expect(verifyCredentials('staff@example.com', 'old-password')).rejects.toThrow('Invalid email or password')
    expect(sessionsOf(userId)).toBe(0)
    expect(sessionsOf(otherId)).toBe(1)

    expect(await resetPasswordWithToken(token, 'another-password', now)).toEqual({ status: 'used' })
    expect(await checkPasswordResetToken(second, now)).toEqual({ status: 'used' })
    expect(await checkPasswordResetToken(othersToken, now)).toEqual({ status: 'valid', userId: otherId })
  })

  it('cannot be used twice by two submissions at once', async () => {
    const token = await createPasswordResetToken(userId)
    const results = await Promise.all([
      resetPasswordWithToken(token, 'first-password'),
      resetPasswordWithToken(token, 'second-password'),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['used', 'valid'])
  })

  it('an unknown or missing token is not valid', async () => {
    expect(await checkPasswordResetToken('nope')).toEqual({ status: 'missing' })
    expect(await checkPasswordResetToken(null)).toEqual({ status: 'missing' })
    expect(await checkPasswordResetToken('')).toEqual({ status: 'missing' })
  })
})

const requestReset = (email: string, address?: string) => postTo(resetAction, '/admin/reset', { email }, {}, address)

describe('POST /admin/reset', () => {
  it('sends a link to SITE_URL/admin/reset/confirm for an account, with the same answer as for no account', async () => {
    const known = await requestReset('Staff@Example.com')
    const unknown = await requestReset('nobody@example.com')
    expect(known.status).toBe(200)
    expect(known.data.sent).toBe(true)
    expect(unknown).toEqual(known)
    expect(await processMailQueue()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 1 })
    const mails = outbox()
    expect(mails).toHaveLength(1)
    const mail = decoded(mails[0])
    expect(mail).toContain('To: staff@example.com')
    const link = /(http\S+\/admin\/reset\/confirm\?token=[\w-]+)/.exec(mail)?.[1]
    expect(link?.startsWith(`${SITE_URL}/admin/reset/confirm?token=`)).toBe(true)
    const token = new URL(link!).searchParams.get('token')!
    expect(await checkPasswordResetToken(token)).toEqual({ status: 'valid', userId })
  })

  it("needs an '@' in the email", async () => {
    const result = await requestReset('staff.example.com')
    expect(result.status).toBe(400)
    expect(fieldErrors(result.data, 'email')).toEqual(['Please enter a valid email address'])
  })

  it('answers the same page when the mail cannot be written, and keeps it queued for another try', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    process.env.MAIL_OUTBOX_DIR = '/dev/null/not-a-folder'
    resetConfigForTesting()
    const known = await requestReset('staff@example.com')
    expect(known.status).toBe(200)
    expect(known).toEqual(await requestReset('nobody@example.com'))
    expect(await processMailQueue()).toEqual({ sent: 0, retried: 1, failed: 0, dropped: 1 })
    expect(t.sqlite.prepare('SELECT recipient, status, attempts FROM mail_queue').all()).toEqual([
      { recipient: 'staff@example.com', status: 'queued', attempts: 1 },
    ])
  })

  it('allows 10 requests per 15 minutes per address', async () => {
    for (let i = 0; i < 10; i++) expect((await requestReset(`person${i}@example.com`, '198.51.100.4')).status).toBe(200)
    const locked = await requestReset('staff@example.com', '198.51.100.4')
    expect(locked.status).toBe(429)
    expect(formErrors(locked.data)).toEqual(['Too many reset requests. Please try again in 15 minutes.'])
    // Ten requests were queued; the refused one was not.
    expect(t.sqlite.prepare('SELECT count(*) FROM mail_queue').pluck().get()).toBe(10)
    expect((await requestReset('staff@example.com', '198.51.100.5')).status).toBe(200)
  })

  it('sends at most 5 emails an hour to one account; further requests get the same page and send nothing', async () => {
    const first = await requestReset('staff@example.com', '192.0.2.0')
    for (let i = 1; i < 5; i++) expect(await requestReset('staff@example.com', `192.0.2.${i}`)).toEqual(first)
    const sixth = await requestReset('STAFF@example.com', '192.0.2.100')
    expect(sixth).toEqual(first)
    await processMailQueue()
    expect(outbox()).toHaveLength(5)
    expect((await requestReset('other@example.com', '192.0.2.101')).status).toBe(200)
    await processMailQueue()
    expect(outbox()).toHaveLength(6)
  })
})

const confirm = (fields: Record<string, string>) =>
  postTo(confirmAction, `/admin/reset/confirm?token=${fields.token ?? ''}`, fields)

describe('/admin/reset/confirm', () => {
  it('explains a missing, unknown or used token', async () => {
    expect((await getFrom(confirmLoader, '/admin/reset/confirm')).data).toEqual({
      token: null,
      problem: 'missing',
    })
    const token = await createPasswordResetToken(userId)
    expect((await getFrom(confirmLoader, `/admin/reset/confirm?token=${token}`)).data).toEqual({
      token,
      problem: null,
    })
    await resetPasswordWithToken(token, 'new-password')
    expect((await getFrom(confirmLoader, `/admin/reset/confirm?token=${token}`)).data.problem).toBe('used')
  })

  it('checks length and match with its messages', async () => {
    const token = await createPasswordResetToken(userId)
    const short = await confirm({ token, password: '12345', confirmPassword: '12345' })
    expect(fieldErrors(short.data, 'password')).toEqual(['Password must be at least 6 characters'])
    const mismatch = await confirm({ token, password: '123456', confirmPassword: '1234567' })
    expect(fieldErrors(mismatch.data, 'confirmPassword')).toEqual(['Passwords do not match'])
    expect(await checkPasswordResetToken(token)).toEqual({ status: 'valid', userId })
  })

  it("updates the password, says 'Password updated successfully!' and goes to /login", async () => {
    const token = await createPasswordResetToken(userId)
    await startSession(userId)
    const result = await confirm({ token, password: 'fresh-password', confirmPassword: 'fresh-password' })
    expect(result.status).toBe(302)
    expect(result.location).toBe('/login')
    expect(result.cookies.some((c) => c.startsWith('toast='))).toBe(true)
    expect(sessionsOf(userId)).toBe(0)
    await expect(verifyCredentials('staff@example.com', 'fresh-password')).resolves.toMatchObject({ id: userId })
    // The owner is told, in case it was not them.
    expect(await processMailQueue()).toMatchObject({ sent: 1 })
    const notice = decoded(outbox().join('\n'))
    expect(notice).toContain('To: staff@example.com')
    expect(notice).toContain('Subject: Your Lindsey Street Cannabis Co. staff password was changed')
    expect(notice).toContain('with a password reset link')
    expect(notice).toContain(`${SITE_URL}/admin/reset`)
    expect(notice).not.toContain('fresh-password')
    const again = await confirm({ token, password: 'other-password', confirmPassword: 'other-password' })
    expect(again.status).toBe(400)
    expect(again.data.problem).toBe('used')
    expect(formErrors(again.data)).toEqual(['This reset link has already been used'])
  })
})
