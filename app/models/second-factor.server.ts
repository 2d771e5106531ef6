import { createHash, randomBytes, randomInt } from 'node:crypto'

import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp'

import { db } from '~/db/db.server'
import type { TotpFactor } from '~/db/types'
import { type Actor, recordActivity } from '~/models/activity.server'

/**
 * The second factor: a time-based code from an authenticator app (TOTP, 6
 * digits every 30 seconds, as every app supports), with ten single-use
 * recovery codes for a lost phone.
 *
 * - Enrolment writes a pending secret; it becomes the account's factor only
 *   when a code from the app confirms it (replacing an older one, if any).
 * - A code is accepted once: the factor remembers the time step of the last
 *   code it took, and only a later step passes, so a code seen over someone's
 *   shoulder cannot be used again within its window.
 * - Recovery codes are stored as SHA-256 hashes and each works once. They are
 *   random enough (about 50 bits) that a plain hash is safe.
 */
export const RECOVERY_CODE_COUNT = 10
/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RECOVERY_CODE_LENGTH = 10

export type SecondFactorSecret = Pick<TotpFactor, 'secret' | 'period' | 'digits' | 'algorithm'>

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')

/** A code as typed, without spaces or dashes, lower case. */
export function normaliseCode(code: string): string {
  // Stryker disable next-line MethodExpression: equivalent mutant toUpperCase; codes are hashed for storage and for the check through this one function, so either case matches
  return code.replace(/[\s-]/g, '').toLowerCase()
}

function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** The otpauth:// address the QR code carries. */
export function authenticatorUri(factor: SecondFactorSecret, accountName: string, issuer: string): string {
  return getTOTPAuthUri({
    secret: factor.secret,
    period: factor.period,
    digits: factor.digits,
    algorithm: factor.algorithm,
    accountName,
    issuer,
  })
}

/** The secret in groups of four, for typing into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim()
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/**
 * A new authenticator secret: 160 random bits (the key length RFC 4226 asks
 * for with SHA-1), 32 base-32 letters. Secrets set up earlier with 80 bits
 * keep working: codes are checked against whatever secret is stored.
 */
export function newTotpSecret(): string {
  const bytes = randomBytes(20)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return out
}

/** Starts (or starts over) setting up an app: a new pending secret. */
export async function startEnrolment(userId: number): Promise<SecondFactorSecret> {
  const { secret, period, digits, algorithm } = await generateTOTP({
    algorithm: 'SHA-1',
    digits: 6,
    period: 30,
    secret: newTotpSecret(),
  })
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('totp_factors').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute()
      await trx.insertInto('totp_factors').values({ user_id: userId, secret, period, digits, algorithm }).execute()
    })
  return { secret, period, digits, algorithm }
}

export async function getPendingEnrolment(userId: number): Promise<SecondFactorSecret | undefined> {
  return db()
    .selectFrom('totp_factors')
    .select(['secret', 'period', 'digits', 'algorithm'])
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst()
}

export async function hasSecondFactor(userId: number): Promise<boolean> {
  const row = await db()
    .selectFrom('totp_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst()
  return row !== undefined
}

export async function recoveryCodesLeft(userId: number): Promise<number> {
  const row = await db()
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const stepAt = (period: number) => Math.floor(Date.now() / 1000 / period)

/**
 * The time step a 6-digit code belongs to (this one or either neighbour, for
 * clocks a little apart), or null when it matches none. Checked again if the
 * step turned while checking, so the step is the one the code was made for.
 */
async function stepOfCode(factor: SecondFactorSecret, code: string): Promise<number | null> {
  // verifyTOTP compares six-digit strings exactly: anything else matches no step.
  // Stryker disable next-line EqualityOperator,UpdateOperator: equivalent mutants (attempt <= 3, attempt--): they change only how often a check is repeated when the 30-second step turns during it, which no test can arrange without faking the clock inside verifyTOTP
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = stepAt(factor.period)
    const match = await verifyTOTP({ otp: code, ...factor })
    // Stryker disable next-line ConditionalExpression: equivalent mutant (false): as above, it matters only when the step turns while a code is checked
    if (stepAt(factor.period) !== before) continue
    return match ? before + match.delta : null
  }
  return null
}

async function userEmail(userId: number): Promise<string> {
  return (await db().selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? ''
}

export type ConfirmResult = { ok: true; recoveryCodes: string[]; replaced: boolean } | { ok: false }

/**
 * Confirms the pending secret with a code from the app: it becomes the
 * account's factor (replacing any older one) and ten new recovery codes are
 * made; they are returned once, here, and stored only hashed.
 */
export async function confirmEnrolment(userId: number, code: string, actor?: Actor | null): Promise<ConfirmResult> {
  const pending = await db()
    .selectFrom('totp_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst()
  if (!pending) return { ok: false }
  const step = await stepOfCode(pending, normaliseCode(code))
  if (step === null) return { ok: false }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  const email = await userEmail(userId)
  return db()
    .transaction()
    .execute(async (trx) => {
      // A second submission of the same code (a double click) finds the secret
      // confirmed already and changes nothing: going on would delete the factor
      // the first one has just confirmed, leaving the account without one.
      const stillPending = await trx
        .selectFrom('totp_factors')
        .select('id')
        .where('id', '=', pending.id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst()
      if (!stillPending) return { ok: false } as const
      const old = await trx
        .deleteFrom('totp_factors')
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst()
      await trx
        .updateTable('totp_factors')
        .set({ confirmed_at: new Date().toISOString(), last_step: step })
        .where('id', '=', pending.id)
        .execute()
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
      await trx
        .insertInto('recovery_codes')
        .values(recoveryCodes.map((c) => ({ user_id: userId, code_hash: hashCode(normaliseCode(c)) })))
        .execute()
      const replaced = Number(old.numDeletedRows) > 0
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: replaced ? 'two-step sign-in app replaced' : 'two-step sign-in turned on',
          subject_id: userId,
          subject_label: email,
          summary: replaced
            ? 'A new authenticator app replaced the old one; new recovery codes made'
            : `Two-step sign-in: off → on; ${RECOVERY_CODE_COUNT} recovery codes made`,
        },
        actor,
      )
      return { ok: true, recoveryCodes, replaced } as const
    })
}

export type CodeCheck = { ok: true; method: 'app' } | { ok: true; method: 'recovery'; left: number } | { ok: false }

/**
 * Checks a sign-in code: six digits from the app (each accepted once), or an
 * unused recovery code (used up by this). Anything else fails.
 */
export async function checkSecondFactorCode(userId: number, typed: string): Promise<CodeCheck> {
  const code = normaliseCode(typed)
  if (/^\d{6}$/.test(code)) {
    const factor = await db()
      .selectFrom('totp_factors')
      .selectAll()
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst()
    if (!factor) return { ok: false }
    const step = await stepOfCode(factor, code)
    if (step === null) return { ok: false }
    // Only a later step than the last accepted one: a code (or an earlier one) is never taken twice.
    const taken = await db()
      .updateTable('totp_factors')
      .set({ last_step: step })
      .where('id', '=', factor.id)
      .where('last_step', '<', step)
      .executeTakeFirst()
    return Number(taken.numUpdatedRows) === 1 ? { ok: true, method: 'app' } : { ok: false }
  }
  const email = await userEmail(userId)
  return db()
    .transaction()
    .execute(async (trx) => {
      const used = await trx
        .updateTable('recovery_codes')
        .set({ used_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hashCode(code))
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(used.numUpdatedRows) !== 1) return { ok: false } as const
      const left = await trx
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow()
      const remaining = Number(left.n)
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'recovery code used',
          subject_id: userId,
          subject_label: email,
          summary: `Signed in with a recovery code; ${remaining} left`,
        },
        { id: userId, email },
      )
      return { ok: true, method: 'recovery', left: remaining } as const
    })
}

/** Replaces the recovery codes with ten new ones, returned once. */
export async function renewRecoveryCodes(userId: number, actor?: Actor | null): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  const email = await userEmail(userId)
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
      await trx
        .insertInto('recovery_codes')
        .values(codes.map((c) => ({ user_id: userId, code_hash: hashCode(normaliseCode(c)) })))
        .execute()
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'recovery codes renewed',
          subject_id: userId,
          subject_label: email,
          summary: `${RECOVERY_CODE_COUNT} new recovery codes; the old ones no longer work`,
        },
        actor,
      )
    })
  return codes
}

/**
 * Removes an account's second factor and recovery codes (turned off by its
 * owner, or reset from the command line for a lost phone). True when there
 * was one.
 */
export async function removeSecondFactor(userId: number, how: string, actor?: Actor | null): Promise<boolean> {
  const email = await userEmail(userId)
  return db()
    .transaction()
    .execute(async (trx) => {
      const removed = await trx
        .deleteFrom('totp_factors')
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst()
      await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute()
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
      if (Number(removed.numDeletedRows) === 0) return false
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'two-step sign-in turned off',
          subject_id: userId,
          subject_label: email,
          summary: `Two-step sign-in: on → off (${how})`,
        },
        actor,
      )
      return true
    })
}
