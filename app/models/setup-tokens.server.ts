import { createHash, randomBytes } from 'node:crypto'

import { hashPassword } from '~/auth/password.server'
import { db } from '~/db/db.server'
import { ADMIN_ROLE, type PublicUser } from '~/models/users.server'

/**
 * The one-time link that creates the first admin of a production site, where no
 * password may ever be printed. The token is shown once (in the start-up log);
 * only its SHA-256 is stored. It works for 24 hours, once, and only while no
 * admin exists: the moment one does, every setup link is dead.
 */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type SetupTokenState =
  | { status: 'valid' }
  /** An admin exists: setup is over, whatever the token. */
  | { status: 'done' | 'missing' | 'expired' | 'used' }

export async function countAdmins(): Promise<number> {
  const row = await db()
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', ADMIN_ROLE)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * A new setup token; any earlier one stops working, so only the link of the
 * latest start is live.
 */
export async function issueSetupToken(now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('setup_tokens').execute()
      await trx
        .insertInto('setup_tokens')
        .values({
          token_hash: hashToken(token),
          expires_at: new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString(),
        })
        .execute()
    })
  return token
}

/** Whether a setup link can still be used (reads only). */
export async function checkSetupToken(
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<SetupTokenState> {
  if ((await countAdmins()) > 0) return { status: 'done' }
  // Issued tokens are 43 characters; a longer one finds nothing in the lookup.
  if (!token) return { status: 'missing' }
  const row = await db()
    .selectFrom('setup_tokens')
    .select(['expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row) return { status: 'missing' }
  // A used token is not found: the claim that marks it used deletes every setup token in the same transaction.
  if (!(new Date(row.expires_at).getTime() > now.getTime())) return { status: 'expired' }
  return { status: 'valid' }
}

/**
 * Creates the first admin with a setup token: in one transaction the token is
 * claimed, the account created (or, if the email already has an account, given
 * this password) with the admin role, and every setup token removed. Two
 * submissions cannot both succeed.
 */
export async function createFirstAdmin(
  token: string,
  email: string,
  password: string,
  now: Date = new Date(),
): Promise<({ status: 'valid' } & { user: PublicUser }) | Exclude<SetupTokenState, { status: 'valid' }>> {
  // Checked before the (deliberately slow) hashing, so a stream of bad links costs nothing.
  const before = await checkSetupToken(token, now)
  if (before.status !== 'valid') return before
  const password_hash = await hashPassword(password)
  const stamp = now.toISOString()
  const user = await db()
    .transaction()
    .execute(async (trx) => {
      const admins = await trx
        .selectFrom('user_roles')
        .select('user_id')
        .where('role', '=', ADMIN_ROLE)
        .limit(1)
        .executeTakeFirst()
      if (admins) return undefined
      const claimed = await trx
        .updateTable('setup_tokens')
        .set({ used_at: stamp })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', stamp)
        .returning('id')
        .executeTakeFirst()
      if (!claimed) return undefined
      await trx
        .insertInto('users')
        .values({ email: email.trim(), password_hash })
        .onConflict((oc) => oc.column('email').doUpdateSet({ password_hash, updated_at: stamp }))
        .execute()
      const row = await trx
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', email.trim())
        .executeTakeFirstOrThrow()
      await trx.insertInto('user_roles').values({ user_id: row.id, role: ADMIN_ROLE }).execute()
      // An account that existed had its password replaced: its sessions end, as after any password change.
      await trx.deleteFrom('sessions').where('user_id', '=', row.id).execute()
      await trx.deleteFrom('setup_tokens').execute()
      return row
    })
  if (!user) {
    const state = await checkSetupToken(token, now)
    // The token was valid a moment ago but someone else finished first.
    return state.status === 'valid' ? { status: 'used' } : state
  }
  return { status: 'valid', user }
}
