import { invitationMail } from '~/auth/invitation-mail.server'
import { passwordResetMail } from '~/auth/password-reset.server'
import type { QueuedMail } from '~/db/types'
import { type MailMessage, sendMail } from '~/models/mail.server'
import {
  claimMail,
  deleteMail,
  insertMail,
  markMailFailed,
  markMailRetry,
  markMailSent,
  nextDueMail,
  pruneMail,
} from '~/models/mail-queue.server'

/**
 * Outgoing mail goes through a queue in the database: a request only adds a
 * row (it never waits for, or fails with, the mail server), and the server
 * process sends the rows, retrying a failed attempt after 30 seconds, then 1,
 * 2, 4 … minutes (at most an hour apart). After 8 attempts the message is
 * marked failed; staff see queued and failed mail on the dashboard.
 */
export const MAX_ATTEMPTS = 8
const FIRST_RETRY_MS = 30_000
const MAX_RETRY_MS = 60 * 60_000
/** How long one attempt may hold a row; a sender that died is replaced after it. */
const LEASE_MS = 2 * 60_000
/** How often the sender looks for due rows when nothing wakes it. */
const POLL_MS = 5_000
/** A run sends at most this many messages before yielding to the next tick. */
const BATCH = 50
const KEEP_SENT_DAYS = 7
const KEEP_FAILED_DAYS = 30
const PRUNE_EVERY_MS = 60 * 60_000

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min … at most 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1))
}

/** Queues an email; it is sent shortly by the server process. */
export async function queueMail(message: MailMessage): Promise<number> {
  const id = await insertMail({
    kind: 'message',
    recipient: message.to,
    subject: message.subject,
    body: message.text,
    reply_to: message.replyTo ?? null,
  })
  wake()
  return id
}

/**
 * Queues a password reset for an address, whether or not it has an account:
 * the request does the same work either way, and the sender finds out.
 */
export async function queuePasswordResetMail(email: string): Promise<number> {
  const id = await insertMail({ kind: 'password-reset', recipient: email.trim() })
  wake()
  return id
}

/**
 * Queues a staff invitation for an address. Like a reset link, the email and
 * its link are written when it is sent, so no usable link waits in the queue.
 */
export async function queueInvitationMail(email: string): Promise<number> {
  const id = await insertMail({ kind: 'invitation', recipient: email.trim() })
  wake()
  return id
}

export interface MailRun {
  sent: number
  retried: number
  failed: number
  /** reset requests for addresses without an account, revoked invitations: nothing to send */
  dropped: number
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'Unknown error'
}

async function messageFor(row: QueuedMail, now: Date): Promise<MailMessage | null> {
  if (row.kind === 'password-reset') return passwordResetMail(row.recipient, now)
  if (row.kind === 'invitation') return invitationMail(row.recipient, now)
  return { to: row.recipient, subject: row.subject, text: row.body, replyTo: row.reply_to ?? undefined }
}

/**
 * Sends every queued message that is due (up to a batch). `now` fixes the
 * clock (tests); without it each step reads the time.
 */
export async function processMailQueue(options: { now?: Date } = {}): Promise<MailRun> {
  const clock = () => options.now ?? new Date()
  const run: MailRun = { sent: 0, retried: 0, failed: 0, dropped: 0 }
  for (let i = 0; i < BATCH; i++) {
    const row = await nextDueMail(clock())
    if (!row) break
    const start = clock()
    if (!(await claimMail(row, start, new Date(start.getTime() + LEASE_MS)))) continue
    const attempt = row.attempts + 1
    let error: unknown
    try {
      const message = await messageFor(row, start)
      if (!message) {
        await deleteMail(row.id)
        run.dropped++
        continue
      }
      await sendMail(message)
    } catch (caught) {
      error = caught ?? new Error('Unknown error')
    }
    const end = clock()
    if (error === undefined) {
      await markMailSent(row.id, end)
      run.sent++
    } else if (attempt >= MAX_ATTEMPTS) {
      await markMailFailed(row.id, describe(error), end)
      run.failed++
      console.error(`Mail #${row.id} to ${row.recipient} failed ${attempt} times; giving up: ${describe(error)}`)
    } else {
      const next = new Date(end.getTime() + retryDelayMs(attempt))
      await markMailRetry(row.id, describe(error), next, end)
      run.retried++
      console.error(
        `Mail #${row.id} to ${row.recipient}: attempt ${attempt} of ${MAX_ATTEMPTS} failed (${describe(error)}); trying again at ${next.toISOString()}`,
      )
    }
  }
  return run
}

// The sender loop of the server process.
let started = false
let timer: NodeJS.Timeout | undefined
let running: Promise<void> | undefined
let runAgain = false
let lastLoggedError = ''
let lastPrune = 0

function schedule(ms: number) {
  clearTimeout(timer)
  timer = setTimeout(tick, ms)
  timer.unref()
}

async function tick() {
  if (running) {
    runAgain = true
    return
  }
  runAgain = false
  running = (async () => {
    try {
      await processMailQueue()
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now()
        await pruneMail(new Date(), KEEP_SENT_DAYS, KEEP_FAILED_DAYS)
      }
      lastLoggedError = ''
    } catch (error) {
      // The database could not be read or written (e.g. read-only): say so once, keep trying.
      if (describe(error) !== lastLoggedError) console.error('The mail queue could not run:', error)
      lastLoggedError = describe(error)
    }
  })()
  await running
  running = undefined
  if (started) schedule(runAgain ? 0 : POLL_MS)
}

/** A row was just queued: send it now rather than at the next poll. */
function wake() {
  if (!started) return
  if (running) runAgain = true
  else schedule(0)
}

/** Starts sending queued mail in this process (once). */
export function startMailQueue(): void {
  if (started) return
  started = true
  schedule(0)
}

/** Stops the sender; resolves when a message being sent has been recorded. */
export async function stopMailQueue(): Promise<void> {
  started = false
  clearTimeout(timer)
  await running
}
