import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  processMailQueue,
  queueInvitationMail,
  queueMail,
  queuePasswordResetMail,
  startMailQueue,
  stopMailQueue,
} from '~/models/mail-delivery.server'

import { useAuthTest } from './auth-support'

/**
 * The sender of queued mail with a mail server that answers as each test
 * tells it to: what it records of a failure, how much one run sends, and the
 * loop of the server process.
 */
const server = vi.hoisted(() => ({
  answer: null as null | ((to: string) => Promise<void> | void),
  sent: [] as string[],
}))
vi.mock('~/models/mail.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/models/mail.server')>()
  return {
    ...real,
    sendMail: async (message: { to: string }) => {
      await server.answer?.(message.to)
      server.sent.push(message.to)
    },
  }
})

const t = useAuthTest()
beforeEach(() => {
  server.answer = null
  server.sent = []
})
afterEach(async () => {
  vi.useRealTimers() // the real clock while the queue stops, as before useAuthTest's own reset
  await stopMailQueue()
})

const NOW = new Date(Date.now() + 60_000)
const row = () =>
  t.sqlite.prepare('SELECT recipient, status, attempts, next_attempt_at, last_error FROM mail_queue').get() as {
    recipient: string
    status: string
    attempts: number
    next_attempt_at: string
    last_error: string | null
  }
const message = (to: string) => ({ to, subject: 'Hello', text: 'A message.' })

describe('queued mail', () => {
  it('for a reset or an invitation is addressed to the email as typed, without spaces', async () => {
    await queuePasswordResetMail('  someone@example.com ')
    await queueInvitationMail(' new@example.com  ')
    expect(t.sqlite.prepare('SELECT kind, recipient FROM mail_queue ORDER BY id').all()).toEqual([
      { kind: 'password-reset', recipient: 'someone@example.com' },
      { kind: 'invitation', recipient: 'new@example.com' },
    ])
  })
})

describe('a failed attempt', () => {
  it('is recorded on one line, at most 500 characters, and logged with when it is tried again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.answer = () => {
      throw new Error(`  421 Service\n\tnot available ${'x'.repeat(600)}`)
    }
    await queueMail(message('a@example.com'))
    expect(await processMailQueue({ now: NOW })).toEqual({ sent: 0, retried: 1, failed: 0, dropped: 0 })
    const recorded = `421 Service not available ${'x'.repeat(600)}`.slice(0, 500)
    expect(row()).toMatchObject({ status: 'queued', attempts: 1, last_error: recorded })
    const next = new Date(NOW.getTime() + 30_000).toISOString()
    expect(row().next_attempt_at).toBe(next)
    expect(error).toHaveBeenCalledWith(
      `Mail #1 to a@example.com: attempt 1 of 8 failed (${recorded}); trying again at ${next}`,
    )
  })

  it('without words is recorded as an unknown error; the eighth is the last', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.answer = () => {
      throw new Error('   ')
    }
    await queueMail(message('b@example.com'))
    t.sqlite.prepare('UPDATE mail_queue SET attempts = 7').run()
    expect(await processMailQueue({ now: NOW })).toMatchObject({ failed: 1 })
    expect(row()).toMatchObject({ status: 'failed', attempts: 8, last_error: 'Unknown error' })
    expect(error).toHaveBeenCalledWith('Mail #1 to b@example.com failed 8 times; giving up: Unknown error')
  })
})

describe('one run', () => {
  it('sends at most 50 messages; the rest wait for the next', async () => {
    for (let i = 0; i < 51; i++) await queueMail(message(`person${i}@example.com`))
    expect(await processMailQueue({ now: NOW })).toMatchObject({ sent: 50 })
    expect(await processMailQueue({ now: NOW })).toMatchObject({ sent: 1 })
  })

  it('holds a message for two minutes while sending it, so another sender leaves it alone', async () => {
    await queueMail(message('c@example.com'))
    let seen: string | undefined
    server.answer = () => {
      seen = row().next_attempt_at
    }
    await processMailQueue({ now: NOW })
    expect(seen).toBe(new Date(NOW.getTime() + 2 * 60_000).toISOString())
  })
})

describe('the sender of the server process', () => {
  it('sends what is queued at once, again when more is queued while it sends, and stops when told', async () => {
    let release: () => void = () => {}
    server.answer = (to) => {
      if (to === 'first@example.com') return new Promise<void>((resolve) => (release = resolve))
    }
    startMailQueue()
    startMailQueue()
    await queueMail(message('first@example.com'))
    await vi.waitFor(() => expect(row()?.attempts).toBe(1))
    // Queued while the first is being sent: sent right after it, not at the next poll.
    await queueMail(message('second@example.com'))
    release()
    await vi.waitFor(() => expect(server.sent).toEqual(['first@example.com', 'second@example.com']), { timeout: 3_000 })
    await stopMailQueue()
    await queueMail(message('third@example.com'))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(server.sent).toEqual(['first@example.com', 'second@example.com'])
  })

  it('says once that the database cannot be used, and again when the cause changes', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await queueMail(message('d@example.com'))
    t.sqlite.pragma('query_only = ON')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startMailQueue()
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(5_000)
    await vi.advanceTimersByTimeAsync(5_000)
    const logged = error.mock.calls.filter(([text]) => text === 'The mail queue could not run:')
    expect(logged).toHaveLength(1)
    t.sqlite.pragma('query_only = OFF')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(server.sent).toEqual(['d@example.com'])
  })

  it('forgets old sent mail at its first run, then once an hour', async () => {
    const T = new Date(Date.now() + 24 * 60 * 60_000)
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: T })
    const oldSent = (to: string) => {
      t.sqlite
        .prepare(
          `INSERT INTO mail_queue (kind, recipient, subject, body, status, updated_at) VALUES ('message', ?, 's', 'b', 'sent', ?)`,
        )
        .run(to, new Date(T.getTime() - 8 * 24 * 60 * 60_000).toISOString())
    }
    const recipients = () => t.sqlite.prepare('SELECT recipient FROM mail_queue ORDER BY id').pluck().all()
    oldSent('old@example.com')
    startMailQueue()
    await vi.advanceTimersByTimeAsync(0)
    expect(recipients()).toEqual([])
    oldSent('older@example.com')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(recipients()).toEqual(['older@example.com'])
    vi.setSystemTime(new Date(T.getTime() + 61 * 60_000))
    await vi.advanceTimersByTimeAsync(5_000)
    expect(recipients()).toEqual([])
  })
})
