import { createHash, randomBytes } from 'node:crypto'

import { db } from '~/db/db.server'
import { isUnavailableResponse } from '~/db/errors.server'

/** A session ends after 14 days without use; each use renews it. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000
/**
 * Renew (expiry and last use) at most every five minutes, so reads do not
 * write on every request and "last seen" on the account page is never more
 * than five minutes behind.
 */
const RENEW_AFTER_MS = 5 * 60 * 1000

/** The stored key of a session: the SHA-256 of the id its cookie carries. */
export const sessionKey = (id: string) => createHash('sha256').update(id).digest('hex')
const hashId = sessionKey

/** Where a session was started from, as the account page shows it. */
export interface SessionOrigin {
  userAgent?: string | null
  address?: string | null
}

/**
 * A new session: the random id its cookie will carry, and the row to store
 * (keyed by the id's hash, never the id itself). Pure, so test helpers that
 * write sessions into a server's database make them exactly as the app does.
 */
export function newSession(userId: number, now: Date = new Date(), origin: SessionOrigin = {}) {
  const id = randomBytes(32).toString('base64url')
  const row = {
    id: hashId(id),
    user_id: userId,
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    created_at: now.toISOString(),
    user_agent: origin.userAgent ? origin.userAgent.slice(0, 500) : null,
    ip_address: origin.address ? origin.address.slice(0, 100) : null,
  }
  return { id, row }
}

/** Creates a session and returns the random id the cookie will carry (stored only hashed). */
export async function createSession(
  userId: number,
  now: Date = new Date(),
  origin: SessionOrigin = {},
): Promise<string> {
  const { id, row } = newSession(userId, now, origin)
  await db().insertInto('sessions').values(row).execute()
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
        .set({ expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(), last_seen_at: now.toISOString() })
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

export interface SessionSummary {
  /** the stored key (the hash), never the cookie's id */
  key: string
  user_agent: string | null
  ip_address: string | null
  created_at: string
  /** when it was last used, to within five minutes */
  last_seen_at: string
}

/** A user's live sessions, most recently used first. */
export async function listUserSessions(userId: number, now: Date = new Date()): Promise<SessionSummary[]> {
  const rows = await db()
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .execute()
  return rows
    .map((row) => ({
      key: row.id,
      user_agent: row.user_agent,
      ip_address: row.ip_address,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at ?? row.created_at,
    }))
    .sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at) || b.created_at.localeCompare(a.created_at))
}

/** Ends one session of a user, by its stored key; false when there was none. */
export async function deleteUserSession(userId: number, key: string): Promise<boolean> {
  const result = await db()
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', key)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Ends every session of a user except one (the one making the request); returns how many ended. */
export async function deleteOtherUserSessions(userId: number, keepKey: string): Promise<number> {
  const result = await db()
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepKey)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteExpiredSessions(now: Date = new Date()): Promise<void> {
  await db().deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute()
}
