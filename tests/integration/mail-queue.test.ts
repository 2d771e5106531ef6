import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { startSession } from '~/auth/session.server'
import { resetConfigForTesting } from '~/config.server'
import { SMTP_TIMEOUTS } from '~/models/mail.server'
import {
  MAX_ATTEMPTS,
  processMailQueue,
  queueMail,
  retryDelayMs,
  startMailQueue,
  stopMailQueue,
} from '~/models/mail-delivery.server'
import { checkPasswordResetToken } from '~/models/password-reset.server'
import { saveSettings } from '~/models/settings.server'
import { loader as dashboard } from '~/routes/admin._index'
import { action as resetAction } from '~/routes/admin.reset'
import { action as contactAction } from '~/routes/contact'
import { DEFAULT_SETTINGS } from '~/schemas/settings-defaults'

import { CONTACT_FIELDS } from '../support/contact'
import { closedPort, type SmtpServer, startSmtpServer } from '../support/smtp-server'
import { UNDER_MUTATION_TESTING } from '../support/time-budget'
import { answer, cookiePair, formRequest, getRequest, insertUser, routeArgs, useAuthTest } from './auth-support'

const t = useAuthTest()
let smtp: SmtpServer | undefined
beforeEach(() => {
  insertUser(t, 'staff@example.com', 'staff-password', true)
})
afterEach(async () => {
  await stopMailQueue()
  await smtp?.stop()
  smtp = undefined
  delete process.env.SMTP_URL
  delete process.env.CONTACT_NOTIFY_TO
  resetConfigForTesting()
})

function useSmtp(url: string) {
  process.env.SMTP_URL = url
  resetConfigForTesting()
}

let nextAddress = 1
const requestReset = (email: string) =>
  answer(() => resetAction(routeArgs(formRequest('/admin/reset', { email }), `198.51.100.${nextAddress++ % 250}`)))
const rows = () =>
  t.sqlite.prepare('SELECT id, kind, recipient, subject, body, status, attempts FROM mail_queue ORDER BY id').all()
/** A moment just after the rows of a test were queued (they are due from when they were queued). */
let T0 = new Date()
beforeEach(() => {
  T0 = new Date(Date.now() + 60_000)
})
const at = (ms: number) => new Date(T0.getTime() + ms)
const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => {})

describe('a password reset request while the mail server is down', () => {
  it('answers the same page and status for an address with an account and one without', async () => {
    quietly()
    useSmtp(`smtp://127.0.0.1:${await closedPort()}`)
    const known = await requestReset('staff@example.com')
    const unknown = await requestReset('nobody@example.com')
    expect(known.status).toBe(200)
    expect(known.data.sent).toBe(true)
    expect(unknown).toEqual(known)
    // Both were queued alike; the sender finds out which one has an account.
    expect(rows()).toEqual([
      expect.objectContaining({ kind: 'password-reset', recipient: 'staff@example.com', status: 'queued', body: '' }),
      expect.objectContaining({ kind: 'password-reset', recipient: 'nobody@example.com', status: 'queued', body: '' }),
    ])
    expect(await processMailQueue({ now: T0 })).toEqual({ sent: 0, retried: 1, failed: 0, dropped: 1 })
    const [row] = t.sqlite.prepare('SELECT recipient, attempts, next_attempt_at, last_error FROM mail_queue').all() as {
      recipient: string
      attempts: number
      next_attempt_at: string
      last_error: string
    }[]
    expect(row).toMatchObject({
      recipient: 'staff@example.com',
      attempts: 1,
      next_attempt_at: at(30_000).toISOString(),
    })
    expect(row!.last_error).toMatch(/ECONNREFUSED/)
  })

  // Two paths taking equal time cannot be measured on instrumented code: each path pays for its own
  // counters. The rule is checked by the ordinary test run.
  it.skipIf(UNDER_MUTATION_TESTING)(
    'takes about as long for an address with an account as for one without',
    async () => {
      // Forty accounts and forty addresses without one, asked for in turn (outbox mail, nothing slow on the way).
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
      async function round(n: number) {
        for (let i = 0; i < 40; i++) insertUser(t, `member${n}-${i}@example.com`, 'their-password')
        const timings = { known: [] as number[], unknown: [] as number[] }
        for (let i = 0; i < 40; i++) {
          for (const [kind, email] of [
            ['known', `member${n}-${i}@example.com`],
            ['unknown', `stranger${n}-${i}@example.com`],
          ] as const) {
            const start = performance.now()
            const result = await requestReset(email)
            timings[kind].push(performance.now() - start)
            expect(result.status).toBe(200)
          }
        }
        const known = median(timings.known)
        const unknown = median(timings.unknown)
        return { known, unknown, equal: Math.abs(known - unknown) <= Math.max(0.5, 0.25 * Math.min(known, unknown)) }
      }
      // A machine busy with other work can slow one side of a round by chance; a path that
      // really does more for an account (a lookup, a hash) is slower in every round.
      let last = await round(0)
      for (let n = 1; n < 3 && !last.equal; n++) last = await round(n)
      expect(last.equal, `median ${last.known.toFixed(2)} ms vs ${last.unknown.toFixed(2)} ms`).toBe(true)
    },
  )
})

describe('the mail queue', () => {
  it('retries after 30 s, 1, 2, 4 … minutes, and marks the message failed after 8 attempts', async () => {
    quietly()
    useSmtp(`smtp://127.0.0.1:${await closedPort()}`)
    await queueMail({ to: 'staff@example.com', subject: 'Hello', text: 'A message for staff.' })
    let now = T0.getTime()
    const waits: number[] = []
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Not due a moment early.
      if (attempt > 1) expect(await processMailQueue({ now: new Date(now - 1) })).toMatchObject({ retried: 0 })
      const run = await processMailQueue({ now: new Date(now) })
      expect(run).toMatchObject(attempt < MAX_ATTEMPTS ? { retried: 1 } : { failed: 1 })
      const row = t.sqlite.prepare('SELECT status, attempts, next_attempt_at FROM mail_queue').get() as {
        status: string
        attempts: number
        next_attempt_at: string
      }
      expect(row.attempts).toBe(attempt)
      if (row.status === 'failed') break
      waits.push((new Date(row.next_attempt_at).getTime() - now) / 1000)
      now = new Date(row.next_attempt_at).getTime()
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920])
    expect(retryDelayMs(20)).toBe(60 * 60 * 1000)
    expect(t.sqlite.prepare('SELECT status, last_error FROM mail_queue').get()).toEqual({
      status: 'failed',
      last_error: expect.stringMatching(/ECONNREFUSED/),
    })
    // A failed message is not tried again.
    expect(await processMailQueue({ now: new Date(now + 10 * 24 * 3600 * 1000) })).toMatchObject({ failed: 0 })
  })

  it('delivers a reset link once the mail server is back, with a link written when it is sent', async () => {
    quietly()
    const port = await closedPort()
    useSmtp(`smtp://127.0.0.1:${port}`)
    await requestReset('Staff@Example.com')
    expect(await processMailQueue({ now: T0 })).toMatchObject({ retried: 1 })
    smtp = await startSmtpServer(port)
    expect(await processMailQueue({ now: at(29_000) })).toMatchObject({ sent: 0 })
    expect(await processMailQueue({ now: at(30_000) })).toMatchObject({ sent: 1 })

    // The server prints what it accepted a moment after saying OK.
    await expect.poll(() => smtp!.received(), { timeout: 5_000, interval: 50 }).toContain('END MESSAGE')
    const received = smtp
      .received()
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    expect(received).toMatch(/^To: staff@example\.com/m)
    const token = /\/admin\/reset\/confirm\?token=([\w-]+)/.exec(received)?.[1]
    expect(token).toBeDefined()
    // The link was made at the second attempt, so its 60 minutes start then.
    expect(await checkPasswordResetToken(token!, at(30_000 + 59 * 60_000))).toMatchObject({ status: 'valid' })
    // The queue never held the link.
    expect(rows()).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, subject: '', body: '' })])
    expect(JSON.stringify(t.sqlite.prepare('SELECT * FROM mail_queue').all())).not.toContain(token!)
  })

  it('sends through the SMTP server as soon as the server process is told a message is queued', async () => {
    smtp = await startSmtpServer()
    useSmtp(smtp.url)
    startMailQueue()
    await queueMail({ to: 'staff@example.com', subject: 'Queued just now', text: 'Sent by the loop.' })
    await expect.poll(() => smtp!.received(), { timeout: 4_000, interval: 50 }).toContain('Subject: Queued just now')
    await expect.poll(() => (rows()[0] as { status: string }).status, { timeout: 2_000 }).toBe('sent')
  })

  it('writes .eml files into the outbox when no SMTP server is configured', async () => {
    await queueMail({ to: 'staff@example.com', subject: 'To the outbox', text: 'As a file.' })
    expect(await processMailQueue()).toMatchObject({ sent: 1 })
    expect(readdirSync(process.env.MAIL_OUTBOX_DIR!).filter((f) => f.endsWith('.eml'))).toHaveLength(1)
  })

  it('sends in the name of the brand the store facts hold now', async () => {
    await saveSettings({ ...DEFAULT_SETTINGS, brand_name: 'Prairie Wind, Dispensary' })
    await queueMail({ to: 'staff@example.com', subject: 'From whom', text: 'Signed by the brand.' })
    expect(await processMailQueue()).toMatchObject({ sent: 1 })
    const dir = process.env.MAIL_OUTBOX_DIR!
    const file = readdirSync(dir).find((f) => f.endsWith('.eml'))!
    const from = readFileSync(join(dir, file), 'utf8').match(/^From: (.*)$/m)?.[1]
    expect(from).toBe('"Prairie Wind, Dispensary" <no-reply@127.0.0.1>')
  })
})

describe('the contact notification', () => {
  let hanging: Server | undefined
  const sockets: Socket[] = []
  afterEach(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => (hanging ? hanging.close(() => resolve()) : resolve()))
    hanging = undefined
  })

  it('is queued: the visitor is answered at once even when the mail server does not answer', async () => {
    // A server that accepts connections and never says a word.
    hanging = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => hanging!.listen(0, '127.0.0.1', resolve))
    process.env.CONTACT_NOTIFY_TO = 'staff@example.com'
    useSmtp(`smtp://127.0.0.1:${(hanging.address() as { port: number }).port}`)
    const request = new Request('http://127.0.0.1:4999/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(CONTACT_FIELDS),
    })
    const start = performance.now()
    const result = await answer(() => contactAction(routeArgs(request)))
    expect(result.status).toBe(302)
    // Waiting for this server would take the 10 s greeting timeout; the answer takes
    // tens of milliseconds, so half the timeout leaves tenfold room either way.
    expect(performance.now() - start).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout / 2)
    expect(rows()).toEqual([
      expect.objectContaining({
        kind: 'message',
        recipient: 'staff@example.com',
        subject: 'New contact inquiry: General Question from Jordan Example',
        status: 'queued',
      }),
    ])
  })
})

describe('the dashboard', () => {
  it('shows staff how much mail waits and failed, with the latest of it', async () => {
    const adminId = t.sqlite.prepare("SELECT id FROM users WHERE email = 'staff@example.com'").pluck().get() as number
    const cookie = cookiePair(await startSession(adminId))
    const show = async () => (await answer(() => dashboard(routeArgs(getRequest('/admin', { Cookie: cookie }))))).data
    expect((await show()).mail).toEqual({ queued: 0, failed: 0, unsent: [] })

    await queueMail({ to: 'a@example.com', subject: 'Waiting', text: 'Body' })
    await queueMail({ to: 'b@example.com', subject: 'Gave up', text: 'Body' })
    await queueMail({ to: 'c@example.com', subject: 'Went out', text: 'Body' })
    t.sqlite
      .exec(`UPDATE mail_queue SET status = 'failed', attempts = 8, last_error = 'connect ECONNREFUSED' WHERE recipient = 'b@example.com';
      UPDATE mail_queue SET status = 'sent' WHERE recipient = 'c@example.com'`)
    const { mail } = await show()
    expect(mail.queued).toBe(1)
    expect(mail.failed).toBe(1)
    expect(mail.unsent.map((m: { recipient: string; status: string }) => [m.recipient, m.status])).toEqual([
      ['b@example.com', 'failed'],
      ['a@example.com', 'queued'],
    ])
    expect(mail.unsent[0].last_error).toBe('connect ECONNREFUSED')
  })
})
