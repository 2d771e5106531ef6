import { config } from '~/config.server'
import type { MailMessage } from '~/models/mail.server'
import { createPasswordResetToken, RESET_TOKEN_TTL_MS } from '~/models/password-reset.server'
import { getSettings } from '~/models/settings.server'
import { findUserByEmail } from '~/models/users.server'

/** The link in the reset email: SITE_URL/admin/reset/confirm?token=… */
export function resetLink(token: string): string {
  const url = new URL('/admin/reset/confirm', config().SITE_URL)
  url.searchParams.set('token', token)
  return url.toString()
}

/**
 * The reset email for a queued request, written when the queue sends it: a
 * fresh link (valid 60 minutes from now), so no usable link is ever stored.
 * Null when the address has no active account: nothing is sent, and the
 * person who asked saw the same page either way.
 */
export async function passwordResetMail(recipient: string, now: Date = new Date()): Promise<MailMessage | null> {
  const user = await findUserByEmail(recipient)
  // A deactivated account gets no link: it could not sign in with the new password anyway.
  if (!user || user.deactivated_at !== null) return null
  const token = await createPasswordResetToken(user.id, now)
  const { brand_name } = await getSettings()
  const minutes = RESET_TOKEN_TTL_MS / 60_000
  return {
    to: user.email,
    subject: `Reset your ${brand_name} staff password`,
    text: [
      `Someone asked to reset the password of your ${brand_name} staff account (${user.email}).`,
      '',
      `To choose a new password, open this link within ${minutes} minutes. It works once:`,
      '',
      resetLink(token),
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  }
}
