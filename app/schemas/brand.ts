import { isSingleLine } from '~/lib/single-line'
import { isImageAddress } from '~/lib/site-path'

import { z } from './z'

/**
 * The brand form (name and logo URL required, website URL must be a
 * URL, sort order an integer). Used by the action (conform `parseWithZod`) and
 * by the form in the browser.
 */

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

/** A checkbox: present ('on') is true, absent is false. */
export const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true')

export const sortOrder = z
  .union([z.number(), z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return 0
    const number = typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN
    if (!Number.isSafeInteger(number) || Math.abs(number) > 1_000_000) {
      // Stryker disable next-line StringLiteral: equivalent mutant (an empty issue code): the issue carries its own message, which is all a form shows of it
      ctx.addIssue({ code: 'custom', message: 'Sort order must be a whole number' })
      return z.NEVER
    }
    return number
  })

export const BrandSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(200, { error: 'Name must be less than 200 characters' })
    .refine(isSingleLine, { error: 'Name must be one line of plain text' }),
  logo_url: z
    .string({ error: 'Logo URL is required' })
    .trim()
    .min(1, { error: 'Logo URL is required' })
    .max(2000, { error: 'Logo URL must be less than 2000 characters' })
    .refine(isImageAddress, { error: 'Logo URL must be a URL (https://…) or a path on this site (/…)' }),
  site_url: z
    .string()
    .trim()
    .max(2000, { error: 'Website URL must be less than 2000 characters' })
    .refine(isWebAddress, { error: 'Website URL must be a valid URL, such as https://example.com' })
    .optional(),
  is_featured: checkbox,
  sort_order: sortOrder,
})

export type BrandInput = z.infer<typeof BrandSchema>

/** Names of the brand form's fields beyond the schema. */
export const BRAND_LOGO_FILE_FIELD = 'logo_file'

/** The form with its picture, as its add and edit actions read it (`parseFormWithImage`). */
export const BRAND_FORM = {
  kind: 'brand',
  schema: BrandSchema,
  fileField: BRAND_LOGO_FILE_FIELD,
  urlField: 'logo_url',
} as const
