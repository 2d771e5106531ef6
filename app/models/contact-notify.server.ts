import { config } from '~/config.server'
import { queueMail } from '~/models/mail-delivery.server'
import { type ContactMessage, topicLabel } from '~/schemas/contact'

/** How long the form service may take before the forward counts as failed. */
export const FORWARD_TIMEOUT_MS = 5_000

export interface SavedInquiry extends ContactMessage {
  id: number
  created_at: string
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim()
}

/** The staff email about a new inquiry (reply goes straight to the sender). */
export function staffEmail(inquiry: SavedInquiry, to: string) {
  const topic = topicLabel(inquiry.topic)
  const adminUrl = new URL('/admin/inquiries', config().SITE_URL).toString()
  return {
    to,
    subject: oneLine(`New contact inquiry: ${topic} from ${inquiry.name}`),
    replyTo: inquiry.email,
    text: [
      `A new message arrived through the contact form (inquiry #${inquiry.id}).`,
      '',
      `Name:    ${inquiry.name}`,
      `Email:   ${inquiry.email}`,
      `Phone:   ${inquiry.phone || '(not given)'}`,
      `Topic:   ${topic}`,
      `Sent:    ${inquiry.created_at}`,
      '',
      inquiry.message,
      '',
      `Reply to this email to answer ${inquiry.name}, and update its status at ${adminUrl}`,
    ].join('\n'),
  }
}

/** The JSON the external form service receives: name, email, phone ('' when omitted), topic, message. */
export function formServicePayload(inquiry: ContactMessage) {
  return {
    name: inquiry.name,
    email: inquiry.email,
    // The contact schema always gives a phone, empty when none was typed.
    phone: inquiry.phone,
    topic: inquiry.topic,
    message: inquiry.message,
  }
}

/** POSTs the message to FORM_ENDPOINT; a non-OK answer or a timeout throws. */
export async function forwardToFormService(endpoint: string, inquiry: ContactMessage): Promise<void> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(formServicePayload(inquiry)),
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`Form service answered ${response.status} ${response.statusText}`.trim())
}

export interface NotifyOutcome {
  email: 'queued' | 'skipped' | 'failed'
  forward: 'sent' | 'skipped' | 'failed'
}

/**
 * Tells staff about a saved inquiry: an email to CONTACT_NOTIFY_TO (queued,
 * so a mail server that is down only delays it) and a forward to
 * FORM_ENDPOINT, each only when configured. Never throws: a failure is logged
 * and the inquiry stays saved in the database.
 */
export async function notifyAboutInquiry(inquiry: SavedInquiry): Promise<NotifyOutcome> {
  const { CONTACT_NOTIFY_TO, FORM_ENDPOINT } = config()
  const [email, forward] = await Promise.all([
    CONTACT_NOTIFY_TO
      ? queueMail(staffEmail(inquiry, CONTACT_NOTIFY_TO)).then(
          () => 'queued' as const,
          (error: unknown) => {
            console.error(`Contact inquiry #${inquiry.id}: the staff email could not be queued`, error)
            return 'failed' as const
          },
        )
      : Promise.resolve('skipped' as const),
    FORM_ENDPOINT
      ? forwardToFormService(FORM_ENDPOINT, inquiry).then(
          () => 'sent' as const,
          (error: unknown) => {
            console.error(`Contact inquiry #${inquiry.id}: the forward to the form service failed`, error)
            return 'failed' as const
          },
        )
      : Promise.resolve('skipped' as const),
  ])
  return { email, forward }
}
