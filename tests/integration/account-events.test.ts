import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { logAccountEvent, queuePasswordChangedMail } from '~/auth/account-events.server'
import { resetConfigForTesting } from '~/config.server'
import { saveSettings } from '~/models/settings.server'
import { DEFAULT_SETTINGS } from '~/schemas/settings'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()
const savedEnv = { ...process.env }
beforeEach(() => {
  process.env.SITE_URL = 'https://shop.example'
  resetConfigForTesting()
})
afterEach(() => {
  process.env = { ...savedEnv }
  resetConfigForTesting()
})

describe('the account log', () => {
  it('writes one JSON line per event, failures and refusals as warnings', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    logAccountEvent('sign-in', { account: 'a@b.example', address: '192.0.2.1' })
    logAccountEvent('password-changed', { account: 'a@b.example' })
    logAccountEvent('sign-in-failed', { account: 'a@b.example', failures: 3 })
    logAccountEvent('sign-in-refused', { account: 'a@b.example' })
    expect(info.mock.calls).toEqual([
      ['[account] {"event":"sign-in","account":"a@b.example","address":"192.0.2.1"}'],
      ['[account] {"event":"password-changed","account":"a@b.example"}'],
    ])
    expect(warn.mock.calls).toEqual([
      ['[account] {"event":"sign-in-failed","account":"a@b.example","failures":3}'],
      ['[account] {"event":"sign-in-refused","account":"a@b.example"}'],
    ])
  })

  it('cannot be given a second line by what someone typed', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    logAccountEvent('password-reset-requested', { account: 'x@y.example\n[account] {"event":"sign-in"}' })
    expect(info.mock.calls[0][0]).not.toContain('\n')
  })
  it('repeats at most 320 characters of any text it was given', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    logAccountEvent('sign-in-refused', { account: 'a'.repeat(320), address: 'b'.repeat(321), failures: 12345 })
    expect(JSON.parse(String(warn.mock.calls[0][0]).slice('[account] '.length))).toEqual({
      event: 'sign-in-refused',
      account: 'a'.repeat(320),
      address: `${'b'.repeat(320)}…`,
      failures: 12345,
    })
  })
})

describe('the notice of a changed password', () => {
  function queued() {
    return t.sqlite.prepare('SELECT recipient, subject, body FROM mail_queue').all() as {
      recipient: string
      subject: string
      body: string
    }[]
  }

  it('tells the owner when and how, that every device was signed out, and where to act', async () => {
    await saveSettings({ ...DEFAULT_SETTINGS, brand_name: 'Green Leaf' })
    await queuePasswordChangedMail('staff@example.com', 'reset link', new Date('2026-11-22T18:05:00Z'))
    expect(queued()).toEqual([
      {
        recipient: 'staff@example.com',
        subject: 'Your Green Leaf staff password was changed',
        body: [
          'The password of your Green Leaf staff account (staff@example.com) was changed on November 22, 2026 at 12:05 PM (Central Time), with a password reset link.',
          '',
          'Every device that was signed in to this account has been signed out.',
          '',
          'If you did not expect this, choose a new password now at https://shop.example/admin/reset and tell whoever runs the site.',
        ].join('\n'),
      },
    ])
  })

  it('says when it was done on the server', async () => {
    await queuePasswordChangedMail('staff@example.com', 'command line', new Date('2026-07-04T15:00:00Z'))
    expect(queued()[0].body).toContain('on July 4, 2026 at 10:00 AM (Central Time), by an administrator on the server.')
  })
})
