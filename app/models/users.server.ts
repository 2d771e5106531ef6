import bcrypt from 'bcryptjs'
import { db } from '~/db/db.server'
import type { User } from '~/db/types'

export const BCRYPT_COST = 12
export const ADMIN_ROLE = 'admin'

export type PublicUser = Pick<User, 'id' | 'email'>

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST)
}

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

/** Creates the user or, when the email exists (any case), replaces the password. */
export async function upsertUser(email: string, password: string): Promise<PublicUser> {
  const password_hash = await hashPassword(password)
  const now = new Date().toISOString()
  await db()
    .insertInto('users')
    .values({ email: email.trim(), password_hash })
    .onConflict((oc) => oc.column('email').doUpdateSet({ password_hash, updated_at: now }))
    .execute()
  const user = await findUserByEmail(email)
  if (!user) throw new Error(`User ${email} could not be saved`)
  return { id: user.id, email: user.email }
}

export async function setPassword(userId: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password)
  await db()
    .updateTable('users')
    .set({ password_hash, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
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
