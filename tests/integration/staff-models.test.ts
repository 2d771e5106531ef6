import { beforeEach, describe, expect, it, vi } from 'vitest'

import { startSession } from '~/auth/session.server'
import { runAs } from '~/models/activity.server'
import {
  acceptInvitation,
  checkInvitation,
  createInvitation,
  getOpenInvitation,
  issueInvitationLink,
  listOpenInvitations,
  resendInvitation,
  revokeInvitation,
} from '~/models/invitations.server'
import { createSession, deleteUserSession, listUserSessions, sessionKey } from '~/models/sessions.server'
import {
  deactivateUser,
  getAuthPolicy,
  listStaff,
  reactivateUser,
  setName,
  setRole,
  setSecondFactorRequired,
} from '~/models/staff.server'
import { getSessionUser, setPassword, upsertUser } from '~/models/users.server'

import { insertUser, useAuthTest } from './auth-support'

/** Staff accounts as the staff screen, the account page and the command line change them, and what the log says. */
const t = useAuthTest()
let ownerId: number
const owner = () => ({ id: ownerId, email: 'owner@example.com' })
beforeEach(() => {
  ownerId = insertUser(t, 'owner@example.com', 'owner-password', true)
})

const log = () =>
  t.sqlite.prepare('SELECT actor_id, action, subject_label, summary FROM activity_log ORDER BY id').all() as {
    actor_id: number | null
    action: string
    subject_label: string
    summary: string
  }[]
const giveRole = (id: number, role: string) =>
  t.sqlite.prepare('INSERT INTO user_roles (user_id, role) VALUES (?, ?)').run(id, role)
const NO_ACCOUNT = { ok: false, message: 'This account no longer exists.' }

describe('the staff list', () => {
  it('puts active admins first, then active staff, then deactivated accounts, each by name or email', async () => {
    t.sqlite.prepare(`UPDATE users SET name = 'Olive' WHERE id = ?`).run(ownerId)
    const zed = insertUser(t, 'zed@example.com', 'zed-password', true)
    const amy = insertUser(t, 'amy@example.com', 'amy-password')
    giveRole(amy, 'staff')
    const bob = insertUser(t, 'bob@example.com', 'bob-password')
    giveRole(bob, 'staff')
    t.sqlite.prepare(`UPDATE users SET name = 'Ben' WHERE id = ?`).run(bob)
    const gone = insertUser(t, 'gone@example.com', 'gone-password', true)
    const left = insertUser(t, 'left@example.com', 'left-password')
    giveRole(left, 'staff')
    insertUser(t, 'nobody@example.com', 'nobody-password')
    // An account with both rows is an admin.
    giveRole(zed, 'staff')
    t.sqlite.prepare(`UPDATE users SET deactivated_at = '2026-11-01T00:00:00.000Z' WHERE id IN (?, ?)`).run(gone, left)
    const staff = await listStaff()
    expect(staff.map((m) => [m.email, m.role, m.active])).toEqual([
      ['owner@example.com', 'admin', true],
      ['zed@example.com', 'admin', true],
      ['amy@example.com', 'staff', true],
      ['bob@example.com', 'staff', true],
      ['nobody@example.com', null, true],
      ['gone@example.com', 'admin', false],
      ['left@example.com', 'staff', false],
    ])
    expect(staff[0]).toMatchObject({ id: ownerId, name: 'Olive', last_sign_in_at: null, has_second_factor: false })
  })

  it('sorts names without regard to case, a name before the email it stands for', async () => {
    for (const [email, name] of [
      ['c@example.com', 'carla'],
      ['a@example.com', 'Bea'],
      ['b@example.com', ''],
    ]) {
      const id = insertUser(t, email, 'some-password')
      giveRole(id, 'staff')
      t.sqlite.prepare('UPDATE users SET name = ? WHERE id = ?').run(name, id)
    }
    expect((await listStaff()).slice(1).map((m) => m.email)).toEqual([
      'b@example.com',
      'a@example.com',
      'c@example.com',
    ])
  })

  it('shows when each account last signed in', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T15:00:00.000Z') })
    await startSession(ownerId)
    expect((await listStaff())[0]!.last_sign_in_at).toBe('2026-11-20T15:00:00.000Z')
  })
})

describe('roles', () => {
  it('are changed and logged in words; setting the same role changes nothing', async () => {
    const clerk = insertUser(t, 'clerk@example.com', 'clerk-password')
    expect(await setRole(clerk, 'staff', owner())).toEqual({ ok: true })
    expect(await setRole(clerk, 'staff', owner())).toEqual({ ok: true })
    expect(await setRole(clerk, 'admin', owner())).toEqual({ ok: true })
    expect(await setRole(clerk, 'staff', owner())).toEqual({ ok: true })
    expect(log().map((e) => [e.actor_id, e.action, e.subject_label, e.summary])).toEqual([
      [ownerId, 'role changed', 'clerk@example.com', 'Role: No role → Staff'],
      [ownerId, 'role changed', 'clerk@example.com', 'Role: Staff → Admin'],
      [ownerId, 'role changed', 'clerk@example.com', 'Role: Admin → Staff'],
    ])
    expect(t.sqlite.prepare('SELECT role FROM user_roles WHERE user_id = ?').pluck().all(clerk)).toEqual(['staff'])
  })

  it('may make the first admin from the command line while no admin exists', async () => {
    t.sqlite.prepare('DELETE FROM user_roles').run()
    const clerk = insertUser(t, 'clerk@example.com', 'clerk-password')
    giveRole(clerk, 'staff')
    expect(await setRole(clerk, 'admin', null)).toEqual({ ok: true })
    expect((await listStaff()).find((m) => m.id === clerk)?.role).toBe('admin')
  })

  it('cannot be given to an account that no longer exists', async () => {
    expect(await setRole(999, 'admin', owner())).toEqual(NO_ACCOUNT)
    expect(log()).toEqual([])
  })
})

describe('deactivation', () => {
  it('says how many sessions it ended, one or none', async () => {
    const clerk = insertUser(t, 'clerk@example.com', 'clerk-password')
    giveRole(clerk, 'staff')
    await startSession(clerk)
    expect(await deactivateUser(clerk, owner())).toEqual({ ok: true, endedSessions: 1 })
    // Again: already done, nothing more happens.
    expect(await deactivateUser(clerk, owner())).toEqual({ ok: true, endedSessions: 0 })
    expect(await reactivateUser(clerk, owner())).toEqual({ ok: true })
    expect(await reactivateUser(clerk, owner())).toEqual({ ok: true })
    expect(await deactivateUser(clerk, owner())).toEqual({ ok: true, endedSessions: 0 })
    expect(log().map((e) => e.summary)).toEqual([
      'Status: active → deactivated; 1 session signed out',
      'Status: deactivated → active',
      'Status: active → deactivated; 0 sessions signed out',
    ])
  })

  it('and reactivation answer for an account that no longer exists', async () => {
    expect(await deactivateUser(999, owner())).toEqual(NO_ACCOUNT)
    expect(await reactivateUser(999, owner())).toEqual(NO_ACCOUNT)
  })
})

describe('names', () => {
  it('are logged before and after, "(none)" for no name; the same name again changes nothing', async () => {
    await setName(ownerId, 'Olive', owner())
    await setName(ownerId, 'Olive', owner())
    await setName(ownerId, '', owner())
    await setName(999, 'Nobody', owner())
    expect(log().map((e) => [e.action, e.subject_label, e.summary])).toEqual([
      ['name changed', 'owner@example.com', 'Name: “(none)” → “Olive”'],
      ['name changed', 'owner@example.com', 'Name: “Olive” → “(none)”'],
    ])
  })
})

describe('requiring two-step sign-in', () => {
  it('is off at first, logged each way once, and not again when unchanged', async () => {
    expect(await getAuthPolicy()).toEqual({ requireSecondFactor: false })
    await setSecondFactorRequired(true, owner())
    await setSecondFactorRequired(true, owner())
    expect(await getAuthPolicy()).toEqual({ requireSecondFactor: true })
    await setSecondFactorRequired(false, owner())
    expect(await getAuthPolicy()).toEqual({ requireSecondFactor: false })
    expect(log().map((e) => [e.action, e.subject_label, e.summary])).toEqual([
      ['policy changed', 'Every account', 'Two-step sign-in required: no → yes'],
      ['policy changed', 'Every account', 'Two-step sign-in required: yes → no'],
    ])
  })
})

describe('accounts and passwords', () => {
  it('a signed-in account as the guard reads it, and none for an unknown id', async () => {
    expect(await getSessionUser(ownerId)).toEqual({
      id: ownerId,
      email: 'owner@example.com',
      name: '',
      deactivated_at: null,
      hasSecondFactor: false,
    })
    expect(await getSessionUser(999)).toBeUndefined()
  })

  it('user:create changes the password of an existing email typed with spaces, and logs it', async () => {
    await startSession(ownerId)
    const changed = await upsertUser(' owner@example.com ', 'a-new-password')
    expect(changed).toEqual({ id: ownerId, email: 'owner@example.com', created: false, endedSessions: 1 })
    const created = await upsertUser('new@example.com', 'new-password')
    expect(created).toMatchObject({ email: 'new@example.com', created: true, endedSessions: 0 })
    await upsertUser('new@example.com', 'newer-password')
    expect(log().map((e) => [e.actor_id, e.action, e.subject_label, e.summary])).toEqual([
      [null, 'password changed', 'owner@example.com', 'With npm run user:create; 1 session signed out'],
      [null, 'created', 'new@example.com', 'With npm run user:create or at the first start'],
      [null, 'password changed', 'new@example.com', 'With npm run user:create; 0 sessions signed out'],
    ])
  })

  it('a password change is logged as its owner’s own, on the account page or with a reset link', async () => {
    const keep = await createSession(ownerId)
    await createSession(ownerId)
    await setPassword(ownerId, 'page-password', { how: 'account page', keepSession: sessionKey(keep) })
    await createSession(ownerId)
    await createSession(ownerId)
    await setPassword(ownerId, 'link-password', { how: 'reset link' })
    await setPassword(ownerId, 'admin-password', { actor: { id: ownerId, email: 'owner@example.com' } })
    await setPassword(ownerId, 'server-password', { actor: null })
    expect(log().map((e) => [e.actor_id, e.subject_label, e.summary])).toEqual([
      [ownerId, 'owner@example.com', 'On the account page; 1 session signed out'],
      [ownerId, 'owner@example.com', 'With a reset link; 3 sessions signed out'],
      [ownerId, 'owner@example.com', 'With a reset link; 0 sessions signed out'],
      [null, 'owner@example.com', 'With a reset link; 0 sessions signed out'],
    ])
    const actorEmails = t.sqlite.prepare('SELECT actor_email FROM activity_log ORDER BY id').pluck().all()
    expect(actorEmails).toEqual(['owner@example.com', 'owner@example.com', 'owner@example.com', null])
  })
})

describe('sessions on the account page', () => {
  it('list the live ones, last used first, with where they came from, cut to what is kept', async () => {
    const at = (iso: string) => new Date(iso)
    await createSession(ownerId, at('2026-11-01T10:00:00Z'), { userAgent: 'Phone', address: '192.0.2.1' })
    const laptop = await createSession(ownerId, at('2026-11-02T10:00:00Z'), {
      userAgent: 'L'.repeat(600),
      address: 'a'.repeat(150),
    })
    await createSession(ownerId, at('2026-11-03T10:00:00Z'))
    await createSession(ownerId, at('2026-10-01T10:00:00Z'), { userAgent: 'Expired' })
    t.sqlite.prepare(`UPDATE sessions SET last_seen_at = '2026-11-05T10:00:00.000Z' WHERE user_agent = 'Phone'`).run()
    const sessions = await listUserSessions(ownerId, at('2026-11-10T00:00:00Z'))
    expect(sessions.map((s) => [s.user_agent?.length ?? null, s.ip_address?.length ?? null, s.last_seen_at])).toEqual([
      [5, 9, '2026-11-05T10:00:00.000Z'],
      [null, null, '2026-11-03T10:00:00.000Z'],
      [500, 100, '2026-11-02T10:00:00.000Z'],
    ])
    expect(sessions[2]).toMatchObject({ created_at: '2026-11-02T10:00:00.000Z', user_agent: 'L'.repeat(500) })
    expect(sessions[0]!.key).toMatch(/^[0-9a-f]{64}$/)
    expect(sessions.map((s) => s.key)).not.toContain(laptop)
    expect(await listUserSessions(999)).toEqual([])
  })

  it('are listed by creation when last used at the same moment', async () => {
    await createSession(ownerId, new Date('2026-11-01T10:00:00Z'), { userAgent: 'First' })
    await createSession(ownerId, new Date('2026-11-02T10:00:00Z'), { userAgent: 'Second' })
    t.sqlite.prepare(`UPDATE sessions SET last_seen_at = '2026-11-05T10:00:00.000Z'`).run()
    const sessions = await listUserSessions(ownerId, new Date('2026-11-06T00:00:00Z'))
    expect(sessions.map((s) => s.user_agent)).toEqual(['Second', 'First'])
  })

  it('end one at a time, only the account’s own', async () => {
    const other = insertUser(t, 'other@example.com', 'other-password')
    await createSession(ownerId)
    await createSession(other)
    const [mine] = await listUserSessions(ownerId)
    const [theirs] = await listUserSessions(other)
    expect(await deleteUserSession(ownerId, theirs!.key)).toBe(false)
    expect(await deleteUserSession(ownerId, mine!.key)).toBe(true)
    expect(await deleteUserSession(ownerId, mine!.key)).toBe(false)
    expect(await listUserSessions(ownerId)).toEqual([])
    expect(await listUserSessions(other)).toHaveLength(1)
  })
})

describe('invitations', () => {
  it('are listed while open, newest first, with who invited', async () => {
    const first = await createInvitation(' first@example.com ', 'staff', owner())
    const second = await createInvitation('second@example.com', 'admin', null)
    const revoked = await createInvitation('revoked@example.com', 'staff', owner())
    const accepted = await createInvitation('accepted@example.com', 'staff', owner())
    const ids = [first, second, revoked, accepted].map((result) => (result.ok ? result.id : 0))
    const stamp = t.sqlite.prepare('UPDATE staff_invitations SET updated_at = ? WHERE id = ?')
    ids.forEach((id, i) => stamp.run(`2026-11-0${i + 1}T10:00:00.000Z`, id))
    await revokeInvitation(ids[2]!, owner())
    const link = await issueInvitationLink('accepted@example.com')
    await acceptInvitation(link!.token, { name: 'Ace', password: 'ace-password' })
    expect(await listOpenInvitations()).toEqual([
      {
        id: ids[1],
        email: 'second@example.com',
        role: 'admin',
        invited_by_email: null,
        created_at: expect.any(String),
        updated_at: '2026-11-02T10:00:00.000Z',
        expires_at: null,
      },
      {
        id: ids[0],
        email: 'first@example.com',
        role: 'staff',
        invited_by_email: 'owner@example.com',
        created_at: expect.any(String),
        updated_at: '2026-11-01T10:00:00.000Z',
        expires_at: null,
      },
    ])
    expect(await getOpenInvitation(ids[3]!)).toBeUndefined()
    expect(await getOpenInvitation(ids[2]!)).toBeUndefined()
    expect(await getOpenInvitation(ids[1]!)).toMatchObject({ email: 'second@example.com', role: 'admin' })
  })

  it('sent again with another role say so in the log, and name the new inviter', async () => {
    const second = insertUser(t, 'second@example.com', 'second-password', true)
    await createInvitation('new@example.com', 'staff', owner())
    await createInvitation('new@example.com', 'staff', owner())
    await createInvitation('new@example.com ', 'admin', { id: second, email: 'second@example.com' })
    expect(log().map((e) => [e.action, e.subject_label, e.summary])).toEqual([
      ['invited', 'new@example.com', 'Role: staff'],
      ['invitation resent', 'new@example.com', 'Role: staff'],
      ['invitation resent', 'new@example.com', 'Role: staff → admin'],
    ])
    expect(t.sqlite.prepare('SELECT invited_by FROM staff_invitations').pluck().all()).toEqual([second])
    await createInvitation('new@example.com', 'admin', null)
    expect(t.sqlite.prepare('SELECT invited_by FROM staff_invitations').pluck().all()).toEqual([null])
  })

  it('refuse an email that has an account, typed with spaces', async () => {
    expect(await createInvitation(' owner@example.com ', 'staff', owner())).toMatchObject({ ok: false })
  })

  it('resent or revoked from the list say which; an unknown or closed one changes nothing', async () => {
    const invited = await createInvitation('new@example.com', 'staff', owner())
    const id = invited.ok ? invited.id : 0
    expect(await resendInvitation(id, owner())).toMatchObject({ id, email: 'new@example.com', role: 'staff' })
    expect(await revokeInvitation(id, owner())).toMatchObject({ id, email: 'new@example.com' })
    expect(await resendInvitation(id, owner())).toBeUndefined()
    expect(await revokeInvitation(id, owner())).toBeUndefined()
    expect(await resendInvitation(999, owner())).toBeUndefined()
    expect(log().map((e) => [e.action, e.summary])).toEqual([
      ['invited', 'Role: staff'],
      ['invitation resent', 'Role: staff'],
      ['invitation revoked', 'Role: staff'],
    ])
  })

  it('links: a missing, empty or overlong token is missing; a revoked one says so', async () => {
    for (const token of [null, undefined, '', 'x'.repeat(201)])
      expect(await checkInvitation(token)).toEqual({ status: 'missing' })
    await createInvitation('new@example.com', 'staff', owner())
    const link = await issueInvitationLink(' new@example.com ')
    expect(link).toBeDefined()
    t.sqlite.prepare(`UPDATE staff_invitations SET revoked_at = '2026-11-01T00:00:00.000Z'`).run()
    expect(await checkInvitation(link!.token)).toEqual({ status: 'revoked' })
    expect(await acceptInvitation(link!.token, { name: 'Late', password: 'late-password' })).toEqual({
      status: 'revoked',
    })
  })

  it('accepted after an account was made for the email meanwhile make no second account', async () => {
    await createInvitation('new@example.com', 'admin', owner())
    const link = await issueInvitationLink('new@example.com')
    insertUser(t, 'new@example.com', 'made-meanwhile')
    expect(await acceptInvitation(link!.token, { name: 'Nia', password: 'nia-password' })).toEqual({ status: 'taken' })
    expect(t.sqlite.prepare(`SELECT count(*) FROM users WHERE email = 'new@example.com'`).pluck().get()).toBe(1)
    expect(t.sqlite.prepare(`SELECT name FROM users WHERE email = 'new@example.com'`).pluck().get()).toBe('')
  })

  it('accepted are logged as the new account’s own, with its role', async () => {
    await runAs(owner(), () => createInvitation('new@example.com', 'admin', owner()))
    const link = await issueInvitationLink('new@example.com')
    const accepted = await acceptInvitation(link!.token, { name: 'Nia', password: 'nia-password' })
    const id = accepted.status === 'valid' ? accepted.user.id : 0
    expect(log().at(-1)).toEqual({
      actor_id: id,
      action: 'joined',
      subject_label: 'new@example.com',
      summary: 'Accepted the invitation; role: admin',
    })
  })
})
