import bcrypt from 'bcryptjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN_ROLE,
  BCRYPT_COST,
  countUsers,
  findUserByEmail,
  getUserById,
  grantRole,
  hasAdminRole,
  hashPassword,
  setPassword,
  upsertUser,
} from '~/models/users.server'
import { createTestDatabase } from '../support/test-db'

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>
let t: TestDb
beforeEach(async () => {
  t = await createTestDatabase()
})
afterEach(async () => t.cleanup())

const storedHash = (id: number) =>
  t.sqlite.prepare(`SELECT password_hash FROM users WHERE id = ?`).pluck().get(id) as string

describe('users model', () => {
  it('hashes with bcrypt at cost 12 and never keeps the password', async () => {
    expect(BCRYPT_COST).toBeGreaterThanOrEqual(10)
    const hash = await hashPassword('secret12')
    expect(hash).toMatch(/^\$2[aby]\$12\$/)
    expect(hash).not.toContain('secret12')
    expect(await bcrypt.compare('secret12', hash)).toBe(true)
    expect(await hashPassword('secret12')).not.toBe(hash) // salted
  })

  it('creates a user with a bcrypt hash', async () => {
    const user = await upsertUser('  Staff@Example.com ', 'secret12')
    expect(user).toEqual({ id: expect.any(Number), email: 'Staff@Example.com' })
    const hash = storedHash(user.id)
    expect(hash.startsWith('$2')).toBe(true)
    expect(hash).not.toContain('secret12')
    expect(await bcrypt.compare('secret12', hash)).toBe(true)
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
    expect(await bcrypt.compare('another-secret', after)).toBe(true)
    expect(await bcrypt.compare('secret12', after)).toBe(false)
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

  it('sets a new password', async () => {
    const user = await upsertUser('staff@example.com', 'secret12')
    t.sqlite.prepare(`UPDATE users SET updated_at = '2000-01-01T00:00:00.000Z'`).run()
    await setPassword(user.id, 'brand-new-pass')
    const row = t.sqlite.prepare(`SELECT password_hash, updated_at FROM users WHERE id = ?`).get(user.id) as {
      password_hash: string
      updated_at: string
    }
    expect(await bcrypt.compare('brand-new-pass', row.password_hash)).toBe(true)
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
