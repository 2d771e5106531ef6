import { INQUIRY_STATUSES } from '~/db/types'

import { parseListFilter } from './list-filter'
import { z } from './z'

export const INQUIRY_STATUS_LABELS: Record<(typeof INQUIRY_STATUSES)[number], string> = {
  new: 'New',
  'in-progress': 'In progress',
  closed: 'Closed',
}

/** The inline status change of the admin inquiry table. */
export const InquiryStatusSchema = z.object({
  id: z.coerce
    .number({ error: 'Unknown inquiry' })
    .int({ error: 'Unknown inquiry' })
    .positive({ error: 'Unknown inquiry' }),
  status: z.enum(INQUIRY_STATUSES, { error: 'Choose new, in progress or closed' }),
})

/** The list filter from the query string; anything unknown means all. */
export function parseInquiryFilter(params: URLSearchParams) {
  const { q, choice } = parseListFilter(params, 'status', INQUIRY_STATUSES)
  return { q, status: choice }
}

const inquiryId = z.coerce
  .number({ error: 'Unknown inquiry' })
  .int({ error: 'Unknown inquiry' })
  .positive({ error: 'Unknown inquiry' })

/** "Mark in progress / closed" for the inquiries ticked in the list. */
export const InquiryBulkStatusSchema = z.object({
  ids: z.array(inquiryId, { error: 'Select at least one first' }).min(1, { error: 'Select at least one first' }),
  status: z.enum(INQUIRY_STATUSES, { error: 'Choose new, in progress or closed' }),
})

/** The staff's internal note on an inquiry: never shown to the person who wrote. */
export const InquiryNoteSchema = z.object({
  id: inquiryId,
  staff_note: z.string().trim().max(2000, { error: 'Keep the note to 2,000 characters or fewer' }).default(''),
})
