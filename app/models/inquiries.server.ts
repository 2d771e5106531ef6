import { sql } from 'kysely'

import { db } from '~/db/db.server'
import type { ContactInquiry, InquiryStatus } from '~/db/types'
import { containsPattern } from '~/lib/like'
import { recordActivity } from '~/models/activity.server'
import { CONTACT_TOPICS, type ContactTopic } from '~/schemas/contact-fields'

/** An inquiry's topic is one of the contact form's four. */
export const INQUIRY_TOPICS = CONTACT_TOPICS
export type InquiryTopic = ContactTopic

export interface NewInquiry {
  name: string
  email: string
  phone: string
  topic: InquiryTopic
  message: string
}

/** Saves an inquiry (status new) and returns it; callers report success only after this. */
export async function createInquiry(values: NewInquiry): Promise<ContactInquiry> {
  return db().insertInto('contact_inquiries').values(values).returningAll().executeTakeFirstOrThrow()
}

/** How long a second, identical message from the same sender is taken as the same message sent twice. */
export const REPEAT_WINDOW_MS = 60_000

/** The same message from the same sender saved within the last minute, if any (read only). */
export async function findRecentRepeat(
  values: NewInquiry,
  now: Date = new Date(),
  executor: Pick<ReturnType<typeof db>, 'selectFrom'> = db(),
): Promise<ContactInquiry | undefined> {
  const since = new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString()
  return executor
    .selectFrom('contact_inquiries')
    .selectAll()
    .where('created_at', '>=', since)
    .where(sql<boolean>`email = ${values.email} COLLATE NOCASE`)
    .where('name', '=', values.name)
    .where('phone', '=', values.phone)
    .where('topic', '=', values.topic)
    .where('message', '=', values.message)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/**
 * Takes in a message from the contact form. The same message sent again from
 * the same email address within a minute (a double click, a resend because
 * the first answer was slow) is not saved a second time: the first one is
 * returned with `repeat: true`, and the caller tells nobody twice. The look-up
 * and the insert run in one transaction, so two identical posts arriving
 * together still leave one inquiry.
 */
export async function receiveInquiry(
  values: NewInquiry,
  now: Date = new Date(),
): Promise<{ inquiry: ContactInquiry; repeat: boolean }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const earlier = await findRecentRepeat(values, now, trx)
      if (earlier) return { inquiry: earlier, repeat: true }
      const inquiry = await trx
        .insertInto('contact_inquiries')
        .values({ ...values, created_at: now.toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow()
      return { inquiry, repeat: false }
    })
}

export interface InquiryQuery {
  q?: string
  status?: InquiryStatus | 'all'
  /** only inquiries with this topic (applications = 'career') */
  topic?: InquiryTopic
}

/** How many inquiries one page of the admin list shows. */
export const INQUIRY_PAGE_SIZE = 50

/**
 * The inquiries a search matches: name, email, topic (its value or the label
 * staff see) or the words of the message; optional status and topic.
 */
function matching(options: InquiryQuery) {
  let query = db().selectFrom('contact_inquiries')
  if (options.topic) query = query.where('topic', '=', options.topic)
  if (options.status && options.status !== 'all') query = query.where('status', '=', options.status)
  const q = options.q?.trim()
  if (q) {
    const pattern = containsPattern(q)
    const labelled = INQUIRY_TOPICS.filter((t) => t.label.toLowerCase().includes(q.toLowerCase())).map((t) => t.value)
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`name LIKE ${pattern} ESCAPE '\\'`,
        sql<boolean>`email LIKE ${pattern} ESCAPE '\\'`,
        sql<boolean>`topic LIKE ${pattern} ESCAPE '\\'`,
        sql<boolean>`message LIKE ${pattern} ESCAPE '\\'`,
        ...(labelled.length ? [eb('topic', 'in', labelled)] : []),
      ]),
    )
  }
  return query
}

/** One page of the admin list, newest first: the first page unless `page` (from 1) says otherwise. */
export async function listInquiries(options: InquiryQuery & { page?: number } = {}): Promise<ContactInquiry[]> {
  return matching(options)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(INQUIRY_PAGE_SIZE)
    .offset(((options.page ?? 1) - 1) * INQUIRY_PAGE_SIZE)
    .execute()
}

/** How many inquiries the search matches in all. */
export async function countInquiries(options: InquiryQuery = {}): Promise<number> {
  const { count } = await matching(options)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(count)
}

/**
 * Every inquiry the search matches, newest first, `size` at a time: each batch
 * is a short query of its own that starts after the last row of the one
 * before, so a download of years of messages holds one batch in memory and no
 * read open while the file travels.
 */
export async function* inquiryBatches(options: InquiryQuery = {}, size = 500): AsyncGenerator<ContactInquiry[]> {
  let after: { created_at: string; id: number } | undefined
  for (;;) {
    let query = matching(options).selectAll()
    if (after) query = query.where(sql<boolean>`(created_at, id) < (${after.created_at}, ${after.id})`)
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).execute()
    if (rows.length > 0) yield rows
    if (rows.length < size) return
    after = rows[rows.length - 1]
  }
}

export async function countInquiriesByStatus(topic?: InquiryTopic): Promise<Record<InquiryStatus, number>> {
  let query = db()
    .selectFrom('contact_inquiries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
  if (topic) query = query.where('topic', '=', topic)
  const rows = await query.groupBy('status').execute()
  const counts: Record<InquiryStatus, number> = { new: 0, 'in-progress': 0, closed: 0 }
  for (const row of rows) counts[row.status] = Number(row.count)
  return counts
}

/** How the log names an inquiry: an application when its topic is career. */
function logLabel(inquiry: { topic: string; name: string }): string {
  return `${inquiry.topic === 'career' ? 'Application' : 'Inquiry'} from ${inquiry.name}`
}

/** Changes an inquiry's status; a real change is logged, before and after, in the same transaction. */
export async function updateInquiryStatus(id: number, status: InquiryStatus): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('contact_inquiries')
        .select(['status', 'name', 'topic'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!before) return false
      if (before.status === status) return true
      await trx.updateTable('contact_inquiries').set({ status }).where('id', '=', id).execute()
      await recordActivity(trx, {
        kind: 'inquiry',
        action: 'status changed',
        subject_id: id,
        subject_label: logLabel(before),
        changes: [{ field: 'status', label: 'Status', format: 'status', before: before.status, after: status }],
      })
      return true
    })
}

/**
 * Ids per statement when many inquiries are marked at once: far below
 * SQLite's limit on a statement's parameters, which "select all" on years of
 * inquiries would otherwise pass.
 */
const IDS_PER_STATEMENT = 500

/**
 * Sets the status of several inquiries at once (only those with `topic`, when
 * given), however many are ticked: one transaction, one log entry per inquiry
 * whose status changed. Returns how many exist among the ids (changed or
 * already so).
 */
export async function updateInquiryStatuses(
  ids: readonly number[],
  status: InquiryStatus,
  topic?: InquiryTopic,
): Promise<number> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return 0
  return db()
    .transaction()
    .execute(async (trx) => {
      let found = 0
      for (let start = 0; start < unique.length; start += IDS_PER_STATEMENT) {
        const batch = unique.slice(start, start + IDS_PER_STATEMENT)
        let query = trx
          .selectFrom('contact_inquiries')
          .select(['id', 'status', 'name', 'topic'])
          .where('id', 'in', batch)
        if (topic) query = query.where('topic', '=', topic)
        const rows = await query.execute()
        found += rows.length
        const changing = rows.filter((inquiry) => inquiry.status !== status)
        if (changing.length === 0) continue
        await trx
          .updateTable('contact_inquiries')
          .set({ status })
          .where(
            'id',
            'in',
            changing.map((inquiry) => inquiry.id),
          )
          .execute()
        for (const inquiry of changing) {
          await recordActivity(trx, {
            kind: 'inquiry',
            action: 'status changed',
            subject_id: inquiry.id,
            subject_label: logLabel(inquiry),
            changes: [{ field: 'status', label: 'Status', format: 'status', before: inquiry.status, after: status }],
          })
        }
      }
      return found
    })
}

export const STAFF_NOTE_MAX = 2000

/**
 * Saves the staff's internal note on an inquiry (only one with `topic`, when
 * given); the change is logged, before and after. False when there is no such
 * inquiry.
 */
export async function saveInquiryNote(id: number, note: string, topic?: InquiryTopic): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      let query = trx.selectFrom('contact_inquiries').select(['staff_note', 'name', 'topic']).where('id', '=', id)
      if (topic) query = query.where('topic', '=', topic)
      const before = await query.executeTakeFirst()
      if (!before) return false
      if (before.staff_note === note) return true
      await trx.updateTable('contact_inquiries').set({ staff_note: note }).where('id', '=', id).execute()
      await recordActivity(trx, {
        kind: 'inquiry',
        action: 'note changed',
        subject_id: id,
        subject_label: logLabel(before),
        changes: [{ field: 'staff_note', label: 'Staff note', format: 'text', before: before.staff_note, after: note }],
      })
      return true
    })
}
