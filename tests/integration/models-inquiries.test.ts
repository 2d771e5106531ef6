import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'

import { db } from '~/db/db.server'
import {
  countInquiriesByStatus,
  createInquiry,
  INQUIRY_TOPICS,
  listInquiries,
  type NewInquiry,
  saveInquiryNote,
  updateInquiryStatus,
  updateInquiryStatuses,
} from '~/models/inquiries.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

const base: NewInquiry = {
  name: 'Jordan Patient',
  email: 'jordan@example.com',
  phone: '',
  topic: 'general',
  message: 'Do you carry low-dose tinctures for new patients?',
}

async function inquiry(
  values: Partial<NewInquiry> & { created_at?: string; status?: 'new' | 'in-progress' | 'closed' } = {},
) {
  const { created_at, status, ...rest } = values
  const row = await createInquiry({ ...base, ...rest })
  if (created_at || status) {
    await db()
      .updateTable('contact_inquiries')
      .set({ ...(created_at ? { created_at } : {}), ...(status ? { status } : {}) })
      .where('id', '=', row.id)
      .execute()
  }
  return row
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name)

describe('inquiries model', () => {
  it('lists the four topics of the contact form', () => {
    expect(INQUIRY_TOPICS.map((t) => t.value)).toEqual(['product-suggestion', 'career', 'review', 'general'])
  })

  it('saves an inquiry as new and returns the stored row', async () => {
    const row = await createInquiry({ ...base, phone: '(405) 555-0100' })
    expect(row).toMatchObject({ ...base, phone: '(405) 555-0100', status: 'new' })
    expect(row.id).toBeGreaterThan(0)
    expect(new Date(row.created_at).toISOString()).toBe(row.created_at)
    expect(await listInquiries()).toEqual([row])
  })

  it('refuses a topic or a message the table does not allow', async () => {
    await expect(createInquiry({ ...base, topic: 'sales' as never })).rejects.toThrow(/CHECK/)
    await expect(createInquiry({ ...base, message: 'short' })).rejects.toThrow(/CHECK/)
  })

  describe('listInquiries', () => {
    beforeEach(async () => {
      await inquiry({
        name: 'Avery Oldest',
        email: 'avery@example.com',
        topic: 'review',
        created_at: '2026-01-01T10:00:00.000Z',
      })
      await inquiry({
        name: 'Blake Career',
        email: 'blake@okmail.net',
        topic: 'career',
        status: 'in-progress',
        created_at: '2026-02-01T10:00:00.000Z',
      })
      await inquiry({
        name: 'Casey Newest',
        email: 'casey@example.com',
        topic: 'product-suggestion',
        status: 'closed',
        created_at: '2026-03-01T10:00:00.000Z',
      })
      await inquiry({
        name: 'Drew Career',
        email: 'drew@example.com',
        topic: 'career',
        status: 'closed',
        created_at: '2026-02-15T10:00:00.000Z',
      })
    })

    it('lists every inquiry, newest first', async () => {
      expect(names(await listInquiries())).toEqual(['Casey Newest', 'Drew Career', 'Blake Career', 'Avery Oldest'])
      expect(names(await listInquiries({ status: 'all' }))).toHaveLength(4)
    })

    it('searches name, email and topic, ignoring case and surrounding spaces', async () => {
      expect(names(await listInquiries({ q: 'avery' }))).toEqual(['Avery Oldest'])
      expect(names(await listInquiries({ q: ' OKMAIL ' }))).toEqual(['Blake Career'])
      expect(names(await listInquiries({ q: 'career' }))).toEqual(['Drew Career', 'Blake Career'])
      expect(names(await listInquiries({ q: 'product-sugg' }))).toEqual(['Casey Newest'])
      expect(await listInquiries({ q: 'nobody' })).toEqual([])
    })

    it('finds a topic by the label staff see as well as by its value', async () => {
      expect(names(await listInquiries({ q: 'Product Suggestion' }))).toEqual(['Casey Newest'])
      expect(names(await listInquiries({ q: 'career opportunity' }))).toEqual(['Drew Career', 'Blake Career'])
      expect(names(await listInquiries({ q: 'Review Feedback' }))).toEqual(['Avery Oldest'])
      expect(names(await listInquiries({ q: 'Review Feedback', status: 'closed' }))).toEqual([])
    })

    it('filters by status', async () => {
      expect(names(await listInquiries({ status: 'new' }))).toEqual(['Avery Oldest'])
      expect(names(await listInquiries({ status: 'in-progress' }))).toEqual(['Blake Career'])
      expect(names(await listInquiries({ status: 'closed' }))).toEqual(['Casey Newest', 'Drew Career'])
    })

    it('filters by topic (the applications list)', async () => {
      expect(names(await listInquiries({ topic: 'career' }))).toEqual(['Drew Career', 'Blake Career'])
      expect(names(await listInquiries({ topic: 'career', status: 'closed' }))).toEqual(['Drew Career'])
      expect(names(await listInquiries({ topic: 'career', q: 'blake' }))).toEqual(['Blake Career'])
      expect(names(await listInquiries({ topic: 'career', q: 'avery' }))).toEqual([])
      expect(await listInquiries({ topic: 'general' })).toEqual([])
    })

    it('combines search and status', async () => {
      expect(names(await listInquiries({ q: 'example.com', status: 'closed' }))).toEqual([
        'Casey Newest',
        'Drew Career',
      ])
    })
  })

  it('treats LIKE wildcards and backslashes in the search literally', async () => {
    await inquiry({ name: '100% Sure', email: 'sure@example.com' })
    await inquiry({ name: '1000 Pounds', email: 'pounds@example.com' })
    await inquiry({ name: 'Under Score', email: 'a_b@example.com' })
    await inquiry({ name: 'Plain Letters', email: 'axb@example.com' })
    await inquiry({ name: 'Back\\Slash', email: 'slash@example.com' })
    expect(names(await listInquiries({ q: '100%' }))).toEqual(['100% Sure'])
    expect(names(await listInquiries({ q: '%' }))).toEqual(['100% Sure'])
    expect(names(await listInquiries({ q: 'a_b' }))).toEqual(['Under Score'])
    expect(names(await listInquiries({ q: '_' }))).toEqual(['Under Score'])
    expect(names(await listInquiries({ q: 'k\\s' }))).toEqual(['Back\\Slash'])
    expect(names(await listInquiries({ q: '\\' }))).toEqual(['Back\\Slash'])
  })

  it('counts by status, overall and for one topic', async () => {
    expect(await countInquiriesByStatus()).toEqual({ new: 0, 'in-progress': 0, closed: 0 })
    await inquiry({ topic: 'career' })
    await inquiry({ topic: 'career', status: 'closed' })
    await inquiry({ topic: 'general', status: 'closed' })
    await inquiry({ topic: 'review', status: 'in-progress' })
    expect(await countInquiriesByStatus()).toEqual({ new: 1, 'in-progress': 1, closed: 2 })
    expect(await countInquiriesByStatus('career')).toEqual({ new: 1, 'in-progress': 0, closed: 1 })
    expect(await countInquiriesByStatus('product-suggestion')).toEqual({ new: 0, 'in-progress': 0, closed: 0 })
  })

  it('changes the status to any allowed value and says whether the inquiry existed', async () => {
    const { id } = await inquiry()
    for (const status of ['closed', 'in-progress', 'new', 'closed'] as const) {
      expect(await updateInquiryStatus(id, status)).toBe(true)
      expect((await listInquiries())[0]?.status).toBe(status)
    }
    expect(await updateInquiryStatus(id + 100, 'closed')).toBe(false)
    await expect(updateInquiryStatus(id, 'archived' as never)).rejects.toThrow(/CHECK/)
  })
})

describe('inquiries for daily use', () => {
  it('a search finds a word of the message, in any case', async () => {
    const gummies = await inquiry({ name: 'Sam', message: 'Do you still have the watermelon Gummies?' })
    await inquiry({ name: 'Lee', message: 'What time do you open on Sunday?' })
    expect((await listInquiries({ q: 'gummies' })).map((i) => i.id)).toEqual([gummies.id])
  })

  it('marks several at once, logging each one that changed and none that already was', async () => {
    const a = await inquiry({ name: 'Ann' })
    const b = await inquiry({ name: 'Bea', status: 'closed' })
    const c = await inquiry({ name: 'Cal', topic: 'career' })
    expect(await updateInquiryStatuses([a.id, b.id, c.id, a.id], 'closed')).toBe(3)
    const rows = await db().selectFrom('contact_inquiries').select(['id', 'status']).orderBy('id').execute()
    expect(rows.map((r) => r.status)).toEqual(['closed', 'closed', 'closed'])
    const log = await db().selectFrom('activity_log').select(['subject_id', 'subject_label']).orderBy('id').execute()
    expect(log).toEqual([
      { subject_id: a.id, subject_label: 'Inquiry from Ann' },
      { subject_id: c.id, subject_label: 'Application from Cal' },
    ])
  })

  it('the owner ticks every inquiry of several busy years and closes the last open ones at once', async () => {
    // More than SQLite takes as one statement's parameters (32,766), all answered long ago…
    const count = 33_000
    await db()
      .insertInto('contact_inquiries')
      .columns(['name', 'email', 'phone', 'topic', 'message', 'status'])
      .expression((eb) =>
        eb
          .selectFrom(
            sql<{
              n: number
            }>`(WITH RECURSIVE n(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM n WHERE n < ${count}) SELECT n FROM n)`.as(
              'n',
            ),
          )
          .select([
            sql<string>`'Patient ' || n`.as('name'),
            sql<string>`'patient' || n || '@example.com'`.as('email'),
            sql<string>`''`.as('phone'),
            sql<string>`'general'`.as('topic'),
            sql<string>`'A question about hours.'`.as('message'),
            sql<string>`'closed'`.as('status'),
          ]),
      )
      .execute()
    // …and this week's three still open.
    for (const name of ['Ann', 'Bea', 'Cal']) await inquiry({ name })
    const ids = (await db().selectFrom('contact_inquiries').select('id').execute()).map((row) => row.id)
    expect(await updateInquiryStatuses(ids, 'closed')).toBe(count + 3)
    const open = await db()
      .selectFrom('contact_inquiries')
      .where('status', '!=', 'closed')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(open.n)).toBe(0)
    const logged = await db().selectFrom('activity_log').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()
    expect(Number(logged.n)).toBe(3)
  })

  it('on the applications list changes only applications', async () => {
    const general = await inquiry({ name: 'Gen' })
    const career = await inquiry({ name: 'Car', topic: 'career' })
    expect(await updateInquiryStatuses([general.id, career.id], 'in-progress', 'career')).toBe(1)
    const statuses = await db().selectFrom('contact_inquiries').select('status').orderBy('id').execute()
    expect(statuses.map((r) => r.status)).toEqual(['new', 'in-progress'])
    expect(await updateInquiryStatuses([], 'closed')).toBe(0)
  })

  it('keeps a staff note, logs what it was and became, and writes nothing for the same note', async () => {
    const one = await inquiry({ name: 'Noted' })
    expect(await saveInquiryNote(one.id, 'Called back; wants the 1:1 tincture.')).toBe(true)
    expect(await saveInquiryNote(one.id, 'Called back; wants the 1:1 tincture.')).toBe(true)
    expect(await saveInquiryNote(one.id + 100, 'Nobody')).toBe(false)
    // An inquiry is not an application.
    expect(await saveInquiryNote(one.id, 'x', 'career')).toBe(false)
    const row = await db()
      .selectFrom('contact_inquiries')
      .select('staff_note')
      .where('id', '=', one.id)
      .executeTakeFirst()
    expect(row?.staff_note).toBe('Called back; wants the 1:1 tincture.')
    const log = await db().selectFrom('activity_log').select(['action', 'changes']).execute()
    expect(log).toHaveLength(1)
    expect(log[0]!.action).toBe('note changed')
    expect(JSON.parse(log[0]!.changes!)).toEqual([
      {
        field: 'staff_note',
        label: 'Staff note',
        format: 'text',
        before: '',
        after: 'Called back; wants the 1:1 tincture.',
      },
    ])
  })
})
