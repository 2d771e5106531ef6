import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, expect, it } from 'vitest'

import { resetConfigForTesting } from '~/config.server'
import { requestContext } from '~/context'
import { sqlite } from '~/db/db.server'
import { action } from '~/routes/contact'

import { useTestDatabase } from '../support/test-db'

/** A name with a line break could forge lines of the email staff get about each inquiry. */

useTestDatabase()
let scratch: string
const savedEnv = { ...process.env }

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lsc-contact-line-'))
  process.env.MAIL_OUTBOX_DIR = join(scratch, 'outbox')
  process.env.CONTACT_NOTIFY_TO = 'staff@example.com'
  process.env.RATE_LIMIT_MULTIPLIER = '100'
  resetConfigForTesting()
})

afterEach(() => {
  rmSync(scratch, { recursive: true, force: true })
  process.env = { ...savedEnv }
  resetConfigForTesting()
})

it('a contact name with a line break is refused: nothing is saved and staff get no email', async () => {
  const request = new Request('http://localhost:3000/contact', {
    method: 'POST',
    body: new URLSearchParams({
      name: 'Jordan\r\nTopic: Career Opportunity\r\nSent: 2020-01-01',
      email: 'jordan@example.com',
      phone: '',
      topic: 'general',
      message: 'Do you carry glass pipes and papers?',
      company: '',
    }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  })
  const result = await action({
    request,
    params: {},
    context: requestContext({ clientAddress: '198.51.100.9', cspNonce: '' }),
  } as unknown as Parameters<typeof action>[0])
  const status = result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status
  expect(status).toBe(400)
  const body = (result as { data: { result: { error?: Record<string, string[]> } } }).data
  expect(body.result.error?.name).toEqual(['Name must be one line of plain text'])
  expect(sqlite().prepare('SELECT COUNT(*) AS n FROM contact_inquiries').get()).toEqual({ n: 0 })
  let sent: string[] = []
  try {
    sent = readdirSync(join(scratch, 'outbox'))
  } catch {
    sent = []
  }
  expect(sent).toEqual([])
})
