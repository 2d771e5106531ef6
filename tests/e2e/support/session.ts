import type { BrowserContext } from '@playwright/test'
import bcrypt from 'bcryptjs'
import Database from 'better-sqlite3'

import { sessionCookie } from '~/auth/session-cookie.server'
import { newSession } from '~/models/sessions.server'

export const ADMIN_EMAIL = 'admin@example.com'
export const ADMIN_PASSWORD = 'admin-password-1'
/** The password ensureUser gives the users it creates. */
export const USER_PASSWORD = 'password-123'

/** The e2e server's database, or another one (an isolated server's) when a path is given. */
export function e2eDatabase(path = process.env.E2E_DATABASE_PATH) {
  if (!path) throw new Error('E2E_DATABASE_PATH is not set (run through playwright.config.ts)')
  const db = new Database(path)
  db.pragma('busy_timeout = 5000')
  return db
}

/** Makes sure a user exists (password 'password-123' when created) and returns its id. */
export function ensureUser(email: string, admin: boolean, databasePath?: string): number {
  const db = e2eDatabase(databasePath)
  try {
    let row = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined
    if (!row) {
      const hash = bcrypt.hashSync(USER_PASSWORD, 4)
      const info = db.prepare('INSERT INTO users (email, password_hash) VALUES (?, ?)').run(email, hash)
      row = { id: Number(info.lastInsertRowid) }
    }
    if (admin) db.prepare("INSERT OR IGNORE INTO user_roles (user_id, role) VALUES (?, 'admin')").run(row.id)
    return row.id
  } finally {
    db.close()
  }
}

export interface SessionOptions {
  email?: string
  admin?: boolean
  /** another server's database (see support/server.ts) */
  databasePath?: string
}

/**
 * A session for a user of a server's database, made by the app's own session
 * code (its id, hashed row and signed cookie), returned as "session=…". The
 * test servers run without SESSION_SECRET and on http, and so does this
 * process, so the cookie is named and signed as the server expects.
 */
export async function sessionCookieFor(userId: number, databasePath?: string): Promise<string> {
  const { id, row } = newSession(userId)
  const db = e2eDatabase(databasePath)
  try {
    db.prepare(
      'INSERT INTO sessions (id, user_id, expires_at, created_at, user_agent, ip_address) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(row.id, row.user_id, row.expires_at, row.created_at, row.user_agent, row.ip_address)
  } finally {
    db.close()
  }
  const header = await sessionCookie().serialize(id)
  return header.split(';')[0]!
}

/**
 * Creates a real session row for the user (made if missing) and returns the
 * signed cookie as "session=…", for request contexts that send it by hand.
 */
export async function mintSessionCookie(options: SessionOptions = {}): Promise<string> {
  const userId = ensureUser(options.email ?? ADMIN_EMAIL, options.admin ?? true, options.databasePath)
  return sessionCookieFor(userId, options.databasePath)
}

/**
 * Signs the browser context in by creating a real session row and its signed
 * cookie, without going through the login form (fast, and independent of it).
 */
export async function signIn(context: BrowserContext, baseURL: string, options: SessionOptions = {}): Promise<void> {
  const cookie = await mintSessionCookie(options)
  const value = cookie.slice('session='.length)
  await context.addCookies([{ name: 'session', value, url: baseURL }])
}
