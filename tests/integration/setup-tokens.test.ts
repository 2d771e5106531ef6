import { describe, expect, it } from 'vitest'

import { hashPassword } from '~/auth/password.server'
import { db } from '~/db/db.server'
import { createSession, resolveSession } from '~/models/sessions.server'
import { checkSetupToken, createFirstAdmin, issueSetupToken, SETUP_TOKEN_TTL_MS } from '~/models/setup-tokens.server'
import { ADMIN_ROLE, grantRole, hasAdminRole, upsertUser } from '~/models/users.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

const NOW = new Date('2026-11-23T12:00:00Z')
const later = (ms: number) => new Date(NOW.getTime() + ms)

describe('the one-time setup link for the first admin', () => {
  it('stores only a hash of the token, and the token opens the setup page for 24 hours', async () => {
    const token = await issueSetupToken(NOW)
    const rows = await db().selectFrom('setup_tokens').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token_hash).not.toContain(token)
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(await checkSetupToken(token, later(SETUP_TOKEN_TTL_MS - 1000))).toEqual({ status: 'valid' })
    expect(await checkSetupToken(token, later(SETUP_TOKEN_TTL_MS))).toEqual({ status: 'expired' })
    expect(await checkSetupToken('not-the-token', NOW)).toEqual({ status: 'missing' })
    expect(await checkSetupToken(null, NOW)).toEqual({ status: 'missing' })
  })

  it('creates an admin once; the link is then dead', async () => {
    const token = await issueSetupToken(NOW)
    const created = await createFirstAdmin(token, ' owner@example.com ', 'owner-secret-1', NOW)
    expect(created.status).toBe('valid')
    if (created.status !== 'valid') return
    expect(created.user.email).toBe('owner@example.com')
    expect(await hasAdminRole(created.user.id)).toBe(true)
    expect(await checkSetupToken(token, NOW)).toEqual({ status: 'done' })
    expect(await createFirstAdmin(token, 'other@example.com', 'other-secret-1', NOW)).toEqual({ status: 'done' })
    expect(await db().selectFrom('users').select('email').execute()).toEqual([{ email: 'owner@example.com' }])
    expect(await db().selectFrom('setup_tokens').selectAll().execute()).toEqual([])
  })

  it('is dead as soon as any admin exists, even unused (an admin made with user:create)', async () => {
    const token = await issueSetupToken(NOW)
    const user = await upsertUser('manager@example.com', 'manager-secret')
    await grantRole(user.id, ADMIN_ROLE)
    expect(await checkSetupToken(token, NOW)).toEqual({ status: 'done' })
    expect(await createFirstAdmin(token, 'x@example.com', 'x-secret-12', NOW)).toEqual({ status: 'done' })
  })

  it('works only for the latest link: a new start replaces the old one', async () => {
    const first = await issueSetupToken(NOW)
    const second = await issueSetupToken(NOW)
    expect(await checkSetupToken(first, NOW)).toEqual({ status: 'missing' })
    expect(await checkSetupToken(second, NOW)).toEqual({ status: 'valid' })
  })

  it('refuses an expired link without creating anyone', async () => {
    const token = await issueSetupToken(NOW)
    expect(await createFirstAdmin(token, 'owner@example.com', 'owner-secret-1', later(SETUP_TOKEN_TTL_MS + 1))).toEqual(
      {
        status: 'expired',
      },
    )
    expect(await db().selectFrom('users').selectAll().execute()).toEqual([])
  })

  it('refuses a wrong link before the slow password hashing', async () => {
    await issueSetupToken(NOW)
    let started = performance.now()
    await hashPassword('one-hash-for-comparison')
    const oneHash = performance.now() - started
    started = performance.now()
    for (let i = 0; i < 10; i++) {
      expect(await createFirstAdmin(`wrong-${i}`, 'x@example.com', 'x-secret-12', NOW)).toEqual({ status: 'missing' })
    }
    expect(performance.now() - started).toBeLessThan(oneHash)
  })

  it('lets only one of two simultaneous submissions through', async () => {
    const token = await issueSetupToken(NOW)
    const outcomes = await Promise.all([
      createFirstAdmin(token, 'one@example.com', 'first-secret-1', NOW),
      createFirstAdmin(token, 'two@example.com', 'second-secret-2', NOW),
    ])
    expect(outcomes.filter((o) => o.status === 'valid')).toHaveLength(1)
    expect(await db().selectFrom('user_roles').selectAll().execute()).toHaveLength(1)
  })

  it('gives an existing account the admin role and the new password, and ends its sessions', async () => {
    const existing = await upsertUser('staff@example.com', 'old-password')
    const session = await createSession(existing.id)
    const token = await issueSetupToken(NOW)
    const created = await createFirstAdmin(token, 'STAFF@example.com', 'new-password-1', NOW)
    expect(created.status).toBe('valid')
    expect(await hasAdminRole(existing.id)).toBe(true)
    expect(await resolveSession(session)).toBeUndefined()
  })
})
