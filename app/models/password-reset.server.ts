import { createHash, randomBytes } from 'node:crypto'

import { db } from '~/db/db.server'
import { setPassword } from '~/models/users.server'

/** A reset link works for 60 minutes, once; only its hash is stored. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type ResetTokenState = { status: 'valid'; userId: number } | { status: 'missing' | 'expired' | 'used' }

/**
 * Creates a reset token for a user: 32 random bytes (base64url) for the link;
 * only its SHA-256 is stored. Expired tokens are removed on the way.
 */
export async function createPasswordResetToken(userId: number, now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db().deleteFrom('password_reset_tokens').where('expires_at', '<=', now.toISOString()).execute()
  await db()
    .insertInto('password_reset_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
    })
    .execute()
  return token
}

/** Whether a token can still be used (reads only). */
export async function checkPasswordResetToken(
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<ResetTokenState> {
  // Issued tokens are 43 characters; a longer one finds nothing in the lookup.
  if (!token) return { status: 'missing' }
  const row = await db()
    .selectFrom('password_reset_tokens')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row) return { status: 'missing' }
  if (row.used_at) return { status: 'used' }
  if (!(new Date(row.expires_at).getTime() > now.getTime())) return { status: 'expired' }
  return { status: 'valid', userId: row.user_id }
}

/**
 * Sets a new password with a token. The token is claimed atomically (so two
 * submissions cannot both use it), then the password is changed, which also
 * ends every session of the user and uses up their other open tokens.
 * Returns why not when the token is not valid.
 */
export async function resetPasswordWithToken(
  token: string,
  password: string,
  now: Date = new Date(),
): Promise<ResetTokenState> {
  const stamp = now.toISOString()
  const claimed = await db()
    .updateTable('password_reset_tokens')
    .set({ used_at: stamp })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', stamp)
    .returning('user_id')
    .executeTakeFirst()
  if (!claimed) return checkPasswordResetToken(token, now)
  const userId = claimed.user_id
  await setPassword(userId, password)
  return { status: 'valid', userId }
}
