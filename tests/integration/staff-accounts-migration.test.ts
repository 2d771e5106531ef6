import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Migrator } from 'kysely/migration'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { type OpenDatabase, openDatabase } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'

import { migrations } from '../../migrations'

/**
 * Migration 0006 on a database in use: accounts, sessions and queued mail
 * made before it are all still there after it, with the new columns empty.
 */
let dir: string
let open: OpenDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lsc-0006-'))
  open = openDatabase(join(dir, 'app.db'))
})
afterEach(async () => {
  await open.db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

describe('migration 0008_staff_accounts', () => {
  it('keeps every account, session and queued message, and lets the queue hold invitations', async () => {
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0008'))
    const result = await new Migrator({
      db: open.db,
      provider: { getMigrations: async () => before },
    }).migrateToLatest()
    expect(result.error).toBeUndefined()
    const s = open.sqlite
    s.prepare(`INSERT INTO users (id, email, password_hash) VALUES (1, 'old@example.com', 'h')`).run()
    s.prepare(`INSERT INTO user_roles (user_id, role) VALUES (1, 'admin')`).run()
    s.prepare(`INSERT INTO sessions (id, user_id, expires_at) VALUES (?, 1, '2030-01-01T00:00:00.000Z')`).run(
      'a'.repeat(64),
    )
    s.prepare(
      `INSERT INTO mail_queue (kind, recipient, subject, body, attempts, last_error) VALUES ('message', 'x@example.com', 'Hi', 'Body', 2, 'timeout')`,
    ).run()
    s.prepare(`INSERT INTO mail_queue (kind, recipient) VALUES ('password-reset', 'old@example.com')`).run()
    const mailBefore = s.prepare('SELECT * FROM mail_queue ORDER BY id').all()

    await migrateToLatest(open.db)

    expect(s.prepare('SELECT email, name, deactivated_at, last_sign_in_at FROM users').all()).toEqual([
      { email: 'old@example.com', name: '', deactivated_at: null, last_sign_in_at: null },
    ])
    expect(s.prepare('SELECT user_id, user_agent, ip_address, last_seen_at FROM sessions').all()).toEqual([
      { user_id: 1, user_agent: null, ip_address: null, last_seen_at: null },
    ])
    expect(s.prepare('SELECT * FROM mail_queue ORDER BY id').all()).toEqual(mailBefore)
    expect(() =>
      s.prepare(`INSERT INTO mail_queue (kind, recipient) VALUES ('invitation', 'new@example.com')`).run(),
    ).not.toThrow()
    expect(() =>
      s.prepare(`INSERT INTO mail_queue (kind, recipient) VALUES ('postcard', 'new@example.com')`).run(),
    ).toThrow(/CHECK constraint failed/)
    expect(s.prepare('SELECT require_second_factor FROM auth_policy').all()).toEqual([{ require_second_factor: 0 }])
    expect(s.prepare(`SELECT name FROM sqlite_master WHERE name = 'mail_queue_due'`).pluck().get()).toBe(
      'mail_queue_due',
    )
    expect(s.pragma('foreign_key_check')).toEqual([])
  })

  it('keeps one open invitation per address, in any case, and only one app per account', async () => {
    await migrateToLatest(open.db)
    const s = open.sqlite
    s.prepare(`INSERT INTO staff_invitations (email, role) VALUES ('a@example.com', 'staff')`).run()
    expect(() =>
      s.prepare(`INSERT INTO staff_invitations (email, role) VALUES ('A@Example.com', 'admin')`).run(),
    ).toThrow(/UNIQUE/)
    s.prepare(`UPDATE staff_invitations SET revoked_at = 'now'`).run()
    expect(() =>
      s.prepare(`INSERT INTO staff_invitations (email, role) VALUES ('A@Example.com', 'admin')`).run(),
    ).not.toThrow()
    expect(() =>
      s.prepare(`INSERT INTO staff_invitations (email, role) VALUES ('b@example.com', 'owner')`).run(),
    ).toThrow(/CHECK/)
    s.prepare(`INSERT INTO users (id, email, password_hash) VALUES (1, 'u@example.com', 'h')`).run()
    const factor = s.prepare(
      `INSERT INTO totp_factors (user_id, secret, confirmed_at) VALUES (1, 'ABCDEFGHIJKLMNOP', ?)`,
    )
    factor.run('2026-01-01')
    expect(() => factor.run('2026-01-02')).toThrow(/UNIQUE/)
    expect(() => factor.run(null)).not.toThrow()
  })

  it('can be rolled back', async () => {
    await migrateToLatest(open.db)
    const migrator = new Migrator({ db: open.db, provider: { getMigrations: async () => migrations } })
    // Back to the migration before it (undoing any that came after it too).
    const down = await migrator.migrateTo('0007_post_image_alt')
    expect(down.error).toBeUndefined()
    const tables = open.sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all()
    for (const gone of ['staff_invitations', 'totp_factors', 'recovery_codes', 'auth_policy', 'activity_log']) {
      expect(tables).not.toContain(gone)
    }
    const columns = open.sqlite.prepare(`SELECT name FROM pragma_table_info('users')`).pluck().all()
    expect(columns).toEqual(['id', 'email', 'password_hash', 'created_at', 'updated_at'])
  })
})
