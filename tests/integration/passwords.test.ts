import bcrypt from 'bcryptjs'
import { describe, expect, it } from 'vitest'

import { startSession } from '~/auth/session.server'
import { createPasswordResetToken } from '~/models/password-reset.server'
import { upsertUser } from '~/models/users.server'
import { action as login } from '~/routes/admin.login'
import { action as confirmReset } from '~/routes/admin.reset.confirm'

import { answer, formErrors, formRequest, routeArgs, useAuthTest } from './auth-support'

/** How passwords are compared at sign-in: every character counts, and the same characters match however they were typed. */
const t = useAuthTest()

let nextAddress = 0
/** Each sign-in from its own address, so the attempt limits stay out of the way. */
const signIn = (email: string, password: string) =>
  answer(() => login(routeArgs(formRequest('/admin/login', { email, password }), `192.0.2.${nextAddress++ % 250}`)))
const storedHash = (email: string) =>
  t.sqlite.prepare('SELECT password_hash FROM users WHERE email = ?').pluck().get(email) as string

describe('passwords longer than 72 bytes', () => {
  it("'A'×72 followed by anything is not the password 'A'×72", async () => {
    await upsertUser('staff@example.com', 'A'.repeat(72))
    const longer = await signIn('staff@example.com', `${'A'.repeat(72)}anything`)
    expect(longer.status).toBe(401)
    expect(formErrors(longer.data)).toEqual(['Invalid email or password'])
    expect((await signIn('staff@example.com', 'A'.repeat(72))).status).toBe(302)
  })

  it('a long password counts to its last character', async () => {
    const password = `${'correct horse battery staple '.repeat(4)}9`
    expect(Buffer.byteLength(password)).toBeGreaterThan(72)
    await upsertUser('staff@example.com', password)
    expect((await signIn('staff@example.com', `${password.slice(0, -1)}8`)).status).toBe(401)
    expect((await signIn('staff@example.com', password)).status).toBe(302)
  })

  it('64 characters outside ASCII (128 bytes) are allowed and all count', async () => {
    const password = 'ü'.repeat(63) + 'ö'
    expect(Buffer.byteLength(password)).toBe(128)
    await upsertUser('staff@example.com', password)
    expect((await signIn('staff@example.com', 'ü'.repeat(64))).status).toBe(401)
    expect((await signIn('staff@example.com', password)).status).toBe(302)
  })

  it('a password set through a reset link is checked in full too', async () => {
    const user = await upsertUser('staff@example.com', 'first-password')
    const token = await createPasswordResetToken(user.id)
    const password = 'B'.repeat(72) + '-tail'
    const saved = await answer(() =>
      confirmReset(
        routeArgs(formRequest(`/admin/reset/confirm?token=${token}`, { token, password, confirmPassword: password })),
      ),
    )
    expect(saved.status).toBe(302)
    expect((await signIn('staff@example.com', 'B'.repeat(72) + '-other')).status).toBe(401)
    expect((await signIn('staff@example.com', password)).status).toBe(302)
  })
})

describe('Unicode normalisation', () => {
  const composed = 'Crème brûlée ñ 1' // NFC: è, û, ñ as single code points
  const decomposed = composed.normalize('NFD') // e + combining grave, …

  it('a password set in one form signs in when typed in the other', async () => {
    expect(decomposed).not.toBe(composed)
    await upsertUser('mac@example.com', decomposed)
    await upsertUser('phone@example.com', composed)
    expect((await signIn('mac@example.com', composed)).status).toBe(302)
    expect((await signIn('phone@example.com', decomposed)).status).toBe(302)
    expect((await signIn('phone@example.com', 'Creme brulee n 1')).status).toBe(401)
  })
})

describe('hashes made before pre-hashing (plain bcrypt)', () => {
  function insertOldHash(email: string, password: string) {
    return Number(
      t.sqlite
        .prepare('INSERT INTO users (email, password_hash) VALUES (?, ?)')
        .run(email, bcrypt.hashSync(password, 4)).lastInsertRowid,
    )
  }

  it('still sign in, and are replaced by the new kind without ending any session', async () => {
    const id = insertOldHash('old@example.com', 'old-password')
    await startSession(id)
    expect((await signIn('old@example.com', 'wrong-password')).status).toBe(401)
    expect(storedHash('old@example.com')).toMatch(/^\$2[ab]\$04\$/)
    expect((await signIn('old@example.com', 'old-password')).status).toBe(302)
    expect(storedHash('old@example.com')).toMatch(/^\$bcrypt-sha256\$v=1\$2b\$12\$/)
    expect((await signIn('old@example.com', 'old-password')).status).toBe(302)
    // The upgrade is not a password change: the earlier session is still there (plus the two new ones).
    expect(t.sqlite.prepare('SELECT count(*) FROM sessions WHERE user_id = ?').pluck().get(id)).toBe(3)
  })

  it('never accept a password longer than the 72 bytes bcrypt read', async () => {
    insertOldHash('old@example.com', 'A'.repeat(72))
    expect((await signIn('old@example.com', `${'A'.repeat(72)}anything`)).status).toBe(401)
    expect(storedHash('old@example.com')).toMatch(/^\$2[ab]\$04\$/)
    expect((await signIn('old@example.com', 'A'.repeat(72))).status).toBe(302)
  })
})
