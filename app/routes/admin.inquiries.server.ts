import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import type { ContactInquiry } from '~/db/types'
import { tryReadFormData } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { csvRow } from '~/lib/csv'
import { isoToStoreLocal, STORE_TIME_ZONE, todayInStore } from '~/lib/time'
import {
  countInquiries,
  INQUIRY_PAGE_SIZE,
  inquiryBatches,
  type InquiryTopic,
  listInquiries,
  saveInquiryNote,
  updateInquiryStatus,
  updateInquiryStatuses,
} from '~/models/inquiries.server'
import { topicLabel } from '~/schemas/contact-fields'
import {
  INQUIRY_STATUS_LABELS,
  InquiryBulkStatusSchema,
  InquiryNoteSchema,
  InquiryStatusSchema,
  parseInquiryFilter,
} from '~/schemas/inquiry'
import { parsePage } from '~/schemas/list-filter'

/** The two admin lists over contact_inquiries: all inquiries, and job applications (topic career). */
export interface InquiryListKind {
  basePath: '/admin/inquiries' | '/admin/applications'
  topic?: InquiryTopic
  filePrefix: string
  /** what one record is called on the page: 'inquiry' or 'application' */
  noun: 'inquiry' | 'application'
  nouns: 'inquiries' | 'applications'
}

export const INQUIRIES: InquiryListKind = {
  basePath: '/admin/inquiries',
  filePrefix: 'contact-inquiries',
  noun: 'inquiry',
  nouns: 'inquiries',
}
export const APPLICATIONS: InquiryListKind = {
  basePath: '/admin/applications',
  topic: 'career',
  filePrefix: 'job-applications',
  noun: 'application',
  nouns: 'applications',
}

export const STATUS_UPDATED = 'Status updated successfully'
export const STATUS_FAILED = 'Failed to update status'

/**
 * Search, status and page from the query string (unknown values fall back to
 * all, and to the first page). A page past the end shows the last one: after
 * staff close the last rows of a filtered list, they land on what is left.
 */
export async function loadInquiries(request: Request, kind: InquiryListKind) {
  const params = new URL(request.url).searchParams
  const filter = parseInquiryFilter(params)
  const query = { ...filter, topic: kind.topic }
  const total = await countInquiries(query)
  const pageCount = Math.max(1, Math.ceil(total / INQUIRY_PAGE_SIZE))
  const page = Math.min(parsePage(params.get('page')), pageCount)
  const inquiries = await listInquiries({ ...query, page })
  return {
    ...filter,
    total,
    page,
    pageCount,
    inquiries: inquiries.map((inquiry) => ({ ...inquiry, topic_label: topicLabel(inquiry.topic) })),
  }
}

/** The list's query string for redirects back after a change (only known keys). */
function listSearch(formData: FormData): string {
  const params = new URLSearchParams()
  const filter = parseInquiryFilter(
    new URLSearchParams({ q: String(formData.get('q') ?? ''), status: String(formData.get('filter') ?? '') }),
  )
  if (filter.q) params.set('q', filter.q)
  if (filter.status !== 'all') params.set('status', filter.status)
  const page = parsePage(String(formData.get('page') ?? ''))
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return search ? `?${search}` : ''
}

export const NOTE_SAVED = 'Note saved'
export const NOTE_FAILED = 'Note not saved'

/**
 * The list's form posts, by `intent`: a row's status (the default), the
 * status of every ticked row ('bulk-status'), or a row's staff note ('note').
 */
export async function handleInquiryAction(request: Request, kind: InquiryListKind) {
  const formData = await tryReadFormData(request)
  if (!formData) return data({ ok: false as const, message: STATUS_FAILED }, { status: 400 })
  const intent = formData.get('intent')
  if (intent === 'bulk-status') return handleBulkStatus(formData, kind)
  if (intent === 'note') return handleNote(formData, kind)
  return handleStatusChange(formData, kind)
}

/**
 * "Mark in progress / closed" for the ticked rows: a plain form post, so the
 * answer is always a redirect back to the same list with a toast.
 */
async function handleBulkStatus(formData: FormData, kind: InquiryListKind) {
  const back = `${kind.basePath}${listSearch(formData)}`
  const submission = parseWithZod(formData, { schema: InquiryBulkStatusSchema })
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).flat()[0]
    return redirectWithToast(back, {
      type: 'error',
      title: STATUS_FAILED,
      description: first === 'Select at least one first' || !first ? `Select at least one ${kind.noun} first.` : first,
    })
  }
  const { ids, status } = submission.value
  let found = 0
  try {
    found = await updateInquiryStatuses(ids, status, kind.topic)
  } catch (error) {
    console.error('Updating inquiry statuses failed', error)
    return redirectWithToast(back, { type: 'error', title: STATUS_FAILED })
  }
  if (found === 0) {
    return redirectWithToast(back, {
      type: 'error',
      title: STATUS_FAILED,
      description: `Those ${kind.nouns} no longer exist.`,
    })
  }
  return redirectWithToast(back, {
    type: 'success',
    title: STATUS_UPDATED,
    description: `${found} ${found === 1 ? kind.noun : kind.nouns} marked ${INQUIRY_STATUS_LABELS[status].toLowerCase()}.`,
  })
}

/** A row's internal note: saved and logged, then back to the same list. */
async function handleNote(formData: FormData, kind: InquiryListKind) {
  const back = `${kind.basePath}${listSearch(formData)}`
  const submission = parseWithZod(formData, { schema: InquiryNoteSchema })
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).flat()[0]
    return redirectWithToast(back, { type: 'error', title: NOTE_FAILED, description: first ?? undefined })
  }
  let saved: boolean
  try {
    saved = await saveInquiryNote(submission.value.id, submission.value.staff_note, kind.topic)
  } catch (error) {
    console.error('Could not save an inquiry note', error)
    return redirectWithToast(back, { type: 'error', title: NOTE_FAILED })
  }
  return saved
    ? redirectWithToast(back, { type: 'success', title: NOTE_SAVED })
    : redirectWithToast(back, { type: 'error', title: NOTE_FAILED, description: `This ${kind.noun} no longer exists` })
}

/**
 * The inline status change. With JavaScript (field `js`) the answer is data for
 * a client toast; without it, a redirect back to the list with a flash toast.
 */
async function handleStatusChange(formData: FormData, kind: InquiryListKind) {
  const viaScript = formData.get('js') === '1'
  const back = `${kind.basePath}${listSearch(formData)}`
  const fail = (message: string, status: number) =>
    viaScript
      ? data({ ok: false as const, message }, { status })
      : redirectWithToast(back, {
          type: 'error',
          title: STATUS_FAILED,
          description: message === STATUS_FAILED ? undefined : message,
        })

  const submission = parseWithZod(formData, { schema: InquiryStatusSchema })
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? STATUS_FAILED
    return fail(message, 400)
  }
  const { id, status } = submission.value
  // Applications only change career inquiries.
  if (kind.topic) {
    const visible = await listInquiries({ topic: kind.topic })
    if (!visible.some((inquiry) => inquiry.id === id)) return fail(`This ${kind.noun} no longer exists`, 404)
  }
  let updated = false
  try {
    updated = await updateInquiryStatus(id, status)
  } catch (error) {
    console.error('Updating an inquiry status failed', error)
    return fail(STATUS_FAILED, 500)
  }
  if (!updated) return fail(`This ${kind.noun} no longer exists`, 404)
  return viaScript
    ? data({ ok: true as const, message: STATUS_UPDATED, id, status })
    : redirectWithToast(back, { type: 'success', title: STATUS_UPDATED })
}

/** The Date column names the time zone its wall-clock times are in. */
export const CSV_HEADER = ['Name', 'Email', 'Phone', 'Topic', 'Message', 'Status', `Date (${STORE_TIME_ZONE})`] as const

/** One CSV record per inquiry (CRLF after each); the date as the store's wall clock. */
export function inquiriesToCsv(inquiries: ContactInquiry[]): string {
  return inquiries
    .map(
      (inquiry) =>
        `${csvRow([
          inquiry.name,
          inquiry.email,
          inquiry.phone,
          topicLabel(inquiry.topic),
          inquiry.message,
          INQUIRY_STATUS_LABELS[inquiry.status],
          isoToStoreLocal(inquiry.created_at).replace('T', ' '),
        ])}\r\n`,
    )
    .join('')
}

/**
 * The download of every inquiry the current search and filter match (all
 * pages), written as it is read: a batch of rows at a time, so years of
 * messages never sit in memory at once.
 */
export function exportInquiries(request: Request, kind: InquiryListKind) {
  const filter = parseInquiryFilter(new URL(request.url).searchParams)
  const batches = inquiryBatches({ ...filter, topic: kind.topic })
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(CSV_HEADER)}\r\n`))
    },
    async pull(controller) {
      const next = await batches.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(inquiriesToCsv(next.value)))
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${kind.filePrefix}-${todayInStore()}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
