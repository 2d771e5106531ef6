import { createHash, randomBytes } from 'node:crypto'
import { db } from '~/db/db.server'
import { isUnavailableResponse } from '~/db/errors.server'

/** 14 days without use; renewed on use (DECISIONS.md). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000
/** Renew at most once an hour so reads do not write on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000

const hashId = (id: string) => createHash('sha256').update(id).digest('hex')

/** Creates a session and returns the random id the cookie will carry (stored only hashed). */
export async function createSession(userId: number, now: Date = new Date()): Promise<string> {
  const id = randomBytes(32).toString('base64url')
  await db()
    .insertInto('sessions')
    .values({ id: hashId(id), user_id: userId, expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString() })
    .execute()
  return id
}

/**
 * The user id of a live session, renewing its expiry; undefined (and the row
 * removed) when unknown or expired.
 */
export async function resolveSession(id: string, now: Date = new Date()): Promise<number | undefined> {
  const key = hashId(id)
  const row = await db()
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('id', '=', key)
    .executeTakeFirst()
  if (!row) return undefined
  const expires = new Date(row.expires_at).getTime()
  if (!(expires > now.getTime())) {
    await db().deleteFrom('sessions').where('id', '=', key).execute()
    return undefined
  }
  if (expires - now.getTime() < SESSION_TTL_MS - RENEW_AFTER_MS) {
    try {
      await db()
        .updateTable('sessions')
        .set({ expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString() })
        .where('id', '=', key)
        .execute()
    } catch (error) {
      // Renewal is a courtesy: when the database cannot be written, reading still works.
      if (!isUnavailableResponse(error)) throw error
    }
  }
  return row.user_id
}

export async function deleteSession(id: string): Promise<void> {
  await db().deleteFrom('sessions').where('id', '=', hashId(id)).execute()
}

/** Revokes every session of a user (password change). */
export async function deleteUserSessions(userId: number): Promise<void> {
  await db().deleteFrom('sessions').where('user_id', '=', userId).execute()
}

export async function deleteExpiredSessions(now: Date = new Date()): Promise<void> {
  await db().deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute()
}
