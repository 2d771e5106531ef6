import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { resetConfigForTesting } from '~/config.server'
import { sendMail, SMTP_TIMEOUTS } from '~/models/mail.server'

const savedEnv = { ...process.env }
let outbox: string

beforeEach(() => {
  outbox = join(mkdtempSync(join(tmpdir(), 'lsc-mail-')), 'outbox', 'nested')
  for (const key of ['SMTP_URL', 'MAIL_FROM']) delete process.env[key]
  process.env.MAIL_OUTBOX_DIR = outbox
  process.env.SITE_URL = 'https://shop.example'
  resetConfigForTesting()
})
afterEach(() => {
  rmSync(join(outbox, '..', '..'), { recursive: true, force: true })
  process.env = { ...savedEnv }
  resetConfigForTesting()
})

const MESSAGE = {
  to: 'staff@example.com',
  subject: 'Hello',
  text: 'A message for staff.',
  replyTo: 'jordan@example.com',
}

describe('mail without an SMTP server', () => {
  it('is written as an .eml file into the outbox folder, created when missing', async () => {
    const sent = await sendMail(MESSAGE)
    const files = readdirSync(outbox)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/)
    expect(sent.file).toBe(join(outbox, files[0]))
    expect(sent.messageId).toMatch(/^<.+@.+>$/)
    const eml = readFileSync(sent.file!, 'utf8')
    expect(eml).toMatch(/^From: "?Lindsey Street Cannabis Co\."? <no-reply@shop\.example>$/m)
    expect(eml).toMatch(/^To: staff@example\.com$/m)
    expect(eml).toMatch(/^Reply-To: jordan@example\.com$/m)
    expect(eml).toMatch(/^Subject: Hello$/m)
    expect(eml).toContain('A message for staff.')
    expect(eml).not.toContain('\r\n')
  })

  it('comes from MAIL_FROM when it is set', async () => {
    process.env.MAIL_FROM = 'Green Leaf <hello@green.example>'
    resetConfigForTesting()
    const sent = await sendMail(MESSAGE)
    expect(readFileSync(sent.file!, 'utf8')).toMatch(/^From: Green Leaf <hello@green\.example>$/m)
  })

  it('gives each message its own file', async () => {
    await sendMail(MESSAGE)
    await sendMail(MESSAGE)
    expect(readdirSync(outbox)).toHaveLength(2)
  })
})

describe('an SMTP server', () => {
  it('may take 10 s to connect and greet, and 30 s of silence mid-send', () => {
    expect(SMTP_TIMEOUTS).toEqual({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
  })
})
