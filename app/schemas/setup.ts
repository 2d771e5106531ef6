import { EMAIL_MESSAGE, MISMATCH_MESSAGE, PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH } from './auth'
import { z } from './z'

/** The form that creates the first admin from a one-time setup link (same rules as sign-in and reset). */
export const FirstAdminSchema = z
  .object({
    token: z.string({ error: 'This setup link is missing its token' }).max(200),
    email: z
      .string({ error: EMAIL_MESSAGE })
      .trim()
      .max(255, { error: 'Email must be less than 255 characters' })
      .refine((value) => value.includes('@'), { error: EMAIL_MESSAGE }),
    password: z
      .string({ error: PASSWORD_MESSAGE })
      .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGE })
      .max(200, { error: 'Password must be less than 200 characters' }),
    confirmPassword: z.string({ error: MISMATCH_MESSAGE }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: MISMATCH_MESSAGE,
  })
