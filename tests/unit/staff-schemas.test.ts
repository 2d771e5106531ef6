import { describe, expect, it } from 'vitest'

import { MISMATCH_MESSAGE } from '~/schemas/auth'
import {
  AcceptInvitationSchema,
  ChangePasswordSchema,
  CODE_MESSAGE,
  EnrolSchema,
  InviteSchema,
  parseActivityFilter,
} from '~/schemas/staff'

/** The staff screens' forms: invitations, joining, the account page, the authenticator app, the activity filters. */
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('an invitation', () => {
  it('takes an address with @ and no spaces or angle brackets, trimmed', () => {
    expect(InviteSchema.parse({ intent: 'invite', email: ' new@example.com ', role: 'staff' })).toEqual({
      intent: 'invite',
      email: 'new@example.com',
      role: 'staff',
    })
    for (const email of ['new.example.com', 'new person@example.com', '<new@example.com>', 'new@example.com>']) {
      expect(messages(InviteSchema.safeParse({ intent: 'invite', email, role: 'admin' })), email).toEqual({
        email: 'Please enter a valid email address',
      })
    }
  })
})

describe('passwords typed twice', () => {
  it('must match when joining from an invitation', () => {
    const values = { token: 't', name: 'Nia', password: 'nia-password' }
    expect(AcceptInvitationSchema.safeParse({ ...values, confirmPassword: 'nia-password' }).success).toBe(true)
    expect(messages(AcceptInvitationSchema.safeParse({ ...values, confirmPassword: 'nia-passwork' }))).toEqual({
      confirmPassword: MISMATCH_MESSAGE,
    })
  })

  it('must match when changing the password on the account page', () => {
    const values = { intent: 'password', currentPassword: 'old-password', password: 'new-password' }
    expect(ChangePasswordSchema.safeParse({ ...values, confirmPassword: 'new-password' }).success).toBe(true)
    expect(messages(ChangePasswordSchema.safeParse({ ...values, confirmPassword: 'new-passwort' }))).toEqual({
      confirmPassword: MISMATCH_MESSAGE,
    })
  })
})

describe('the code that confirms a new authenticator app', () => {
  it.each(['123456', '123 456', ' 12 34 56 '])('takes six digits, spaces allowed: %j', (code) => {
    expect(EnrolSchema.safeParse({ intent: 'confirm', code }).success).toBe(true)
  })

  it.each(['12345', '1234567', '12345a', 'abcdef', 'ABCD-EFGH'])('refuses %j', (code) => {
    expect(messages(EnrolSchema.safeParse({ intent: 'confirm', code }))).toEqual({ code: CODE_MESSAGE })
  })
})

describe('the activity log’s filters', () => {
  const filter = (query: string) => parseActivityFilter(new URLSearchParams(query))

  it('read a person (an account number, or the system), a kind and a page', () => {
    expect(filter('person=12&kind=deal&page=3')).toEqual({ person: 12, kind: 'deal', page: 3 })
    expect(filter('person=system&kind=account')).toEqual({ person: 'system', kind: 'account', page: 1 })
    expect(filter('person=123456789&page=100000')).toEqual({ person: 123456789, kind: undefined, page: 100000 })
  })

  it('show everything, from the first page, for anything else', () => {
    expect(filter('')).toEqual({ person: undefined, kind: undefined, page: 1 })
    for (const query of [
      'person=1234567890',
      'person=12x',
      'person=x12',
      'person=-1',
      'person=System',
      'kind=deals',
      'kind=Post',
      'page=0',
      'page=-2',
      'page=2.5',
      'page=100001',
      'page=two',
    ]) {
      expect(filter(query), query).toEqual({ person: undefined, kind: undefined, page: 1 })
    }
  })
})
