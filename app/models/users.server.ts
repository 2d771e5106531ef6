import type { ExpressionBuilder } from 'kysely'

import { hashPassword } from '~/auth/password.server'
import { type DB, db } from '~/db/db.server'
import type { Database, StaffRole, User } from '~/db/types'
import { type Actor, recordActivity } from '~/models/activity.server'

export const ADMIN_ROLE = 'admin'
export const STAFF_ROLE = 'staff'

export type PublicUser = Pick<User, 'id' | 'email'>

export async function findUserByEmail(email: string): Promise<User | undefined> {
  return db().selectFrom('users').selectAll().where('email', '=', email.trim()).executeTakeFirst()
}

export async function getUserById(id: number): Promise<PublicUser | undefined> {
  return db().selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst()
}

export async function countUsers(): Promise<number> {
  const row = await db()
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A signed-in account as the guard needs it: who, whether active, whether it has a second factor. */
export interface SessionUser extends Pick<User, 'id' | 'email' | 'name' | 'deactivated_at'> {
  hasSecondFactor: boolean
}

/**
 * The role of an account: admin when it has a user_roles row with role
 * admin, else staff when it has that, else none.
 */
export async function roleOf(userId: number, reader: Pick<DB, 'selectFrom'> = db()): Promise<StaffRole | null> {
  const rows = await reader.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute()
  const roles = new Set(rows.map((row) => row.role))
  return roles.has(ADMIN_ROLE) ? 'admin' : roles.has(STAFF_ROLE) ? 'staff' : null
}

/** A query's `has_factor` column: whether the user in the row has confirmed an authenticator app. */
export function hasConfirmedSecondFactor(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .exists(
      eb
        .selectFrom('totp_factors')
        .select('id')
        .whereRef('totp_factors.user_id', '=', 'users.id')
        .where('confirmed_at', 'is not', null),
    )
    .as('has_factor')
}

export async function getSessionUser(userId: number): Promise<SessionUser | undefined> {
  const user = await db()
    .selectFrom('users')
    .select(['id', 'email', 'name', 'deactivated_at'])
    .select(hasConfirmedSecondFactor)
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) return undefined
  const { has_factor, ...rest } = user
  return { ...rest, hasSecondFactor: Boolean(has_factor) }
}

/** Notes a completed sign-in (shown on the staff page). */
export async function noteSignIn(userId: number, now: Date = new Date()): Promise<void> {
  await db().updateTable('users').set({ last_sign_in_at: now.toISOString() }).where('id', '=', userId).execute()
}

type Writer = Pick<DB, 'updateTable' | 'deleteFrom'>

/**
 * What every password change does, in the caller's transaction: the new hash,
 * every session of the user ended (but `keepSession`, the one making the
 * change from the account page), and every reset link not yet used voided.
 * Returns how many sessions ended.
 */
async function replacePassword(
  trx: Writer,
  userId: number,
  password_hash: string,
  keepSession?: string,
): Promise<number> {
  const now = new Date().toISOString()
  await trx.updateTable('users').set({ password_hash, updated_at: now }).where('id', '=', userId).execute()
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
  let sessions = trx.deleteFrom('sessions').where('user_id', '=', userId)
  if (keepSession) sessions = sessions.where('id', '!=', keepSession)
  const ended = await sessions.executeTakeFirst()
  return Number(ended.numDeletedRows)
}

/**
 * Creates the user or, when the email exists (any case), changes its
 * password, which signs the account out everywhere (see setPassword).
 */
export async function upsertUser(
  email: string,
  password: string,
): Promise<PublicUser & { created: boolean; endedSessions: number }> {
  const password_hash = await hashPassword(password)
  return db()
    .transaction()
    .execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', email.trim())
        .executeTakeFirst()
      if (existing) {
        const endedSessions = await replacePassword(trx, existing.id, password_hash)
        await recordActivity(trx, {
          kind: 'account',
          action: 'password changed',
          subject_id: existing.id,
          subject_label: existing.email,
          summary: `With npm run user:create; ${endedSessions} session${endedSessions === 1 ? '' : 's'} signed out`,
        })
        return { ...existing, created: false, endedSessions }
      }
      const created = await trx
        .insertInto('users')
        .values({ email: email.trim(), password_hash })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow()
      await recordActivity(trx, {
        kind: 'account',
        action: 'created',
        subject_id: created.id,
        subject_label: created.email,
        summary: 'With npm run user:create or at the first start',
      })
      return { ...created, created: true, endedSessions: 0 }
    })
}

/**
 * Changes a user's password. Every session of the user ends (but
 * `keepSession`) and every reset link not yet used stops working. Returns how
 * many sessions ended. `how` is written to the activity log.
 */
export async function setPassword(
  userId: number,
  password: string,
  options: { how?: 'reset link' | 'account page'; keepSession?: string; actor?: Actor | null } = {},
): Promise<number> {
  const password_hash = await hashPassword(password)
  return db()
    .transaction()
    .execute(async (trx) => {
      const ended = await replacePassword(trx, userId, password_hash, options.keepSession)
      const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'password changed',
          subject_id: userId,
          subject_label: user?.email ?? '',
          summary: `${options.how === 'account page' ? 'On the account page' : 'With a reset link'}; ${ended} session${ended === 1 ? '' : 's'} signed out`,
        },
        options.actor === undefined ? { id: userId, email: user?.email ?? '' } : options.actor,
      )
      return ended
    })
}

/**
 * Replaces a hash of the old kind after a successful sign-in, with the same
 * password (not a password change: sessions stay). Only if the hash is still
 * the one that was checked.
 */
export async function upgradePasswordHash(userId: number, checkedHash: string, password: string): Promise<void> {
  const password_hash = await hashPassword(password)
  await db()
    .updateTable('users')
    .set({ password_hash })
    .where('id', '=', userId)
    .where('password_hash', '=', checkedHash)
    .execute()
}

export async function grantRole(userId: number, role: string): Promise<void> {
  await db()
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute()
}

/** Admin only if a user_roles row (user_id, 'admin') exists. */
export async function hasAdminRole(userId: number): Promise<boolean> {
  const row = await db()
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('role', '=', ADMIN_ROLE)
    .executeTakeFirst()
  return row !== undefined
}
