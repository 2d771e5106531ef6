import { db } from '~/db/db.server'
import type { MailKind, QueuedMail } from '~/db/types'

/**
 * The outgoing mail queue. Rows are written by requests and sent by the
 * server process (app/models/mail-delivery.server.ts); this module only reads and
 * writes them.
 */
export interface NewMail {
  kind: MailKind
  recipient: string
  subject?: string
  body?: string
  reply_to?: string | null
}

export async function insertMail(mail: NewMail): Promise<number> {
  const row = await db()
    .insertInto('mail_queue')
    .values({
      kind: mail.kind,
      recipient: mail.recipient,
      subject: mail.subject ?? '',
      body: mail.body ?? '',
      reply_to: mail.reply_to ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The queued message that has waited longest among those due at `now`. */
export async function nextDueMail(now: Date): Promise<QueuedMail | undefined> {
  return db()
    .selectFrom('mail_queue')
    .selectAll()
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Takes a due row for one attempt: counts the attempt and moves its next
 * attempt to `leaseUntil`, so that if the process dies while sending, the row
 * is tried again then. False when another sender took it first.
 */
export async function claimMail(row: QueuedMail, now: Date, leaseUntil: Date): Promise<boolean> {
  const result = await db()
    .updateTable('mail_queue')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: leaseUntil.toISOString(),
      updated_at: now.toISOString(),
    }))
    .where('id', '=', row.id)
    .where('status', '=', 'queued')
    .where('next_attempt_at', '=', row.next_attempt_at)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function markMailSent(id: number, now: Date): Promise<void> {
  const stamp = now.toISOString()
  await db()
    .updateTable('mail_queue')
    .set({ status: 'sent', sent_at: stamp, updated_at: stamp })
    .where('id', '=', id)
    .execute()
}

export async function markMailRetry(id: number, error: string, nextAttempt: Date, now: Date): Promise<void> {
  await db()
    .updateTable('mail_queue')
    .set({ last_error: error, next_attempt_at: nextAttempt.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute()
}

export async function markMailFailed(id: number, error: string, now: Date): Promise<void> {
  await db()
    .updateTable('mail_queue')
    .set({ status: 'failed', last_error: error, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute()
}

/** A row with nothing to send (a reset request for an address without an account). */
export async function deleteMail(id: number): Promise<void> {
  await db().deleteFrom('mail_queue').where('id', '=', id).execute()
}

export type UnsentMail = Pick<
  QueuedMail,
  'id' | 'kind' | 'recipient' | 'subject' | 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'created_at'
>

export interface MailQueueOverview {
  queued: number
  failed: number
  /** the latest queued and failed messages, newest first */
  unsent: UnsentMail[]
}

/** What the dashboard shows: how much mail waits or failed, and the latest of it. */
export async function mailQueueOverview(limit = 10): Promise<MailQueueOverview> {
  const counts = await db()
    .selectFrom('mail_queue')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['queued', 'failed'])
    .groupBy('status')
    .execute()
  const unsent = await db()
    .selectFrom('mail_queue')
    .select(['id', 'kind', 'recipient', 'subject', 'status', 'attempts', 'next_attempt_at', 'last_error', 'created_at'])
    .where('status', 'in', ['queued', 'failed'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  const count = (status: string) => Number(counts.find((row) => row.status === status)?.n ?? 0)
  return { queued: count('queued'), failed: count('failed'), unsent }
}

/** Forgets sent mail after `sentDays` days and failed mail after `failedDays`. */
export async function pruneMail(now: Date, sentDays: number, failedDays: number): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString()
  const sent = await db()
    .deleteFrom('mail_queue')
    .where('status', '=', 'sent')
    .where('updated_at', '<', before(sentDays))
    .executeTakeFirst()
  const failed = await db()
    .deleteFrom('mail_queue')
    .where('status', '=', 'failed')
    .where('updated_at', '<', before(failedDays))
    .executeTakeFirst()
  return Number(sent.numDeletedRows) + Number(failed.numDeletedRows)
}
