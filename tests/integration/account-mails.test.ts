import { beforeEach, describe, expect, it } from 'vitest'

import { queuePasswordChangedMail } from '~/auth/account-events.server'
import { invitationMail } from '~/auth/invitation-mail.server'
import { passwordResetMail } from '~/auth/password-reset.server'
import { checkInvitation, createInvitation } from '~/models/invitations.server'
import { checkPasswordResetToken } from '~/models/password-reset.server'
import { saveSettings } from '~/models/settings.server'
import { DEFAULT_SETTINGS } from '~/schemas/settings'

import { insertUser, SITE_URL, useAuthTest } from './auth-support'

/** The emails staff accounts receive, read word for word as their recipients read them. */
const t = useAuthTest()
let adminId: number
beforeEach(async () => {
  adminId = insertUser(t, 'owner@example.com', 'owner-password', true)
  await saveSettings({ ...DEFAULT_SETTINGS, brand_name: 'Green Leaf' })
})

const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`^${SITE_URL}${path}\\?token=([\\w-]+)$`, 'm').exec(text)
  if (!match) throw new Error(`no ${path} link in:\n${text}`)
  return match[1]
}

describe('the password reset email', () => {
  it('names the brand and account, gives a working link for 60 minutes, and says what to do if unasked', async () => {
    const mail = await passwordResetMail('owner@example.com', new Date('2026-11-20T10:00:00Z'))
    const token = tokenIn(mail!.text, '/admin/reset/confirm')
    expect(mail).toEqual({
      to: 'owner@example.com',
      subject: 'Reset your Green Leaf staff password',
      text: [
        'Someone asked to reset the password of your Green Leaf staff account (owner@example.com).',
        '',
        'To choose a new password, open this link within 60 minutes. It works once:',
        '',
        `${SITE_URL}/admin/reset/confirm?token=${token}`,
        '',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n'),
    })
    expect(await checkPasswordResetToken(token, new Date('2026-11-20T10:59:00Z'))).toEqual({
      status: 'valid',
      userId: adminId,
    })
  })

  it('is not written for an address without an account, nor for a deactivated one', async () => {
    expect(await passwordResetMail('nobody@example.com')).toBeNull()
    const gone = insertUser(t, 'gone@example.com', 'gone-password')
    t.sqlite.prepare('UPDATE users SET deactivated_at = ? WHERE id = ?').run('2026-11-01T00:00:00.000Z', gone)
    expect(await passwordResetMail('gone@example.com')).toBeNull()
    expect(t.sqlite.prepare('SELECT count(*) FROM password_reset_tokens').pluck().get()).toBe(0)
  })
})

describe('the invitation email', () => {
  const admin = () => ({ id: adminId, email: 'owner@example.com' })

  it('names who invited, the brand and what the role may do, with a link valid 7 days', async () => {
    t.sqlite.prepare('UPDATE users SET name = ? WHERE id = ?').run('Olive Owner', adminId)
    await createInvitation('new@example.com', 'staff', admin())
    const mail = await invitationMail('new@example.com', new Date('2026-11-01T12:00:00Z'))
    const token = tokenIn(mail!.text, '/admin/invitation')
    expect(mail).toEqual({
      to: 'new@example.com',
      subject: 'You are invited to the Green Leaf staff admin',
      text: [
        'Olive Owner invited you to join the Green Leaf website admin as staff (blog posts, contact inquiries and job applications).',
        '',
        'To accept, open this link within 7 days, then choose your name and a password. It works once:',
        '',
        `${SITE_URL}/admin/invitation?token=${token}`,
        '',
        'If you did not expect this invitation, ignore this email: no account is made unless you accept.',
      ].join('\n'),
    })
    expect(await checkInvitation(token, new Date('2026-11-08T11:59:00Z'))).toMatchObject({ status: 'valid' })
  })

  it('names the inviter by email when they have no name, and the admin role in words', async () => {
    await createInvitation('boss@example.com', 'admin', admin())
    const mail = await invitationMail('boss@example.com')
    expect(mail!.text.split('\n')[0]).toBe(
      'owner@example.com invited you to join the Green Leaf website admin as an admin (everything, including staff accounts).',
    )
  })

  it('says "An administrator" when nobody in particular invited (or the inviter is gone)', async () => {
    await createInvitation('quiet@example.com', 'staff', null)
    const mail = await invitationMail('quiet@example.com')
    expect(mail!.text.split('\n')[0]).toBe(
      'An administrator invited you to join the Green Leaf website admin as staff (blog posts, contact inquiries and job applications).',
    )
  })

  it('is not written once the invitation was revoked or never made', async () => {
    expect(await invitationMail('stranger@example.com')).toBeNull()
  })
})

describe('the notice of a password changed on the account page', () => {
  it('says so, and that every other device was signed out', async () => {
    await queuePasswordChangedMail('owner@example.com', 'account page', new Date('2026-11-22T18:05:00Z'))
    const body = t.sqlite.prepare('SELECT body FROM mail_queue').pluck().get() as string
    expect(body.split('\n').slice(0, 3)).toEqual([
      'The password of your Green Leaf staff account (owner@example.com) was changed on November 22, 2026 at 12:05 PM (Central Time), on your account page in the admin.',
      '',
      'Every other device that was signed in to this account has been signed out.',
    ])
  })
})
