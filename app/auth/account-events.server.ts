import { config } from '~/config.server'
import { queueMail } from '~/models/mail-delivery.server'
import { getSettings } from '~/models/settings.server'

/**
 * What happens to staff accounts, told to the people who should know:
 * a log line for every sign-in decision and password change (never a
 * password, token or session id), and an email to the account's owner
 * when its password changes.
 */
export type AccountEvent =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-refused'
  | 'sign-in-deactivated'
  | 'second-factor-asked'
  | 'second-factor-failed'
  | 'second-factor-refused'
  | 'password-reset-requested'
  | 'password-changed'
  | 'invitation-accepted'

/**
 * The longest text a log line repeats from a request. An email address has at most 255
 * characters; a refused sign-in is logged before its form is checked, and one request can
 * carry 64 KB in its email field (several times that once encoded).
 */
const LOGGED_TEXT_MAX = 320

/** One JSON line per event; values are encoded, so nothing typed can forge a line. */
export function logAccountEvent(event: AccountEvent, details: Record<string, string | number>): void {
  const cut = Object.entries(details).map(([name, value]) => [
    name,
    typeof value === 'string' && value.length > LOGGED_TEXT_MAX ? `${value.slice(0, LOGGED_TEXT_MAX)}…` : value,
  ])
  const line = `[account] ${JSON.stringify({ event, ...Object.fromEntries(cut) })}`
  // Every event naming these words ends with them.
  if (/-(failed|refused|deactivated)/.test(event)) console.warn(line)
  else console.info(line)
}

const whenFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  dateStyle: 'long',
  timeStyle: 'short',
})

/**
 * Queues the notice that an account's password was changed, so its owner
 * hears of a change they did not make.
 */
export async function queuePasswordChangedMail(
  email: string,
  how: 'reset link' | 'command line' | 'account page',
  now: Date = new Date(),
): Promise<void> {
  const { brand_name } = await getSettings()
  const resetPage = new URL('/admin/reset', config().SITE_URL).toString()
  await queueMail({
    to: email,
    subject: `Your ${brand_name} staff password was changed`,
    text: [
      `The password of your ${brand_name} staff account (${email}) was changed on ${whenFormat.format(now)} (Central Time), ${
        how === 'reset link'
          ? 'with a password reset link'
          : how === 'account page'
            ? 'on your account page in the admin'
            : 'by an administrator on the server'
      }.`,
      '',
      how === 'account page'
        ? 'Every other device that was signed in to this account has been signed out.'
        : 'Every device that was signed in to this account has been signed out.',
      '',
      `If you did not expect this, choose a new password now at ${resetPage} and tell whoever runs the site.`,
    ].join('\n'),
  })
}
