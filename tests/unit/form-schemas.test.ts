import { describe, expect, it } from 'vitest'

import { containsPattern } from '~/lib/like'
import { isPlainMultilineText, isSingleLine } from '~/lib/single-line'
import {
  EMAIL_MESSAGE,
  LoginSchema,
  MISMATCH_MESSAGE,
  NewPasswordSchema,
  normalizeEmail,
  PASSWORD_MESSAGE,
  ResetRequestSchema,
} from '~/schemas/auth'
import { validateContact } from '~/schemas/contact-validate'
import { InquiryStatusSchema, parseInquiryFilter } from '~/schemas/inquiry'
import { FirstAdminSchema } from '~/schemas/setup'

/** The messages zod gives, by field ('' for the form itself). */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) (byField[issue.path.join('.')] ??= []).push(issue.message)
  return byField
}

describe('the sign-in form', () => {
  it('takes an address with @ and a password of 6 or more characters, trimming the address', () => {
    const result = LoginSchema.safeParse({ email: '  staff@example.com ', password: 'secret' })
    expect(result).toEqual({ success: true, data: { email: 'staff@example.com', password: 'secret' } })
  })

  it('says what is wrong with each field', () => {
    expect(messages(LoginSchema.safeParse({ email: 'staff.example.com', password: 'five5' }))).toEqual({
      email: [EMAIL_MESSAGE],
      password: [PASSWORD_MESSAGE],
    })
    expect(messages(LoginSchema.safeParse({}))).toEqual({ email: [EMAIL_MESSAGE], password: [PASSWORD_MESSAGE] })
    expect(messages(LoginSchema.safeParse({ email: `${'a'.repeat(250)}@b.com`, password: 'x'.repeat(201) }))).toEqual({
      email: ['Email must be less than 255 characters'],
      password: ['Password must be less than 200 characters'],
    })
  })

  it('keeps where to go after signing in', () => {
    const result = LoginSchema.safeParse({ email: 'a@b', password: 'secret', redirectTo: '/admin/deals' })
    expect(result.data?.redirectTo).toBe('/admin/deals')
  })
})

describe('the password reset forms', () => {
  it('ask for an address with @', () => {
    expect(ResetRequestSchema.safeParse({ email: 'a@b' }).success).toBe(true)
    expect(messages(ResetRequestSchema.safeParse({ email: 'ab' }))).toEqual({ email: [EMAIL_MESSAGE] })
  })

  it('want the new password twice, the same', () => {
    expect(NewPasswordSchema.safeParse({ token: 't', password: 'secret1', confirmPassword: 'secret1' }).success).toBe(
      true,
    )
    expect(
      messages(NewPasswordSchema.safeParse({ token: 't', password: 'secret1', confirmPassword: 'secret2' })),
    ).toEqual({
      confirmPassword: [MISMATCH_MESSAGE],
    })
    expect(messages(NewPasswordSchema.safeParse({ password: 'secret1', confirmPassword: 'secret1' }))).toEqual({
      token: ['This reset link is missing its token'],
    })
  })
})

describe('the first admin’s form', () => {
  it('takes an address with @ and the same password twice', () => {
    const ok = FirstAdminSchema.safeParse({
      token: 't',
      email: ' owner@example.com ',
      password: 'secret1',
      confirmPassword: 'secret1',
    })
    expect(ok.data?.email).toBe('owner@example.com')
    expect(
      messages(
        FirstAdminSchema.safeParse({ token: 't', email: 'owner', password: 'secret1', confirmPassword: 'other' }),
      ),
    ).toEqual({ email: [EMAIL_MESSAGE], confirmPassword: [MISMATCH_MESSAGE] })
  })
})

describe('the account key of attempt limits', () => {
  it('is the address trimmed and in lower case, and empty for anything else', () => {
    expect(normalizeEmail('  Staff@Example.COM ')).toBe('staff@example.com')
    expect(normalizeEmail(undefined)).toBe('')
    expect(normalizeEmail(42)).toBe('')
  })
})

describe('the inquiry list', () => {
  it('filters by a known status and a trimmed search, at most 200 characters', () => {
    expect(parseInquiryFilter(new URLSearchParams({ q: '  jordan ', status: 'in-progress' }))).toEqual({
      q: 'jordan',
      status: 'in-progress',
    })
    expect(parseInquiryFilter(new URLSearchParams({ q: 'x'.repeat(300) })).q).toHaveLength(200)
  })

  it('shows everything for an unknown or missing status', () => {
    expect(parseInquiryFilter(new URLSearchParams({ status: 'deleted' }))).toEqual({ q: '', status: 'all' })
    expect(parseInquiryFilter(new URLSearchParams())).toEqual({ q: '', status: 'all' })
  })

  it('changes a status only to a known one, of a real inquiry', () => {
    expect(InquiryStatusSchema.safeParse({ id: '3', status: 'closed' })).toEqual({
      success: true,
      data: { id: 3, status: 'closed' },
    })
    expect(messages(InquiryStatusSchema.safeParse({ id: '0', status: 'gone' }))).toEqual({
      id: ['Unknown inquiry'],
      status: ['Choose new, in progress or closed'],
    })
  })
})

describe('the contact form in the browser', () => {
  it('is checked with the server’s rules', () => {
    const form = new FormData()
    form.set('name', 'Jordan')
    form.set('email', 'not an address')
    const submission = validateContact(form)
    expect(submission.status).toBe('error')
    expect(Object.keys(submission.reply().error ?? {})).toContain('email')
  })
})

describe('text rules', () => {
  it('a single line has no line break, tab or other control character', () => {
    expect(isSingleLine('Jordan Example, Jr.')).toBe(true)
    for (const c of ['\r', '\n', '\t', '\u0000', '\u001f', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029']) {
      expect(isSingleLine(`a${c}b`), JSON.stringify(c)).toBe(false)
    }
    expect(isSingleLine('\u00a0é漢')).toBe(true)
  })

  it('longer text keeps line breaks and tabs, nothing else of the kind', () => {
    expect(isPlainMultilineText('line one\r\nline two\tend')).toBe(true)
    for (const c of ['\u0000', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f', '\u009f']) {
      expect(isPlainMultilineText(`a${c}b`), JSON.stringify(c)).toBe(false)
    }
  })
})

describe('a search inside a LIKE pattern', () => {
  it('matches the text anywhere, its %, _ and \\ taken literally', () => {
    expect(containsPattern('gummies')).toBe('%gummies%')
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
