import { config } from '~/config.server'
import { sendMail } from '~/lib/mail.server'
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
 * Sends a reset link when the address belongs to an account; does nothing
 * otherwise (the page answers the same either way). Throws when sending fails.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await findUserByEmail(email)
  if (!user) return
  const token = await createPasswordResetToken(user.id)
  const { brand_name } = await getSettings()
  const minutes = RESET_TOKEN_TTL_MS / 60_000
  await sendMail({
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
  })
}
