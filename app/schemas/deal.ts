import { isPlainMultilineText, isSingleLine } from '~/lib/single-line'
import { isImageAddress } from '~/lib/site-path'

import { checkbox, sortOrder } from './brand'
import { z } from './z'

/**
 * The deal slide form (title required; dates as YYYY-MM-DD, the end not
 * before the start). Used by the action and by the form in the browser.
 */

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [y, m, d] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .refine(isCalendarDate, { error: `${label} must be a date such as 2026-11-01` })
    .optional()

export const DealSchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, { error: 'Title is required' })
      .max(200, { error: 'Title must be less than 200 characters' })
      .refine(isSingleLine, { error: 'Title must be one line of plain text' }),
    description: z
      .string()
      .trim()
      .max(1000, { error: 'Description must be less than 1000 characters' })
      .refine(isPlainMultilineText, { error: 'Description must be plain text (line breaks are fine)' })
      .optional(),
    image_url: z
      .string()
      .trim()
      .max(2000, { error: 'Image URL must be less than 2000 characters' })
      .refine(isImageAddress, { error: 'Image URL must be a URL (https://…) or a path on this site (/…)' })
      .optional(),
    start_date: optionalDate('Start date'),
    end_date: optionalDate('End date'),
    is_active: checkbox,
    sort_order: sortOrder,
  })
  .refine((value) => !(value.start_date && value.end_date && value.end_date < value.start_date), {
    path: ['end_date'],
    error: 'End date cannot be before the start date',
    // Check the dates even while another field (say, the title) is still missing.
    when: ({ value }) => {
      const v = value as { start_date?: unknown; end_date?: unknown }
      return [v?.start_date, v?.end_date].every((d) => typeof d === 'string' && isCalendarDate(d.trim()))
    },
  })

export type DealInput = z.infer<typeof DealSchema>

export const DEAL_IMAGE_FILE_FIELD = 'image_file'

/** The form with its picture, as its add and edit actions read it (`parseFormWithImage`). */
export const DEAL_FORM = {
  kind: 'deal',
  schema: DealSchema,
  fileField: DEAL_IMAGE_FILE_FIELD,
  urlField: 'image_url',
} as const

/** The admin list's filter buttons, in order. Same values as the model's DEAL_FILTERS. */
export const DEAL_FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'expired', label: 'Expired' },
] as const
export type DealFilterValue = (typeof DEAL_FILTER_OPTIONS)[number]['value']
