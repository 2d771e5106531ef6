import { z } from './z'

/** The sign-in and reset messages, word for word as staff see them. One schema per form, shared by browser and server. */
export const EMAIL_MESSAGE = 'Please enter a valid email address'
export const PASSWORD_MESSAGE = 'Password must be at least 6 characters'
export const MISMATCH_MESSAGE = 'Passwords do not match'
export const PASSWORD_MIN_LENGTH = 6

/** The email must contain '@' (and is at most 255 characters). */
const email = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(255, { error: 'Email must be less than 255 characters' })
  .refine((value) => value.includes('@'), { error: EMAIL_MESSAGE })

const password = z
  .string({ error: PASSWORD_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGE })
  .max(200, { error: 'Password must be less than 200 characters' })

export const LoginSchema = z.object({
  email,
  password,
  /** Where the guard stopped the user; checked by safeRedirectTo before use. */
  redirectTo: z.string().max(2000).optional(),
})

export const ResetRequestSchema = z.object({ email })

export const NewPasswordSchema = z
  .object({
    token: z.string({ error: 'This reset link is missing its token' }).max(200),
    password,
    confirmPassword: z.string({ error: MISMATCH_MESSAGE }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: MISMATCH_MESSAGE,
  })

/** The account key for attempt limits: trimmed and lowercased. */
export function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : ''
}
