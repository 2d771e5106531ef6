import { describe, expect, it } from 'vitest'

import { BCRYPT_COST, hashPassword, verifyPassword } from '~/auth/password.server'
import { startSession } from '~/auth/session.server'
import { checkPasswordResetToken, createPasswordResetToken } from '~/models/password-reset.server'
import {
  ADMIN_ROLE,
  countUsers,
  findUserByEmail,
  getUserById,
  grantRole,
  hasAdminRole,
  setPassword,
  upsertUser,
} from '~/models/users.server'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

const storedHash = (id: number) =>
  t.sqlite.prepare(`SELECT password_hash FROM users WHERE id = ?`).pluck().get(id) as string
const matches = async (password: string, hash: string) => (await verifyPassword(password, hash)).matches
const sessionsOf = (id: number) => t.sqlite.prepare('SELECT count(*) FROM sessions WHERE user_id = ?').pluck().get(id)

describe('users model', () => {
  it('hashes with bcrypt at cost 12 and never keeps the password', async () => {
    expect(BCRYPT_COST).toBeGreaterThanOrEqual(10)
    const hash = await hashPassword('secret12')
    expect(hash).toMatch(/^\$bcrypt-sha256\$v=1\$2b\$12\$/)
    expect(hash).not.toContain('secret12')
    expect(await matches('secret12', hash)).toBe(true)
    expect(await hashPassword('secret12')).not.toBe(hash) // salted
  })

  it('creates a user with a bcrypt hash', async () => {
    const user = await upsertUser('  Staff@Example.com ', 'secret12')
    expect(user).toEqual({ id: expect.any(Number), email: 'Staff@Example.com', created: true, endedSessions: 0 })
    const hash = storedHash(user.id)
    expect(hash.startsWith('$bcrypt-sha256$v=1$2b$12$')).toBe(true)
    expect(hash).not.toContain('secret12')
    expect(await matches('secret12', hash)).toBe(true)
    expect(await countUsers()).toBe(1)
  })

  it('finds a user by email regardless of case and surrounding spaces', async () => {
    const user = await upsertUser('Staff@Example.com', 'secret12')
    expect((await findUserByEmail('staff@example.com'))?.id).toBe(user.id)
    expect((await findUserByEmail(' STAFF@EXAMPLE.COM '))?.id).toBe(user.id)
    expect(await findUserByEmail('other@example.com')).toBeUndefined()
  })

  it('updates the password of an existing email in any case instead of adding a user', async () => {
    const first = await upsertUser('staff@example.com', 'secret12')
    const before = storedHash(first.id)
    const second = await upsertUser('STAFF@example.com', 'another-secret')
    expect(second.id).toBe(first.id)
    expect(await countUsers()).toBe(1)
    const after = storedHash(first.id)
    expect(after).not.toBe(before)
    expect(await matches('another-secret', after)).toBe(true)
    expect(await matches('secret12', after)).toBe(false)
  })

  it('changing a password through upsertUser (npm run user:create) signs the account out everywhere', async () => {
    const staff = await upsertUser('staff@example.com', 'secret12')
    const other = await upsertUser('other@example.com', 'secret12')
    await startSession(staff.id)
    await startSession(staff.id)
    await startSession(other.id)
    const token = await createPasswordResetToken(staff.id)
    const changed = await upsertUser('Staff@Example.com', 'another-secret')
    expect(changed).toMatchObject({ id: staff.id, created: false, endedSessions: 2 })
    expect(sessionsOf(staff.id)).toBe(0)
    expect(sessionsOf(other.id)).toBe(1)
    // A reset link asked for before the change no longer works.
    expect(await checkPasswordResetToken(token)).toEqual({ status: 'used' })
  })

  it('keeps emails unique regardless of case at the table level', async () => {
    await upsertUser('staff@example.com', 'secret12')
    expect(() =>
      t.sqlite.prepare(`INSERT INTO users (email, password_hash) VALUES ('STAFF@EXAMPLE.COM', 'x')`).run(),
    ).toThrow(/UNIQUE/)
  })

  it('reads a user by id without the hash', async () => {
    const user = await upsertUser('staff@example.com', 'secret12')
    expect(await getUserById(user.id)).toEqual({ id: user.id, email: 'staff@example.com' })
    expect(await getUserById(user.id + 100)).toBeUndefined()
  })

  it('counts users', async () => {
    expect(await countUsers()).toBe(0)
    await upsertUser('a@example.com', 'secret12')
    await upsertUser('b@example.com', 'secret12')
    expect(await countUsers()).toBe(2)
  })

  it('sets a new password and ends every session of the user', async () => {
    const user = await upsertUser('staff@example.com', 'secret12')
    t.sqlite.prepare(`UPDATE users SET updated_at = '2000-01-01T00:00:00.000Z'`).run()
    await startSession(user.id)
    expect(await setPassword(user.id, 'brand-new-pass')).toBe(1)
    expect(sessionsOf(user.id)).toBe(0)
    const row = t.sqlite.prepare(`SELECT password_hash, updated_at FROM users WHERE id = ?`).get(user.id) as {
      password_hash: string
      updated_at: string
    }
    expect(await matches('brand-new-pass', row.password_hash)).toBe(true)
    expect(row.password_hash).not.toContain('brand-new-pass')
    expect(row.updated_at > '2000-01-01T00:00:00.000Z').toBe(true)
  })

  it('grants roles once; only the admin role makes an admin', async () => {
    const admin = await upsertUser('admin@example.com', 'secret12')
    const editor = await upsertUser('editor@example.com', 'secret12')
    const nobody = await upsertUser('nobody@example.com', 'secret12')
    expect(ADMIN_ROLE).toBe('admin')
    await grantRole(admin.id, ADMIN_ROLE)
    await grantRole(admin.id, ADMIN_ROLE) // twice is fine
    await grantRole(editor.id, 'editor')
    expect(await hasAdminRole(admin.id)).toBe(true)
    expect(await hasAdminRole(editor.id)).toBe(false)
    expect(await hasAdminRole(nobody.id)).toBe(false)
    expect(await hasAdminRole(9999)).toBe(false)
    expect(t.sqlite.prepare(`SELECT count(*) FROM user_roles WHERE user_id = ?`).pluck().get(admin.id)).toBe(1)
  })

  it('drops the roles with the user', async () => {
    const admin = await upsertUser('admin@example.com', 'secret12')
    await grantRole(admin.id, ADMIN_ROLE)
    t.sqlite.prepare(`DELETE FROM users WHERE id = ?`).run(admin.id)
    expect(await hasAdminRole(admin.id)).toBe(false)
  })
})
