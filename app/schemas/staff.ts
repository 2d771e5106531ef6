import { STAFF_ROLES } from '~/db/types'
import { ACTIVITY_KINDS } from '~/lib/record-lists'

import { EMAIL_MESSAGE, MISMATCH_MESSAGE, PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH } from './auth'
import { z } from './z'

/** The forms of the staff screen, the account page, invitations and the second factor. */

const email = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(255, { error: 'Email must be less than 255 characters' })
  .refine((value) => value.includes('@') && !/[\s<>]/.test(value), { error: EMAIL_MESSAGE })

const password = z
  .string({ error: PASSWORD_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGE })
  .max(200, { error: 'Password must be less than 200 characters' })

const role = z.enum(STAFF_ROLES, { error: 'Choose staff or admin' })

export const NAME_MESSAGE = 'Enter your name'
const name = z
  .string({ error: NAME_MESSAGE })
  .trim()
  .min(1, { error: NAME_MESSAGE })
  .max(100, { error: 'Name must be at most 100 characters' })
  // Line breaks, tabs and other control characters have no place in a name.
  .refine((value) => !/\p{Cc}/u.test(value), { error: 'Name must be on one line' })

const id = z.coerce
  .number({ error: 'Unknown account' })
  .int({ error: 'Unknown account' })
  .positive({ error: 'Unknown account' })

export const InviteSchema = z.object({ intent: z.literal('invite'), email, role })

export const RoleSchema = z.object({ intent: z.literal('role'), id, role })

export const AccountActionSchema = z.object({
  intent: z.enum(['deactivate', 'reactivate', 'resend', 'revoke']),
  id,
})

export const PolicySchema = z.object({
  intent: z.literal('policy'),
  /** a checkbox: present when ticked */
  require_second_factor: z.literal('on').optional(),
})

export const AcceptInvitationSchema = z
  .object({
    token: z.string({ error: 'This invitation link is missing its token' }).max(200),
    name,
    password,
    confirmPassword: z.string({ error: MISMATCH_MESSAGE }),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], error: MISMATCH_MESSAGE })

export const ProfileSchema = z.object({ intent: z.literal('profile'), name })

export const CURRENT_PASSWORD_MESSAGE = 'Enter your current password'
export const ChangePasswordSchema = z
  .object({
    intent: z.literal('password'),
    currentPassword: z.string({ error: CURRENT_PASSWORD_MESSAGE }).min(1, { error: CURRENT_PASSWORD_MESSAGE }).max(200),
    password,
    confirmPassword: z.string({ error: MISMATCH_MESSAGE }),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], error: MISMATCH_MESSAGE })

export const CODE_MESSAGE = 'Enter the 6-digit code from your app'
const code = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .min(1, { error: CODE_MESSAGE })
  .max(40, { error: 'That code is too long' })

/** The code asked for after the password: six digits from the app, or a recovery code. */
export const SecondFactorSchema = z.object({ code })

/** Confirming a new authenticator app: six digits only. */
export const EnrolSchema = z.object({
  intent: z.literal('confirm'),
  code: code.refine((value) => /^\d{6}$/.test(value.replace(/\s/g, '')), { error: CODE_MESSAGE }),
})

/** Turning the second factor off, or making new recovery codes, asks for the password again. */
export const SecondFactorChangeSchema = z.object({
  intent: z.enum(['disable-second-factor', 'renew-recovery-codes']),
  currentPassword: z.string({ error: CURRENT_PASSWORD_MESSAGE }).min(1, { error: CURRENT_PASSWORD_MESSAGE }).max(200),
})

export const SessionActionSchema = z.object({
  intent: z.enum(['end-session', 'end-other-sessions']),
  /** the stored key of the session to end (for end-session) */
  session: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
})

/** The activity log's filters from the query string; anything unknown means all. */
export function parseActivityFilter(params: URLSearchParams) {
  const rawPerson = params.get('person') ?? ''
  const person =
    rawPerson === 'system' ? ('system' as const) : /^\d{1,9}$/.test(rawPerson) ? Number(rawPerson) : undefined
  const rawKind = params.get('kind') ?? ''
  const kind = ACTIVITY_KINDS.find((k) => k === rawKind)
  const rawPage = Number(params.get('page') ?? '1')
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1
  return { person, kind, page }
}
