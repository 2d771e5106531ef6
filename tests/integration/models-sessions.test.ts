import { createHash } from 'node:crypto'

import { beforeEach, describe, expect, it } from 'vitest'

import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  resolveSession,
  SESSION_TTL_MS,
} from '~/models/sessions.server'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()
let userId: number
let otherUserId: number
beforeEach(() => {
  const insert = t.sqlite.prepare(`INSERT INTO users (email, password_hash) VALUES (?, 'x')`)
  userId = Number(insert.run('a@example.com').lastInsertRowid)
  otherUserId = Number(insert.run('b@example.com').lastInsertRowid)
})

const HOUR = 60 * 60 * 1000
const T0 = new Date('2026-11-22T18:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const expiresOf = (id: string) =>
  t.sqlite.prepare(`SELECT expires_at FROM sessions WHERE id = ?`).pluck().get(sha256(id)) as string | undefined
const sessionCount = () => t.sqlite.prepare(`SELECT count(*) FROM sessions`).pluck().get()

describe('sessions model', () => {
  it('lasts 14 days', () => {
    expect(SESSION_TTL_MS).toBe(14 * 24 * HOUR)
  })

  it('creates a random id and stores only its hash, expiring 14 days later', async () => {
    const id = await createSession(userId, T0)
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await createSession(userId, T0)).not.toBe(id)
    const rows = t.sqlite.prepare(`SELECT id, user_id, expires_at FROM sessions`).all() as { id: string }[]
    expect(rows.some((r) => r.id === id)).toBe(false)
    expect(rows).toContainEqual({ id: sha256(id), user_id: userId, expires_at: at(SESSION_TTL_MS).toISOString() })
  })

  it('resolves a live session to its user', async () => {
    const id = await createSession(userId, T0)
    expect(await resolveSession(id, at(1000))).toBe(userId)
    expect(await resolveSession(id, at(SESSION_TTL_MS - 1))).toBe(userId)
  })

  it('does not resolve an unknown id or the stored hash itself', async () => {
    const id = await createSession(userId, T0)
    expect(await resolveSession('not-a-session', T0)).toBeUndefined()
    expect(await resolveSession(sha256(id), T0)).toBeUndefined()
  })

  it('refuses and removes an expired session', async () => {
    const id = await createSession(userId, T0)
    expect(await resolveSession(id, at(SESSION_TTL_MS))).toBeUndefined()
    expect(expiresOf(id)).toBeUndefined()
    expect(await resolveSession(id, T0)).toBeUndefined()
  })

  it('renews the expiry on use, but at most every five minutes', async () => {
    const MINUTE = 60 * 1000
    const id = await createSession(userId, T0)
    const created = expiresOf(id)
    // Within the first five minutes reads do not write.
    expect(await resolveSession(id, at(2 * MINUTE))).toBe(userId)
    expect(await resolveSession(id, at(5 * MINUTE))).toBe(userId)
    expect(expiresOf(id)).toBe(created)
    // Past that the session is renewed to 14 days from that use.
    expect(await resolveSession(id, at(5 * MINUTE + 1))).toBe(userId)
    expect(expiresOf(id)).toBe(at(5 * MINUTE + 1 + SESSION_TTL_MS).toISOString())
  })

  it('stays alive while used at least every 14 days', async () => {
    const id = await createSession(userId, T0)
    let now = T0.getTime()
    for (let i = 0; i < 5; i++) {
      now += SESSION_TTL_MS - HOUR // just before it would lapse
      expect(await resolveSession(id, new Date(now))).toBe(userId)
    }
    expect(await resolveSession(id, new Date(now + SESSION_TTL_MS))).toBeUndefined()
  })

  it('deletes one session', async () => {
    const keep = await createSession(userId, T0)
    const drop = await createSession(userId, T0)
    await deleteSession(drop)
    expect(await resolveSession(drop, T0)).toBeUndefined()
    expect(await resolveSession(keep, T0)).toBe(userId)
    await deleteSession('unknown') // no error
  })

  it("deletes every session of one user and no one else's", async () => {
    const a1 = await createSession(userId, T0)
    const a2 = await createSession(userId, T0)
    const b = await createSession(otherUserId, T0)
    await deleteUserSessions(userId)
    expect(await resolveSession(a1, T0)).toBeUndefined()
    expect(await resolveSession(a2, T0)).toBeUndefined()
    expect(await resolveSession(b, T0)).toBe(otherUserId)
  })

  it('sweeps expired sessions only', async () => {
    const old = await createSession(userId, T0)
    const fresh = await createSession(otherUserId, at(10 * 24 * HOUR))
    await deleteExpiredSessions(at(SESSION_TTL_MS))
    expect(sessionCount()).toBe(1)
    expect(expiresOf(old)).toBeUndefined()
    expect(expiresOf(fresh)).toBeDefined()
  })

  it('goes with its user', async () => {
    const id = await createSession(userId, T0)
    t.sqlite.prepare(`DELETE FROM users WHERE id = ?`).run(userId)
    expect(await resolveSession(id, T0)).toBeUndefined()
  })

  it('still signs in while the database cannot be written, only without renewing', async () => {
    const id = await createSession(userId, T0)
    const expiry = () => t.sqlite.prepare('SELECT expires_at FROM sessions').pluck().get()
    const before = expiry()
    t.sqlite.pragma('query_only = ON')
    try {
      expect(await resolveSession(id, at(HOUR))).toBe(userId)
    } finally {
      t.sqlite.pragma('query_only = OFF')
    }
    expect(expiry()).toBe(before)
  })

  it('does not hide any other failure to renew', async () => {
    const id = await createSession(userId, T0)
    t.sqlite.exec(
      `CREATE TRIGGER no_renewal BEFORE UPDATE ON sessions BEGIN SELECT RAISE(ABORT, 'renewal refused'); END`,
    )
    await expect(resolveSession(id, at(HOUR))).rejects.toThrow(/renewal refused/)
  })
})
