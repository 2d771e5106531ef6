import { hashPassword } from '~/auth/password.server'
import { db, type DB } from '~/db/db.server'
import type { User } from '~/db/types'

export const ADMIN_ROLE = 'admin'

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

type Writer = Pick<DB, 'updateTable' | 'deleteFrom'>

/**
 * What every password change does, in the caller's transaction: the new hash,
 * every session of the user ended, and every reset link not yet used voided.
 * Returns how many sessions ended.
 */
async function replacePassword(trx: Writer, userId: number, password_hash: string): Promise<number> {
  const now = new Date().toISOString()
  await trx.updateTable('users').set({ password_hash, updated_at: now }).where('id', '=', userId).execute()
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
  const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
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
        return { ...existing, created: false, endedSessions }
      }
      const created = await trx
        .insertInto('users')
        .values({ email: email.trim(), password_hash })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow()
      return { ...created, created: true, endedSessions: 0 }
    })
}

/**
 * Changes a user's password. Every session of the user ends and every reset
 * link not yet used stops working. Returns how many sessions ended.
 */
export async function setPassword(userId: number, password: string): Promise<number> {
  const password_hash = await hashPassword(password)
  return db()
    .transaction()
    .execute((trx) => replacePassword(trx, userId, password_hash))
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

/** Spec §4: admin only if a user_roles row (user_id, 'admin') exists. */
export async function hasAdminRole(userId: number): Promise<boolean> {
  const row = await db()
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('role', '=', ADMIN_ROLE)
    .executeTakeFirst()
  return row !== undefined
}
