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
