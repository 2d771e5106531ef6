import { createServer, type Server } from 'node:http'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { resetConfigForTesting } from '~/config.server'
import { sqlite } from '~/db/db.server'
import {
  formServicePayload,
  forwardToFormService,
  notifyAboutInquiry,
  type SavedInquiry,
  staffEmail,
} from '~/models/contact-notify.server'

import { startFormService } from '../support/contact'
import { useTestDatabase } from '../support/test-db'

useTestDatabase()
let server: Server | undefined
const savedEnv = { ...process.env }

beforeEach(() => {
  for (const key of ['CONTACT_NOTIFY_TO', 'FORM_ENDPOINT', 'SMTP_URL']) delete process.env[key]
  process.env.SITE_URL = 'https://shop.example'
  resetConfigForTesting()
})

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
  process.env = { ...savedEnv }
  resetConfigForTesting()
})

const INQUIRY: SavedInquiry = {
  id: 42,
  created_at: '2026-11-22T18:00:00.000Z',
  name: 'Jordan Example',
  email: 'jordan@example.com',
  phone: '(405) 555-0100',
  topic: 'review',
  message: 'Is my order ready?\nThanks!',
}

/** A form service on a local port that answers every post with `status`; closed after the test. */
async function formService(status: number) {
  const service = await startFormService(status)
  server = service.server
  return service
}

function configure(env: { CONTACT_NOTIFY_TO?: string; FORM_ENDPOINT?: string }) {
  Object.assign(process.env, env)
  resetConfigForTesting()
}

function queuedMail() {
  return sqlite().prepare('SELECT recipient, subject, body, reply_to FROM mail_queue ORDER BY id').all() as {
    recipient: string
    subject: string
    body: string
    reply_to: string | null
  }[]
}

describe('telling staff about a saved inquiry', () => {
  it('reports the forward sent when the form service accepts it, and queues the staff email', async () => {
    const service = await formService(200)
    configure({ CONTACT_NOTIFY_TO: 'staff@example.com', FORM_ENDPOINT: service.url })
    expect(await notifyAboutInquiry(INQUIRY)).toEqual({ email: 'queued', forward: 'sent' })
    expect(service.received).toHaveLength(1)
    expect(queuedMail()).toEqual([expect.objectContaining({ recipient: 'staff@example.com' })])
  })

  it('reports the forward failed when the form service refuses it, or cannot be reached', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const service = await formService(500)
    configure({ FORM_ENDPOINT: service.url })
    expect(await notifyAboutInquiry(INQUIRY)).toEqual({ email: 'skipped', forward: 'failed' })

    await new Promise((resolve) => server!.close(resolve))
    server = undefined
    expect(await notifyAboutInquiry(INQUIRY)).toEqual({ email: 'skipped', forward: 'failed' })
    expect(errors.mock.calls.map((call) => call[0])).toEqual([
      'Contact inquiry #42: the forward to the form service failed',
      'Contact inquiry #42: the forward to the form service failed',
    ])
  })

  it('does neither when neither is configured', async () => {
    expect(await notifyAboutInquiry(INQUIRY)).toEqual({ email: 'skipped', forward: 'skipped' })
    expect(queuedMail()).toEqual([])
  })

  it('reports the email failed, without throwing, when it cannot be queued', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    configure({ CONTACT_NOTIFY_TO: 'staff@example.com' })
    sqlite().exec('DROP TABLE mail_queue')
    expect(await notifyAboutInquiry(INQUIRY)).toEqual({ email: 'failed', forward: 'skipped' })
    expect(errors.mock.calls[0][0]).toBe('Contact inquiry #42: the staff email could not be queued')
  })
})

describe('the forward to the form service', () => {
  it('posts the message as JSON and asks for JSON back', async () => {
    const service = await formService(201)
    await forwardToFormService(service.url, INQUIRY)
    const [request] = service.received
    expect(request.method).toBe('POST')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers.accept).toBe('application/json')
    expect(JSON.parse(request.body)).toEqual({
      name: 'Jordan Example',
      email: 'jordan@example.com',
      phone: '(405) 555-0100',
      topic: 'review',
      message: 'Is my order ready?\nThanks!',
    })
  })

  it('throws with the status the service answered', async () => {
    const service = await formService(503)
    await expect(forwardToFormService(service.url, INQUIRY)).rejects.toThrow(
      'Form service answered 503 Service Unavailable',
    )
  })

  it('names only the status when the service gives no reason', async () => {
    server = createServer((req, res) => {
      req.resume()
      req.on('end', () => res.writeHead(500, '').end())
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/forms`
    await expect(forwardToFormService(url, INQUIRY)).rejects.toThrow(/^Form service answered 500$/)
  })

  it('sends an empty phone when none was given', () => {
    expect(formServicePayload({ ...INQUIRY, phone: '' }).phone).toBe('')
  })
})

describe('the staff email', () => {
  it('names the topic and sender, replies to the sender, and links the inquiries page', () => {
    const mail = staffEmail(INQUIRY, 'staff@example.com')
    expect(mail.to).toBe('staff@example.com')
    expect(mail.replyTo).toBe('jordan@example.com')
    expect(mail.subject).toBe('New contact inquiry: Review Feedback from Jordan Example')
    expect(mail.text.split('\n')).toEqual([
      'A new message arrived through the contact form (inquiry #42).',
      '',
      'Name:    Jordan Example',
      'Email:   jordan@example.com',
      'Phone:   (405) 555-0100',
      'Topic:   Review Feedback',
      'Sent:    2026-11-22T18:00:00.000Z',
      '',
      'Is my order ready?',
      'Thanks!',
      '',
      'Reply to this email to answer Jordan Example, and update its status at https://shop.example/admin/inquiries',
    ])
  })

  it('says when no phone was given, and keeps the subject on one line', () => {
    const mail = staffEmail({ ...INQUIRY, phone: '', name: 'Jordan\r\n\tExample ' }, 'staff@example.com')
    expect(mail.text).toContain('Phone:   (not given)')
    expect(mail.subject).toBe('New contact inquiry: Review Feedback from Jordan Example')
  })
})
