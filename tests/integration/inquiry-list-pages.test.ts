import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

import { beforeEach, describe, expect, it } from 'vitest'

import { startSession } from '~/auth/session.server'
import { INQUIRY_PAGE_SIZE } from '~/models/inquiries.server'
import { loader as applicationsLoader } from '~/routes/admin.applications'
import { action as inquiriesAction, loader as inquiriesLoader } from '~/routes/admin.inquiries'
import { loader as exportLoader } from '~/routes/admin.inquiries.export'

import {
  cookiePair,
  getFrom,
  getRequest,
  insertUser,
  postTo,
  routeArgs,
  type TestDb,
  useAuthTest,
} from './auth-support'

const t = useAuthTest()
let cookie: string
beforeEach(async () => {
  cookie = cookiePair(await startSession(insertUser(t, 'owner@example.com', 'owner-password', true)))
})

/**
 * `count` messages, one a minute from 2026-01-01 on, the newest last: "Patient 1"
 * is the oldest. Every seventh is a job application; `message` is each one's text.
 */
function receive(db: TestDb, count: number, message = (n: number) => `Message number ${n} about the store.`) {
  const insert = db.sqlite.prepare(
    `INSERT INTO contact_inquiries (name, email, topic, message, created_at) VALUES (?, ?, ?, ?, ?)`,
  )
  db.sqlite.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const at = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString()
      insert.run(`Patient ${n}`, `patient${n}@example.com`, n % 7 === 0 ? 'career' : 'general', message(n), at)
    }
  })()
}

const names = (rows: { name: string }[]) => rows.map((row) => row.name)
const open = (path: string) => getFrom(inquiriesLoader, path, { Cookie: cookie })

describe('a busy inbox', () => {
  it('after a year of messages, the list shows the newest 50 and staff page back through the rest', async () => {
    receive(t, 120)
    const first = await open('/admin/inquiries')
    expect(first.data).toMatchObject({ total: 120, page: 1, pageCount: 3 })
    expect(first.data.inquiries).toHaveLength(INQUIRY_PAGE_SIZE)
    expect(names(first.data.inquiries).slice(0, 2)).toEqual(['Patient 120', 'Patient 119'])

    const last = await open('/admin/inquiries?page=3')
    expect(names(last.data.inquiries)).toEqual(Array.from({ length: 20 }, (_, i) => `Patient ${20 - i}`))
    // A page past the end, or no page at all, shows what there is.
    expect((await open('/admin/inquiries?page=9')).data).toMatchObject({ page: 3, pageCount: 3 })
    expect((await open('/admin/inquiries?page=-1')).data.page).toBe(1)
    expect((await open('/admin/inquiries?page=abc')).data.page).toBe(1)

    // A search pages its own matches; job applications page by themselves.
    expect((await open('/admin/inquiries?q=Patient%2011')).data).toMatchObject({ total: 11, pageCount: 1 })
    const applications = await getFrom(applicationsLoader, '/admin/applications', { Cookie: cookie })
    expect(applications.data).toMatchObject({ total: 17, pageCount: 1 })
  })

  it('closing a message on page 2 brings staff back to page 2 of the same search', async () => {
    receive(t, 120)
    const onPageTwo = (await open('/admin/inquiries?page=2&status=new')).data.inquiries[0]
    const closed = await postTo(
      inquiriesAction,
      '/admin/inquiries',
      { id: String(onPageTwo.id), status: 'closed', q: '', filter: 'new', page: '2' },
      { Cookie: cookie },
    )
    expect(closed.status).toBe(302)
    expect(closed.location).toBe('/admin/inquiries?status=new&page=2')
    const ticked = await postTo(
      inquiriesAction,
      '/admin/inquiries',
      {
        intent: 'bulk-status',
        ids: String(onPageTwo.id - 1),
        status: 'in-progress',
        q: 'Patient',
        filter: 'all',
        page: '3',
      },
      { Cookie: cookie },
    )
    expect(ticked.location).toBe('/admin/inquiries?q=Patient&page=3')
  })

  it('the download holds every message the search matches, while the server holds only a few at a time', async () => {
    // A flood of long messages: 5,000 of nearly 5,000 characters, about 25 MB of CSV.
    receive(t, 5000, (n) => `Message ${n}: ${'flooding the inbox '.repeat(260)}`)
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    gc()
    const before = process.memoryUsage().heapUsed
    let grew = 0

    const response = (await exportLoader(
      routeArgs(getRequest('/admin/inquiries/export', { Cookie: cookie })),
    )) as Response
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const reader = response.body!.getReader()
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
    // Only the start, the patients' numbers and the oldest record are kept here, each as a string of
    // its own (a slice would keep its whole piece alive): keeping the file would measure this test.
    const copy = (text: string) => Buffer.from(text).toString()
    let start = ''
    let oldest = ''
    let bytes = 0
    const numbers: number[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      // Each piece ends with a whole record (no message here has a line break).
      const text = decoder.decode(value, { stream: true })
      if (start.length < 200) start = copy(start + text.slice(0, 200))
      for (const record of text.split('\r\n').slice(0, -1)) {
        const number = /^Patient (\d+),/.exec(record)?.[1]
        if (number) numbers.push(Number(number))
        if (number === '1') oldest = copy(record)
      }
      gc()
      grew = Math.max(grew, process.memoryUsage().heapUsed - before)
    }
    expect(start).toMatch(
      /^\uFEFFName,Email,Phone,Topic,Message,Status,Date \(America\/Chicago\)\r\nPatient 5000,patient5000@example\.com,,General Question,/,
    )
    // Every message once, newest first, across the batches.
    expect(numbers).toEqual(Array.from({ length: 5000 }, (_, i) => 5000 - i))
    expect(oldest).toMatch(
      /^Patient 1,patient1@example\.com,,General Question,Message 1: flooding.*,New,2025-12-31 18:01$/,
    )
    expect(bytes).toBeGreaterThan(24_000_000)
    // Held at once: a batch of rows and its text (2.8 MB measured); the whole file at once held 52 MB.
    expect(grew).toBeLessThan(bytes / 3)
  })
})
