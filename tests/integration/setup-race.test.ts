import { afterEach, describe, expect, it, vi } from 'vitest'

import { createFirstAdmin, issueSetupToken } from '~/models/setup-tokens.server'

import { useTestDatabase } from '../support/test-db'

/**
 * The setup link while its password is being hashed (the slow part, a
 * quarter of a second or more): whatever happens meanwhile — an admin made
 * from the command line, or a restart that issues a new link — decides.
 */
const during = vi.hoisted(() => ({ hashing: null as null | (() => void | Promise<void>) }))
vi.mock('~/auth/password.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/auth/password.server')>()
  return {
    ...real,
    hashPassword: async (password: string) => {
      await during.hashing?.()
      return real.hashPassword(password, 4)
    },
  }
})

const t = useTestDatabase()
afterEach(() => {
  during.hashing = null
})

const NOW = new Date('2026-11-23T12:00:00Z')
const admins = () =>
  t.sqlite
    .prepare(`SELECT u.email FROM user_roles r JOIN users u ON u.id = r.user_id WHERE r.role = 'admin'`)
    .pluck()
    .all()

describe('the setup link used while', () => {
  it('an admin is made from the command line is dead: no second admin', async () => {
    const token = await issueSetupToken(NOW)
    during.hashing = () => {
      const id = t.sqlite
        .prepare(`INSERT INTO users (email, password_hash) VALUES ('cli@example.com', 'x')`)
        .run().lastInsertRowid
      t.sqlite.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')`).run(id)
    }
    expect(await createFirstAdmin(token, 'owner@example.com', 'owner-secret-1', NOW)).toEqual({ status: 'done' })
    expect(admins()).toEqual(['cli@example.com'])
  })

  it('a restart replaces it is dead: the new link is the only one', async () => {
    const token = await issueSetupToken(NOW)
    during.hashing = async () => {
      await issueSetupToken(NOW)
    }
    expect(await createFirstAdmin(token, 'owner@example.com', 'owner-secret-1', NOW)).toEqual({ status: 'missing' })
    expect(admins()).toEqual([])
  })
})
