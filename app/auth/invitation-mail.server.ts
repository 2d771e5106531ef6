import { config } from '~/config.server'
import { INVITATION_TTL_MS, issueInvitationLink } from '~/models/invitations.server'
import type { MailMessage } from '~/models/mail.server'
import { getSettings } from '~/models/settings.server'

/** The link in an invitation: SITE_URL/admin/invitation?token=… */
export function invitationLink(token: string): string {
  const url = new URL('/admin/invitation', config().SITE_URL)
  url.searchParams.set('token', token)
  return url.toString()
}

const ROLE_WORDS = {
  staff: 'as staff (blog posts, contact inquiries and job applications)',
  admin: 'as an admin (everything, including staff accounts)',
} as const

/**
 * The invitation email for a queued invitation, written when the queue sends
 * it: a fresh link, valid 7 days from now. Null when the invitation was
 * revoked or accepted meanwhile: nothing is sent.
 */
export async function invitationMail(recipient: string, now: Date = new Date()): Promise<MailMessage | null> {
  const issued = await issueInvitationLink(recipient, now)
  if (!issued) return null
  const { brand_name } = await getSettings()
  const days = INVITATION_TTL_MS / (24 * 60 * 60 * 1000)
  const inviter = issued.inviter ? issued.inviter.name || issued.inviter.email : 'An administrator'
  return {
    to: issued.invitation.email,
    subject: `You are invited to the ${brand_name} staff admin`,
    text: [
      `${inviter} invited you to join the ${brand_name} website admin ${ROLE_WORDS[issued.invitation.role]}.`,
      '',
      `To accept, open this link within ${days} days, then choose your name and a password. It works once:`,
      '',
      invitationLink(issued.token),
      '',
      'If you did not expect this invitation, ignore this email: no account is made unless you accept.',
    ].join('\n'),
  }
}
