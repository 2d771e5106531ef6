import type { Transaction } from 'kysely'

import { db } from '~/db/db.server'
import type { Database, StaffRole } from '~/db/types'
import { type Actor, recordActivity } from '~/models/activity.server'
import { ADMIN_ROLE, hasConfirmedSecondFactor, roleOf } from '~/models/users.server'

/**
 * Staff accounts as admins manage them: roles, deactivation, names, and the
 * rule that every account must use a second factor. Each change is written
 * to the activity log in its own transaction.
 *
 * The last active admin can be neither demoted nor deactivated, so someone
 * can always manage the accounts.
 */
export interface StaffMember {
  id: number
  email: string
  name: string
  role: StaffRole | null
  active: boolean
  last_sign_in_at: string | null
  created_at: string
  has_second_factor: boolean
}

export type StaffChange = { ok: true } | { ok: false; message: string }

export const LAST_ADMIN_MESSAGE =
  'This is the only active admin. Make another account an admin first, so someone can still manage the staff.'

const roleName = (role: StaffRole | null) => (role === 'admin' ? 'Admin' : role === 'staff' ? 'Staff' : 'No role')

/** Every account: active before deactivated, admins first, then by name or email. */
export async function listStaff(): Promise<StaffMember[]> {
  const [rows, roles] = await Promise.all([
    db()
      .selectFrom('users')
      .select(['id', 'email', 'name', 'deactivated_at', 'last_sign_in_at', 'created_at'])
      .select(hasConfirmedSecondFactor)
      .execute(),
    db().selectFrom('user_roles').select(['user_id', 'role']).where('role', 'in', ['admin', 'staff']).execute(),
  ])
  const roleById = new Map<number, StaffRole>()
  for (const { user_id, role } of roles) {
    if (role === 'admin' || !roleById.has(user_id)) roleById.set(user_id, role as StaffRole)
  }
  const members = rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: roleById.get(row.id) ?? null,
    active: row.deactivated_at === null,
    last_sign_in_at: row.last_sign_in_at,
    created_at: row.created_at,
    has_second_factor: Boolean(row.has_factor),
  }))
  const rank = (m: StaffMember) => (m.active ? 0 : 2) + (m.role === 'admin' ? 0 : 1)
  return members.sort(
    (a, b) => rank(a) - rank(b) || (a.name || a.email).localeCompare(b.name || b.email, 'en', { sensitivity: 'base' }),
  )
}

/** The other active admins than `userId`, in a transaction. */
async function otherActiveAdmins(trx: Transaction<Database>, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_roles.role', '=', ADMIN_ROLE)
    .where('users.deactivated_at', 'is', null)
    .where('users.id', '!=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function accountOf(trx: Transaction<Database>, userId: number) {
  return trx.selectFrom('users').select(['id', 'email', 'deactivated_at']).where('id', '=', userId).executeTakeFirst()
}

const NO_ACCOUNT: StaffChange = { ok: false, message: 'This account no longer exists.' }

/** Gives an account exactly one role (staff or admin). */
export async function setRole(userId: number, role: StaffRole, actor?: Actor | null): Promise<StaffChange> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const account = await accountOf(trx, userId)
      if (!account) return NO_ACCOUNT
      const before = await roleOf(userId, trx)
      if (before === role) return { ok: true } as const
      if (before === 'admin' && account.deactivated_at === null && (await otherActiveAdmins(trx, userId)) === 0) {
        return { ok: false, message: LAST_ADMIN_MESSAGE } as const
      }
      await trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role', 'in', ['admin', 'staff']).execute()
      await trx.insertInto('user_roles').values({ user_id: userId, role }).execute()
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'role changed',
          subject_id: userId,
          subject_label: account.email,
          summary: `Role: ${roleName(before)} → ${roleName(role)}`,
        },
        actor,
      )
      return { ok: true } as const
    })
}

/**
 * Deactivates an account: it can no longer sign in, every session it has
 * ends at once, and its unused reset links stop working. Its posts keep their
 * author and the log keeps its name.
 */
export async function deactivateUser(
  userId: number,
  actor?: Actor | null,
  now: Date = new Date(),
): Promise<StaffChange & { endedSessions?: number }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const account = await accountOf(trx, userId)
      if (!account) return NO_ACCOUNT
      if (account.deactivated_at !== null) return { ok: true, endedSessions: 0 } as const
      if ((await roleOf(userId, trx)) === 'admin' && (await otherActiveAdmins(trx, userId)) === 0) {
        return { ok: false, message: LAST_ADMIN_MESSAGE } as const
      }
      const stamp = now.toISOString()
      await trx
        .updateTable('users')
        .set({ deactivated_at: stamp, updated_at: stamp })
        .where('id', '=', userId)
        .execute()
      const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: stamp })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute()
      const endedSessions = Number(ended.numDeletedRows)
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'deactivated',
          subject_id: userId,
          subject_label: account.email,
          summary: `Status: active → deactivated; ${endedSessions} session${endedSessions === 1 ? '' : 's'} signed out`,
        },
        actor,
        now,
      )
      return { ok: true, endedSessions } as const
    })
}

/** Lets a deactivated account sign in again (with its old password, or a reset link). */
export async function reactivateUser(userId: number, actor?: Actor | null): Promise<StaffChange> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const account = await accountOf(trx, userId)
      if (!account) return NO_ACCOUNT
      if (account.deactivated_at === null) return { ok: true } as const
      await trx
        .updateTable('users')
        .set({ deactivated_at: null, updated_at: new Date().toISOString() })
        .where('id', '=', userId)
        .execute()
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'reactivated',
          subject_id: userId,
          subject_label: account.email,
          summary: 'Status: deactivated → active',
        },
        actor,
      )
      return { ok: true } as const
    })
}

/** Changes the name shown for an account. */
export async function setName(userId: number, name: string, actor?: Actor | null): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const account = await trx
        .selectFrom('users')
        .select(['email', 'name'])
        .where('id', '=', userId)
        .executeTakeFirst()
      if (!account || account.name === name) return
      await trx
        .updateTable('users')
        .set({ name, updated_at: new Date().toISOString() })
        .where('id', '=', userId)
        .execute()
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'name changed',
          subject_id: userId,
          subject_label: account.email,
          summary: `Name: “${account.name || '(none)'}” → “${name || '(none)'}”`,
        },
        actor,
      )
    })
}

export interface AuthPolicy {
  /** every account must set up and use a second factor */
  requireSecondFactor: boolean
}

export async function getAuthPolicy(): Promise<AuthPolicy> {
  const row = await db()
    .selectFrom('auth_policy')
    .select('require_second_factor')
    .where('id', '=', 1)
    .executeTakeFirst()
  return { requireSecondFactor: row?.require_second_factor === 1 }
}

/** Turns the rule "every account uses a second factor" on or off. */
export async function setSecondFactorRequired(required: boolean, actor?: Actor | null): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('auth_policy')
        .select('require_second_factor')
        .where('id', '=', 1)
        .executeTakeFirst()
      const value = required ? 1 : 0
      if (before?.require_second_factor === value) return
      await trx
        .insertInto('auth_policy')
        .values({ id: 1, require_second_factor: value })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ require_second_factor: value, updated_at: new Date().toISOString() }),
        )
        .execute()
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'policy changed',
          subject_label: 'Every account',
          summary: `Two-step sign-in required: ${before?.require_second_factor === 1 ? 'yes' : 'no'} → ${required ? 'yes' : 'no'}`,
        },
        actor,
      )
    })
}
