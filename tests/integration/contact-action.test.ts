import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { resetConfigForTesting } from '~/config.server'
import { requestContext } from '~/context'
import { sqlite } from '~/db/db.server'
import { processMailQueue } from '~/models/mail-delivery.server'
import { action, ALREADY_RECEIVED, loader, SEND_FAILURE } from '~/routes/contact'

import { CONTACT_FIELDS, startFormService } from '../support/contact'
import { useTestDatabase } from '../support/test-db'

type ActionResult = Awaited<ReturnType<typeof action>>

useTestDatabase()
let scratch: string
const savedEnv = { ...process.env }

beforeEach(() => {
  for (const key of ['CONTACT_NOTIFY_TO', 'FORM_ENDPOINT', 'RATE_LIMIT_MULTIPLIER', 'TRUST_PROXY', 'SMTP_URL'])
    delete process.env[key]
  scratch = mkdtempSync(join(tmpdir(), 'lsc-contact-'))
  process.env.MAIL_OUTBOX_DIR = join(scratch, 'outbox')
  resetConfigForTesting()
})

afterEach(() => {
  rmSync(scratch, { recursive: true, force: true })
  process.env = { ...savedEnv }
  resetConfigForTesting()
})

const VALID = CONTACT_FIELDS

function post(fields: Record<string, string>, address = '198.51.100.7') {
  const request = new Request('http://localhost:3000/contact', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  })
  return action({
    request,
    params: {},
    context: requestContext({ clientAddress: address, cspNonce: '' }),
  } as unknown as Parameters<typeof action>[0])
}

function statusOf(result: ActionResult): number {
  if (result instanceof Response) return result.status
  return (result as { init?: { status?: number } }).init?.status ?? 200
}

function formErrorsOf(result: ActionResult): string[] {
  const value = (result as { data: { result: { error?: Record<string, string[] | null> } } }).data
  return value.result.error?.[''] ?? []
}

function inquiryCount(): number {
  return (sqlite().prepare('SELECT COUNT(*) AS n FROM contact_inquiries').get() as { n: number }).n
}

describe('the contact action', () => {
  it('saves a valid message and redirects back to /contact with the success toast', async () => {
    const result = await post(VALID)
    expect(statusOf(result)).toBe(302)
    expect((result as Response).headers.get('Location')).toBe('/contact')
    expect((result as Response).headers.getSetCookie().some((cookie) => cookie.startsWith('toast='))).toBe(true)
    const row = sqlite().prepare('SELECT name, email, phone, topic, message, status FROM contact_inquiries').get()
    expect(row).toEqual({
      name: 'Jordan Example',
      email: 'jordan@example.com',
      phone: '',
      topic: 'general',
      message: VALID.message,
      status: 'new',
    })
  })

  it('a patient writes 4,979 characters over 60 lines, under the 5,000 the page counts: it is sent, with its lines as typed', async () => {
    const line = 'I would like to know more about the tinctures you carry.'.padEnd(82, '.')
    const typed = Array.from({ length: 60 }, () => line).join('\n')
    expect(typed.length).toBeLessThan(5000)
    // The browser sends each line break as CR LF: 59 characters more than the page counted.
    const sent = typed.replaceAll('\n', '\r\n')
    expect(sent.length).toBe(typed.length + 59)
    const result = await post({ ...VALID, message: sent })
    expect(statusOf(result)).toBe(302)
    expect(sqlite().prepare('SELECT message FROM contact_inquiries').pluck().get()).toBe(typed)
  })

  it('allows 5 messages from one sender in 10 minutes, then answers 429 with when to retry', async () => {
    for (let i = 0; i < 5; i++) expect(statusOf(await post({ ...VALID, message: `${VALID.message} (${i})` }))).toBe(302)
    const sixth = await post({ ...VALID, message: `${VALID.message} (6)` })
    expect(statusOf(sixth)).toBe(429)
    expect(formErrorsOf(sixth)[0]).toMatch(
      /You have sent several messages in a short time\. Please try again in 10 minutes\./,
    )
    expect((sixth as { init: { headers: Record<string, string> } }).init.headers['Retry-After']).toBe('600')
    expect(inquiryCount()).toBe(5)
    // The same sender from another network is held back too: the limit follows the email address.
    expect(statusOf(await post({ ...VALID, message: `${VALID.message} (7)` }, '203.0.113.9'))).toBe(429)
    expect(inquiryCount()).toBe(5)
  })

  it('lets several customers on one shop Wi-Fi write, each from their own email', async () => {
    // A budtender's customers send from the store's network: same address, different senders.
    for (let i = 0; i < 12; i++) {
      const sent = await post({ ...VALID, name: `Customer ${i}`, email: `customer${i}@example.com` })
      expect(statusOf(sent), `customer ${i}`).toBe(302)
    }
    expect(inquiryCount()).toBe(12)
  })

  it('holds back one network address after 30 messages in 10 minutes, whoever sends them', async () => {
    for (let i = 0; i < 30; i++) expect(statusOf(await post({ ...VALID, email: `p${i}@example.com` }))).toBe(302)
    expect(statusOf(await post({ ...VALID, email: 'p31@example.com' }))).toBe(429)
    // Another address is not affected.
    expect(statusOf(await post({ ...VALID, email: 'other@example.com' }, '203.0.113.9'))).toBe(302)
  })

  it('opens the limit again once the 10 minutes have passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      for (let i = 0; i < 5; i++) await post({ ...VALID, message: `${VALID.message} (${i})` })
      expect(statusOf(await post({ ...VALID, message: `${VALID.message} (5)` }))).toBe(429)
      vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1)
      expect(statusOf(await post({ ...VALID, message: `${VALID.message} (6)` }))).toBe(302)
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not count invalid posts toward the limit', async () => {
    for (let i = 0; i < 8; i++) expect(statusOf(await post({ ...VALID, message: 'short' }))).toBe(400)
    expect(statusOf(await post(VALID))).toBe(302)
  })

  it('refuses a filled or missing honeypot field and saves nothing', async () => {
    const filled = await post({ ...VALID, company: 'Acme' })
    expect(statusOf(filled)).toBe(400)
    expect(formErrorsOf(filled)[0]).toMatch(/looked automated/)
    const { company: _omitted, ...withoutHoneypot } = VALID
    expect(statusOf(await post(withoutHoneypot))).toBe(400)
    expect(inquiryCount()).toBe(0)
  })

  it('says "Email is required" when the email is left empty', async () => {
    const result = await post({ ...VALID, email: '' })
    expect(statusOf(result)).toBe(400)
    const errors = (result as { data: { result: { error: Record<string, string[]> } } }).data.result.error
    expect(errors.email).toEqual(['Email is required'])
    expect(inquiryCount()).toBe(0)
  })

  it('leaves a new key for the form after each answered send, which the page reads once', async () => {
    const keyOf = async (response: Response) => {
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('contact_sent='))!
      const request = new Request('http://localhost:3000/contact', { headers: { Cookie: cookie.split(';')[0] } })
      const answer = (await loader({ request, params: {}, context: {} } as unknown as Parameters<
        typeof loader
      >[0])) as {
        data: { sentKey: string }
        init: { headers: Record<string, string> }
      }
      // The page clears the mark as it reads it.
      expect(answer.init.headers['Set-Cookie']).toMatch(/^contact_sent=;.*Max-Age=0/)
      return answer.data.sentKey
    }
    const first = await keyOf((await post(VALID)) as Response)
    const second = await keyOf((await post({ ...VALID, message: `${VALID.message} Also rolling papers?` })) as Response)
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).not.toBe(first)

    // A page opened with no send behind it has no key and sets no cookie.
    const plain = await loader({
      request: new Request('http://localhost:3000/contact'),
      params: {},
      context: {},
    } as unknown as Parameters<typeof loader>[0])
    expect(plain).toEqual({ sentKey: null })
  })

  it('answers 400 with the schema messages for invalid fields', async () => {
    const result = await post({ ...VALID, name: '', email: 'x', topic: 'weather' })
    expect(statusOf(result)).toBe(400)
    const errors = (result as { data: { result: { error: Record<string, string[]> } } }).data.result.error
    expect(errors.name).toEqual(['Name is required'])
    expect(errors.email).toEqual(['Invalid email address'])
    expect(errors.topic).toEqual(['Please select a topic'])
  })

  it('reports a failed save with its message and keeps the typed values', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    sqlite().exec('DROP TABLE contact_inquiries')
    const result = await post(VALID)
    expect(statusOf(result)).toBe(500)
    expect(formErrorsOf(result)).toEqual([SEND_FAILURE])
    const initial = (result as { data: { result: { initialValue: Record<string, string> } } }).data.result.initialValue
    expect(initial).toMatchObject({ name: 'Jordan Example', email: 'jordan@example.com', message: VALID.message })
  })
})

describe('staff notifications after a saved message', () => {
  let server: Server | undefined
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  })

  /** A form service that answers `status`; `bodies` is what it was sent, as JSON with its content type. */
  async function formService(status: number) {
    const service = await startFormService(status)
    server = service.server
    const bodies = () =>
      service.received.map((r) => ({ contentType: r.headers['content-type'], json: JSON.parse(r.body) as unknown }))
    return { url: service.url, bodies }
  }

  it('emails staff (reply-to the sender) and forwards the JSON the form service expects with phone ""', async () => {
    const service = await formService(200)
    process.env.CONTACT_NOTIFY_TO = 'staff@example.com'
    process.env.FORM_ENDPOINT = service.url
    resetConfigForTesting()
    expect(statusOf(await post(VALID))).toBe(302)

    expect(service.bodies()).toEqual([
      {
        contentType: 'application/json',
        json: {
          name: 'Jordan Example',
          email: 'jordan@example.com',
          phone: '',
          topic: 'general',
          message: VALID.message,
        },
      },
    ])
    expect(await processMailQueue()).toMatchObject({ sent: 1 })
    const files = readdirSync(process.env.MAIL_OUTBOX_DIR!)
    expect(files).toHaveLength(1)
    const mail = readFileSync(join(process.env.MAIL_OUTBOX_DIR!, files[0]), 'utf8')
    expect(mail).toMatch(/^To: staff@example\.com/m)
    expect(mail).toMatch(/^Reply-To: jordan@example\.com/m)
    expect(mail).toContain('Subject: New contact inquiry: General Question from Jordan Example')
  })

  it('a patient who presses Send twice within a minute leaves one inquiry and one staff email, and is told it arrived', async () => {
    const service = await formService(200)
    process.env.CONTACT_NOTIFY_TO = 'staff@example.com'
    process.env.FORM_ENDPOINT = service.url
    resetConfigForTesting()

    const first = (await post(VALID)) as Response
    expect(first.status).toBe(302)
    const again = (await post({ ...VALID, email: 'Jordan@Example.com' })) as Response
    expect(again.status).toBe(302)
    expect(again.headers.get('Location')).toBe('/contact')
    // The second answer says the message was already received, and still empties the form.
    const toast = again.headers.getSetCookie().find((c) => c.startsWith('toast='))!
    const decoded = decodeURIComponent(toast.split(';')[0].slice('toast='.length))
    expect(Buffer.from(decoded.split('.')[0], 'base64').toString('utf8')).toContain(ALREADY_RECEIVED)
    expect(again.headers.getSetCookie().some((c) => c.startsWith('contact_sent='))).toBe(true)

    expect(inquiryCount()).toBe(1)
    expect(service.bodies()).toHaveLength(1)
    expect(await processMailQueue()).toMatchObject({ sent: 1 })
    expect(readdirSync(process.env.MAIL_OUTBOX_DIR!)).toHaveLength(1)
  })

  it('two identical sends arriving together still leave one inquiry and one staff email', async () => {
    process.env.CONTACT_NOTIFY_TO = 'staff@example.com'
    resetConfigForTesting()
    const answers = await Promise.all([post(VALID), post(VALID), post(VALID)])
    expect(answers.map(statusOf)).toEqual([302, 302, 302])
    expect(inquiryCount()).toBe(1)
    expect(await processMailQueue()).toMatchObject({ sent: 1 })
  })

  it('the same words a minute later, or a different message, are new inquiries', async () => {
    process.env.CONTACT_NOTIFY_TO = 'staff@example.com'
    resetConfigForTesting()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      await post(VALID)
      await post({ ...VALID, message: 'And do you take cards, or cash only?' })
      expect(inquiryCount()).toBe(2)
      vi.setSystemTime(Date.now() + 61_000)
      await post(VALID)
      expect(inquiryCount()).toBe(3)
    } finally {
      vi.useRealTimers()
    }
    expect(await processMailQueue()).toMatchObject({ sent: 3 })
  })

  it('keeps the inquiry and reports success when the email cannot go yet and the forward fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const service = await formService(503)
    // The outbox "folder" is a file, so writing the email fails.
    const blocked = join(scratch, 'not-a-folder')
    writeFileSync(blocked, 'x')
    process.env.MAIL_OUTBOX_DIR = blocked
    process.env.CONTACT_NOTIFY_TO = 'staff@example.com'
    process.env.FORM_ENDPOINT = service.url
    resetConfigForTesting()

    expect(statusOf(await post(VALID))).toBe(302)
    expect(inquiryCount()).toBe(1)
    expect(service.bodies()).toHaveLength(1)
    const logged = errors.mock.calls.map((call) => String(call[0]))
    expect(logged.some((m) => m.includes('form service failed'))).toBe(true)
    // The email waits in the queue and is tried again later.
    expect(await processMailQueue()).toMatchObject({ sent: 0, retried: 1 })
    expect(sqlite().prepare('SELECT recipient, status, attempts FROM mail_queue').get()).toEqual({
      recipient: 'staff@example.com',
      status: 'queued',
      attempts: 1,
    })
  })
})
