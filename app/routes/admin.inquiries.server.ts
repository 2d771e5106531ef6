import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import type { ContactInquiry } from '~/db/types'
import { tryReadFormData } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { toCsv } from '~/lib/csv'
import { isoToStoreLocal, todayInStore } from '~/lib/time'
import { type InquiryTopic, listInquiries, updateInquiryStatus } from '~/models/inquiries.server'
import { topicLabel } from '~/schemas/contact-fields'
import { INQUIRY_STATUS_LABELS, InquiryStatusSchema, parseInquiryFilter } from '~/schemas/inquiry'

/** The two admin lists over contact_inquiries: all inquiries, and job applications (topic career). */
export interface InquiryListKind {
  basePath: '/admin/inquiries' | '/admin/applications'
  topic?: InquiryTopic
  filePrefix: string
}

export const INQUIRIES: InquiryListKind = { basePath: '/admin/inquiries', filePrefix: 'contact-inquiries' }
export const APPLICATIONS: InquiryListKind = {
  basePath: '/admin/applications',
  topic: 'career',
  filePrefix: 'job-applications',
}

export const STATUS_UPDATED = 'Status updated successfully'
export const STATUS_FAILED = 'Failed to update status'

/** Search and status from the query string (unknown values fall back to all). */
export async function loadInquiries(request: Request, kind: InquiryListKind) {
  const filter = parseInquiryFilter(new URL(request.url).searchParams)
  const inquiries = await listInquiries({ ...filter, topic: kind.topic })
  return {
    ...filter,
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
  const search = params.toString()
  return search ? `?${search}` : ''
}

/**
 * The inline status change. With JavaScript (field `js`) the answer is data for
 * a client toast; without it, a redirect back to the list with a flash toast.
 */
export async function handleStatusAction(request: Request, kind: InquiryListKind) {
  const formData = await tryReadFormData(request)
  if (!formData) return data({ ok: false as const, message: STATUS_FAILED }, { status: 400 })
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
    if (!visible.some((inquiry) => inquiry.id === id)) return fail('This inquiry no longer exists', 404)
  }
  let updated = false
  try {
    updated = await updateInquiryStatus(id, status)
  } catch (error) {
    console.error('Updating an inquiry status failed', error)
    return fail(STATUS_FAILED, 500)
  }
  if (!updated) return fail('This inquiry no longer exists', 404)
  return viaScript
    ? data({ ok: true as const, message: STATUS_UPDATED, id, status })
    : redirectWithToast(back, { type: 'success', title: STATUS_UPDATED })
}

export const CSV_HEADER = ['Name', 'Email', 'Phone', 'Topic', 'Message', 'Status', 'Date'] as const

/** One CSV record per inquiry; the date as the store's wall clock. */
export function inquiriesToCsv(inquiries: ContactInquiry[]): string {
  return toCsv(
    CSV_HEADER,
    inquiries.map((inquiry) => [
      inquiry.name,
      inquiry.email,
      inquiry.phone,
      topicLabel(inquiry.topic),
      inquiry.message,
      INQUIRY_STATUS_LABELS[inquiry.status],
      isoToStoreLocal(inquiry.created_at).replace('T', ' '),
    ]),
  )
}

/** The download of what the current search and filter show. */
export async function exportInquiries(request: Request, kind: InquiryListKind) {
  const filter = parseInquiryFilter(new URL(request.url).searchParams)
  const inquiries = await listInquiries({ ...filter, topic: kind.topic })
  const body = `\uFEFF${inquiriesToCsv(inquiries)}`
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${kind.filePrefix}-${todayInStore()}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
