import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { data } from 'react-router'

import { recordContactMessage, refusedResponse } from '~/auth/attempt-limits.server'
import { clientAddress } from '~/auth/rate-limit.server'
import { AddressLines } from '~/components/site/AddressLines'
import { ContactForm } from '~/components/site/ContactForm'
import { PageHeader } from '~/components/site/PageHeader'
import { TapLink } from '~/components/site/TapLink'
import { LineIcon } from '~/components/ui/LineIcon'
import { DATABASE_UNAVAILABLE_MESSAGE, isUnavailableResponse } from '~/db/errors.server'
import { withinFieldLimits } from '~/http/form-data.server'
import { tryReadFormData } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { visitCounter } from '~/http/visit-counter.server'
import { pageMeta } from '~/lib/seo'
import { formatPhone, telHref } from '~/lib/tel-href'
import { notifyAboutInquiry } from '~/models/contact-notify.server'
import { findRecentRepeat, receiveInquiry } from '~/models/inquiries.server'
import { useHoursInShort, useSettings } from '~/root-data'
import { ContactSchema, HONEYPOT_FIELD } from '~/schemas/contact'

import type { Route } from './+types/contact'
import { readSentMark, sentMarkHeader } from './contact.server'

export const SEND_SUCCESS = '✅ Message sent successfully!'
export const SEND_FAILURE = '❌ Failed to send message. Please try again or email us directly.'
/** The answer to the same message sent again within a minute: kept once, and the sender told so. */
export const ALREADY_RECEIVED = 'We already have this message'
const ALREADY_RECEIVED_DETAIL =
  'The same message reached us from you a moment ago, so we kept one copy. Our team usually replies within one business day.'
const SENT_DETAIL = 'Thanks for reaching out. Our team usually replies within one business day.'
const HONEYPOT_REFUSED =
  'Your message could not be sent because the form looked automated. Please reload the page and try again, or email us directly.'

/** Notifications get this long before the visitor is answered; they finish (or log) on their own. */
const NOTIFY_WAIT_MS = 6_000

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Contact Us',
    description:
      'Questions, product suggestions, feedback or career interest? Call, email or send a message to our medical dispensary team in Norman, Oklahoma.',
    path: '/contact',
  })

/** A successful send leaves a new key for the form (see contact.server.ts); the page hands it on once. */
export async function loader({ request }: Route.LoaderArgs) {
  const mark = await readSentMark(request)
  if (!mark) return { sentKey: null }
  return data({ sentKey: mark.key }, { headers: { 'Set-Cookie': mark.clear } })
}

/** Back to an empty form with the toast; the new key makes the page draw the form anew. */
async function answeredSend(toast: { title: string; description: string }) {
  return redirectWithToast(
    '/contact',
    { type: 'success', ...toast },
    { headers: { 'Set-Cookie': await sentMarkHeader() } },
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await tryReadFormData(request)
  if (!formData) {
    return data(
      { result: { status: 'error' as const, error: { '': ['The form could not be read. Please try again.'] } } },
      400,
    )
  }
  const submission = parseWithZod(formData, { schema: ContactSchema })

  // Honeypot: the hidden field must be sent, and empty.
  const trap = formData.get(HONEYPOT_FIELD)
  if (trap === null || trap !== '') {
    return data({ result: withinFieldLimits(submission.reply({ formErrors: [HONEYPOT_REFUSED] }), ContactSchema) }, 400)
  }

  if (submission.status !== 'success')
    return data({ result: withinFieldLimits(submission.reply(), ContactSchema) }, 400)

  // Only complete messages count toward the limits (per sender and per
  // network address), so correcting a typo costs nothing; nor does the same
  // message sent again within a minute, which is answered as received.
  // (A failed look-up is no reason to refuse: the save below reports any real trouble.)
  const repeat = await findRecentRepeat(submission.value).catch((error: unknown) => {
    console.error('Looking for a repeated contact message failed', error)
    return undefined
  })
  if (repeat) return answeredSend({ title: ALREADY_RECEIVED, description: ALREADY_RECEIVED_DETAIL })
  let refused: Awaited<ReturnType<typeof recordContactMessage>>
  try {
    refused = await recordContactMessage(clientAddress(request, context), submission.value.email)
  } catch (error) {
    if (!isUnavailableResponse(error)) throw error
    return data(
      {
        result: withinFieldLimits(
          submission.reply({ formErrors: [SEND_FAILURE, DATABASE_UNAVAILABLE_MESSAGE] }),
          ContactSchema,
        ),
      },
      { status: 503, headers: { 'Retry-After': '120' } },
    )
  }
  if (refused)
    return refusedResponse(
      { result: withinFieldLimits(submission.reply({ formErrors: [refused.message] }), ContactSchema) },
      refused,
    )

  let saved: Awaited<ReturnType<typeof receiveInquiry>>
  try {
    saved = await receiveInquiry(submission.value)
  } catch (error) {
    console.error('Saving a contact inquiry failed', error)
    // The form comes back with everything typed; a database that cannot take
    // writes (maintenance, read-only file) says so with 503.
    const unavailable = isUnavailableResponse(error)
    return data(
      {
        result: withinFieldLimits(
          submission.reply({
            formErrors: unavailable ? [SEND_FAILURE, DATABASE_UNAVAILABLE_MESSAGE] : [SEND_FAILURE],
          }),
          ContactSchema,
        ),
      },
      unavailable ? { status: 503, headers: { 'Retry-After': '120' } } : 500,
    )
  }

  // A sent message is one of the taps on the dashboard.
  visitCounter()?.countTap(Object.fromEntries(request.headers), 'contact', null)
  // Two identical posts that passed the check above together: the second is kept once, staff told once.
  if (saved.repeat) return answeredSend({ title: ALREADY_RECEIVED, description: ALREADY_RECEIVED_DETAIL })

  // Saved: staff email and form-service forward never block or undo the success.
  const { id, created_at } = saved.inquiry
  const notified = notifyAboutInquiry({ ...submission.value, id, created_at })
  await Promise.race([notified, new Promise((resolve) => setTimeout(resolve, NOTIFY_WAIT_MS).unref?.())])

  return answeredSend({ title: SEND_SUCCESS, description: SENT_DETAIL })
}

function Card({ title, icon, children }: { title: string; icon: string; children: React.ReactNode }) {
  return (
    // On a phone the icon sits above the text, so an email address has the card's whole width.
    <li className="flex flex-col gap-3 rounded-3xl border border-cream-200 bg-white p-6 shadow-sm sm:flex-row sm:gap-4">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <LineIcon d={icon} className="h-6 w-6" strokeWidth={1.8} />
      </span>
      <div className="min-w-0">
        <h2 className="font-sans text-sm font-semibold tracking-widest text-accent-800 uppercase">{title}</h2>
        <div className="mt-1 text-ink-900">{children}</div>
      </div>
    </li>
  )
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  // Every answered send brings a new key, and a new key draws the form anew: empty. The key
  // stays until the next answered send, so nothing else (a later visit's data) clears typing.
  const [formKey, setFormKey] = useState(loaderData.sentKey ?? 'contact-form')
  if (loaderData.sentKey && loaderData.sentKey !== formKey) setFormKey(loaderData.sentKey)
  const settings = useSettings()
  const hours = useHoursInShort()
  const stores = [
    { key: 'Lindsey', label: 'Our store', store: settings.stores.Lindsey },
    { key: 'BlueWater', label: 'Partner store', store: settings.stores.BlueWater },
  ] as const
  const linkClass =
    'font-semibold [overflow-wrap:anywhere] text-brand-700 underline decoration-brand-300 underline-offset-4 hover:text-brand-900'
  return (
    <main>
      <PageHeader eyebrow="We’re here to help" title="Contact Us">
        <p>
          Have a question about a product, a suggestion for our shelves, feedback on a visit, or interest in joining the
          team? Send us a note and a real person will get back to you.
        </p>
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[1fr_1.4fr]">
        <ul className="grid content-start gap-4">
          {stores.map(({ key, label, store }) => (
            <Card
              key={key}
              title={label}
              icon="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
            >
              <address className="not-italic">
                <AddressLines store={store} />
                <TapLink to={telHref(store.phone)} tap="call" store={key} className={`mt-1 inline-block ${linkClass}`}>
                  <span className="sr-only">Call {store.name} at </span>
                  {formatPhone(store.phone)}
                </TapLink>
              </address>
              <p className="text-sm text-ink-600">{hours[key].open}</p>
            </Card>
          ))}
          <Card title="Email" icon="M3 6h18v12H3zM3 7l9 6 9-6">
            <a href={`mailto:${settings.contact_email}`} className={linkClass}>
              {settings.contact_email}
            </a>
            <p className="text-sm text-ink-600">We reply within one business day.</p>
          </Card>
        </ul>

        <section
          aria-labelledby="contact-form-heading"
          className="rounded-3xl border border-cream-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-heading" className="text-3xl font-semibold text-brand-900">
            Send us a message
          </h2>
          <p className="mt-2 mb-6 text-ink-600">
            All fields are required except phone. For anything about an order in progress, calling the store is fastest.
          </p>
          <ContactForm key={formKey} lastResult={actionData?.result} />
        </section>
      </div>
    </main>
  )
}
