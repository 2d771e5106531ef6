import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { beforeEach, describe, expect, it, vi } from 'vitest'

import { AccountDeactivatedError, verifyCredentials } from '~/auth/authenticator.server'
import { getCurrentUser, requireAdmin, startSession } from '~/auth/session.server'
import { runAs } from '~/models/activity.server'
import {
  acceptInvitation,
  checkInvitation,
  createInvitation,
  issueInvitationLink,
  resendInvitation,
  revokeInvitation,
} from '~/models/invitations.server'
import { processMailQueue, queueInvitationMail, queuePasswordResetMail } from '~/models/mail-delivery.server'
import { checkPasswordResetToken, createPasswordResetToken } from '~/models/password-reset.server'
import { confirmEnrolment, startEnrolment } from '~/models/second-factor.server'
import {
  deactivateUser,
  LAST_ADMIN_MESSAGE,
  listStaff,
  reactivateUser,
  setRole,
  setSecondFactorRequired,
} from '~/models/staff.server'
import { action as accountAction, loader as accountLoader } from '~/routes/admin.account'
import { action as invitationAction } from '~/routes/admin.invitation'

import { totpCode } from '../support/totp'
import { cookiePair, fieldErrors, getFrom, getRequest, insertUser, postTo, useAuthTest } from './auth-support'

// Every password hash the code under test asks for is counted (and made as it would be).
const hashing = vi.hoisted(() => ({ count: 0 }))
vi.mock('~/auth/password.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/auth/password.server')>()
  return {
    ...real,
    hashPassword: (password: string, cost?: number) => {
      hashing.count++
      return real.hashPassword(password, cost)
    },
  }
})

const t = useAuthTest()
let adminId: number
let staffId: number
const admin = () => ({ id: adminId, email: 'owner@example.com' })
beforeEach(() => {
  adminId = insertUser(t, 'owner@example.com', 'owner-password', true)
  staffId = insertUser(t, 'budtender@example.com', 'budtender-password')
  t.sqlite.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'staff')`).run(staffId)
})

const sessionsOf = (id: number) => t.sqlite.prepare('SELECT count(*) FROM sessions WHERE user_id = ?').pluck().get(id)
const withCookie = (cookie: string, path: string) => getRequest(path, { Cookie: cookie })

async function thrown(
  run: () => Promise<unknown>,
): Promise<Response | { type: string; data: unknown; init: ResponseInit }> {
  try {
    await run()
  } catch (error) {
    return error as Response
  }
  throw new Error('expected the guard to refuse')
}

describe('the role guard', () => {
  it('lets staff open the blog and their account, refuses admin pages with 403, and sends role-less accounts to /', async () => {
    const staff = cookiePair(await startSession(staffId))
    expect((await requireAdmin(withCookie(staff, '/admin/blog/new'))).role).toBe('staff')
    expect((await requireAdmin(withCookie(staff, '/admin/account'))).id).toBe(staffId)
    for (const path of ['/admin/deals', '/admin/staff', '/admin/activity', '/admin/settings', '/admin/deals.data']) {
      const refused = (await thrown(() => requireAdmin(withCookie(staff, path)))) as { init: ResponseInit }
      expect(refused.init.status, path).toBe(403)
    }
    const nobody = insertUser(t, 'nobody@example.com', 'nobody-password')
    const cookie = cookiePair(await startSession(nobody))
    const sent = (await thrown(() => requireAdmin(withCookie(cookie, '/admin/blog')))) as Response
    expect(sent.headers.get('Location')).toBe('/')
  })

  it('sends an account without a second factor to set one up while it is required, and lets the account pages through', async () => {
    const staff = cookiePair(await startSession(staffId))
    await setSecondFactorRequired(true, admin())
    const sent = (await thrown(() => requireAdmin(withCookie(staff, '/admin/blog')))) as Response
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Location')).toBe('/admin/account/two-factor')
    expect((await requireAdmin(withCookie(staff, '/admin/account/two-factor'))).id).toBe(staffId)

    await startEnrolment(staffId)
    const secret = t.sqlite.prepare('SELECT secret FROM totp_factors WHERE user_id = ?').pluck().get(staffId) as string
    expect(await confirmEnrolment(staffId, totpCode(secret))).toMatchObject({ ok: true })
    expect((await requireAdmin(withCookie(staff, '/admin/blog'))).hasSecondFactor).toBe(true)
  })
})

describe('roles and deactivation', () => {
  it('never demotes or deactivates the last active admin', async () => {
    expect(await setRole(adminId, 'staff', admin())).toEqual({ ok: false, message: LAST_ADMIN_MESSAGE })
    expect(await deactivateUser(adminId, admin())).toEqual({ ok: false, message: LAST_ADMIN_MESSAGE })
    // A deactivated admin does not count as someone who can manage the staff.
    const second = insertUser(t, 'second@example.com', 'second-password', true)
    await deactivateUser(second, admin())
    expect(await setRole(adminId, 'staff', admin())).toEqual({ ok: false, message: LAST_ADMIN_MESSAGE })
    await reactivateUser(second, admin())
    expect(await setRole(adminId, 'staff', admin())).toEqual({ ok: true })
    expect((await listStaff()).find((m) => m.id === adminId)?.role).toBe('staff')
    expect(await deactivateUser(second, admin())).toEqual({ ok: false, message: LAST_ADMIN_MESSAGE })
  })

  it('deactivation ends every session at once, voids reset links, refuses the password, and sends no reset mail', async () => {
    const first = cookiePair(await startSession(staffId))
    await startSession(staffId)
    const token = await createPasswordResetToken(staffId)
    const done = await deactivateUser(staffId, admin())
    expect(done).toEqual({ ok: true, endedSessions: 2 })
    expect(sessionsOf(staffId)).toBe(0)
    expect((await getCurrentUser(withCookie(first, '/admin'))).user).toBeNull()
    expect(await checkPasswordResetToken(token)).toEqual({ status: 'used' })
    await expect(verifyCredentials('budtender@example.com', 'budtender-password')).rejects.toBeInstanceOf(
      AccountDeactivatedError,
    )
    // A log line of the refusal says which one it was.
    await expect(verifyCredentials('budtender@example.com', 'budtender-password').catch(String)).resolves.toBe(
      'AccountDeactivatedError: This account has been deactivated. Ask an admin if you need it again.',
    )
    await queuePasswordResetMail('budtender@example.com')
    expect(await processMailQueue()).toMatchObject({ sent: 0, dropped: 1 })

    await reactivateUser(staffId, admin())
    expect((await verifyCredentials('budtender@example.com', 'budtender-password')).id).toBe(staffId)
    const log = t.sqlite.prepare(`SELECT action, summary FROM activity_log WHERE kind = 'account' ORDER BY id`).all()
    expect(log).toEqual([
      { action: 'deactivated', summary: 'Status: active → deactivated; 2 sessions signed out' },
      { action: 'reactivated', summary: 'Status: deactivated → active' },
    ])
  })
})

describe('invitations', () => {
  const outboxLinks = () =>
    readdirSync(process.env.MAIL_OUTBOX_DIR!)
      .map((file) =>
        readFileSync(join(process.env.MAIL_OUTBOX_DIR!, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .map((text) => /\/admin\/invitation\?token=([\w-]+)/.exec(text)?.[1])
      .filter(Boolean) as string[]

  it('mails a link written at sending, stored only hashed, that makes the account once', async () => {
    expect(await createInvitation('new@example.com', 'staff', admin())).toMatchObject({ ok: true, resent: false })
    await queueInvitationMail('new@example.com')
    expect(await processMailQueue()).toMatchObject({ sent: 1 })
    const [token] = outboxLinks()
    expect(token).toBeTruthy()
    const stored = JSON.stringify(t.sqlite.prepare('SELECT * FROM staff_invitations').all())
    expect(stored).not.toContain(token)
    expect(JSON.stringify(t.sqlite.prepare('SELECT * FROM mail_queue').all())).not.toContain(token)

    expect(await checkInvitation(token)).toMatchObject({ status: 'valid' })
    const accepted = await acceptInvitation(token!, { name: 'Nia New', password: 'nia-password' })
    expect(accepted).toMatchObject({ status: 'valid', user: { email: 'new@example.com' } })
    expect((await listStaff()).find((m) => m.email === 'new@example.com')).toMatchObject({
      name: 'Nia New',
      role: 'staff',
      active: true,
    })
    expect((await verifyCredentials('new@example.com', 'nia-password')).email).toBe('new@example.com')
    expect(await acceptInvitation(token!, { name: 'Again', password: 'again-password' })).toEqual({ status: 'used' })
  })

  it('lasts 7 days from the email; sending again replaces the link; revoking voids it and stops the mail', async () => {
    await createInvitation('late@example.com', 'admin', admin())
    const first = await issueInvitationLink('late@example.com', new Date('2026-11-01T12:00:00.000Z'))
    expect(await checkInvitation(first!.token, new Date('2026-11-08T11:59:00.000Z'))).toMatchObject({ status: 'valid' })
    expect(await checkInvitation(first!.token, new Date('2026-11-08T12:00:00.000Z'))).toEqual({ status: 'expired' })

    await resendInvitation(first!.invitation.id, admin())
    const second = await issueInvitationLink('late@example.com')
    expect(await checkInvitation(first!.token)).toEqual({ status: 'missing' })
    expect(await checkInvitation(second!.token)).toMatchObject({ status: 'valid' })

    await revokeInvitation(second!.invitation.id, admin())
    expect(await checkInvitation(second!.token)).toEqual({ status: 'missing' })
    expect(await acceptInvitation(second!.token, { name: 'Late', password: 'late-password' })).toEqual({
      status: 'missing',
    })
    await queueInvitationMail('late@example.com')
    expect(await processMailQueue()).toMatchObject({ sent: 0, dropped: 1 })
  })

  it('spends no password hashing on made-up or spent links posted over and over', async () => {
    // Hashing a password is slow on purpose (a quarter of a second or more of the processor):
    // anyone could post the invitation form in a loop, so only a live link may cost one.
    await createInvitation('real@example.com', 'staff', admin())
    const live = await issueInvitationLink('real@example.com')
    await createInvitation('gone@example.com', 'staff', admin())
    const revoked = await issueInvitationLink('gone@example.com')
    await revokeInvitation(revoked!.invitation.id, admin())
    const join = (token: string) =>
      postTo(invitationAction, '/admin/invitation', {
        token,
        name: 'Someone',
        password: 'some-password-1',
        confirmPassword: 'some-password-1',
      })

    hashing.count = 0
    for (const token of ['made-up', 'x'.repeat(43), revoked!.token, 'made-up-again']) {
      const refused = await join(token)
      expect(refused.status, token).toBe(400)
      expect(refused.data.problem, token).toBe('missing')
    }
    expect(hashing.count).toBe(0)

    const joined = await join(live!.token)
    expect(joined.status).toBe(302)
    expect(hashing.count).toBe(1)
    const spent = await join(live!.token)
    expect(spent.data.problem).toBe('used')
    expect(hashing.count).toBe(1)
  })

  it('refuses an email that already has an account, and invites an address once', async () => {
    expect(await createInvitation('BUDTENDER@example.com', 'staff', admin())).toMatchObject({ ok: false })
    await createInvitation('twice@example.com', 'staff', admin())
    expect(await createInvitation('Twice@Example.com', 'admin', admin())).toMatchObject({ ok: true, resent: true })
    expect(t.sqlite.prepare('SELECT role FROM staff_invitations').pluck().all()).toEqual(['admin'])
  })
})

describe('my account', () => {
  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const here = cookiePair(await startSession(staffId))
    await startSession(staffId)
    const post = (fields: Record<string, string>) => postTo(accountAction, '/admin/account', fields, { Cookie: here })

    const changePassword = (currentPassword: string) =>
      post({
        intent: 'password',
        currentPassword,
        password: 'brand-new-password',
        confirmPassword: 'brand-new-password',
      })

    const wrong = await changePassword('not-it')
    expect(wrong.status).toBe(400)
    expect(fieldErrors(wrong.data, 'currentPassword')).toEqual(['That is not your current password'])
    expect(sessionsOf(staffId)).toBe(2)

    const changed = await changePassword('budtender-password')
    expect(changed.status).toBe(302)
    expect(sessionsOf(staffId)).toBe(1)
    expect((await getCurrentUser(withCookie(here, '/admin'))).user?.id).toBe(staffId)
    expect((await verifyCredentials('budtender@example.com', 'brand-new-password')).id).toBe(staffId)
    expect(t.sqlite.prepare(`SELECT recipient FROM mail_queue`).pluck().all()).toEqual(['budtender@example.com'])
  })

  it('signs out one other session or all of them, never this one', async () => {
    const here = cookiePair(await startSession(staffId, { userAgent: 'Firefox/132.0 (X11; Linux x86_64)' }))
    await startSession(staffId)
    await startSession(staffId)
    const other = t.sqlite
      .prepare(`SELECT id FROM sessions WHERE user_id = ? AND user_agent IS NULL LIMIT 1`)
      .pluck()
      .get(staffId) as string
    const post = (fields: Record<string, string>) => postTo(accountAction, '/admin/account', fields, { Cookie: here })
    await post({ intent: 'end-session', session: other })
    expect(sessionsOf(staffId)).toBe(2)
    const thisOne = t.sqlite.prepare(`SELECT id FROM sessions WHERE user_agent IS NOT NULL`).pluck().get() as string
    await post({ intent: 'end-session', session: thisOne })
    expect(sessionsOf(staffId)).toBe(2)
    await post({ intent: 'end-other-sessions' })
    expect(sessionsOf(staffId)).toBe(1)
    expect((await getCurrentUser(withCookie(here, '/admin'))).user?.id).toBe(staffId)
  })

  it('lists where I am signed in with each address as people write it', async () => {
    // The shop's laptop reaches a dual-stack server over IPv4, which names it in IPv6 (both spellings);
    // a phone comes over IPv6; a session made where no address was known says so.
    const here = cookiePair(await startSession(staffId, { address: '::ffff:203.0.113.7' }))
    await startSession(staffId, { address: '::FFFF:c633:6407' })
    await startSession(staffId, { address: '2001:db8:0:7::42' })
    await startSession(staffId)
    const page = await getFrom(accountLoader, '/admin/account', { Cookie: here })
    expect(page.data.sessions.map((session: { address: string }) => session.address).sort()).toEqual([
      '198.51.100.7',
      '2001:db8:0:7::42',
      '203.0.113.7',
      'Unknown address',
    ])
  })

  it('keeps the actor of account changes made on the page', async () => {
    const here = cookiePair(await startSession(staffId))
    await runAs(null, () =>
      postTo(accountAction, '/admin/account', { intent: 'profile', name: 'Robin' }, { Cookie: here }),
    )
    expect(t.sqlite.prepare(`SELECT actor_id, action, summary FROM activity_log`).all()).toEqual([
      { actor_id: staffId, action: 'name changed', summary: 'Name: “(none)” → “Robin”' },
    ])
  })
})
