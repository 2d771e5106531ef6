import { isSingleLine } from '~/lib/single-line'
import { isHttpsUrl } from '~/lib/site-path'

/** The store facts (docs/decisions/store-facts.md): one record, seeded with defaults, editable by staff. */
// Plain constants live in a zod-free module so pages can use them without loading zod.
import { DEFAULT_RATINGS } from './settings-defaults'
import { type Weekday, WEEKDAYS } from './weekdays'
import { z } from './z'
export { DEFAULT_RATINGS, DEFAULT_SETTINGS } from './settings-defaults'
export { type Weekday, WEEKDAYS } from './weekdays'

const TIME_MESSAGE = 'Choose a time such as 9:00 AM'
const time = z.string({ error: TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIME_MESSAGE })
/** Every address in the settings is a web page or embed: https only (no javascript:, data:, http:). */
const url = z
  .string({ error: 'Enter a full address starting with https://' })
  .trim()
  .max(2000, { error: 'Use an address of at most 2000 characters' })
  .refine(isHttpsUrl, { error: 'Enter a full address starting with https://' })
const optionalUrl = z.union([z.literal(''), url])

/** One line of text: no line breaks, tabs or other control characters. */
const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine(isSingleLine, { error: `${label} must be one line of plain text` })

// Stryker disable EqualityOperator: equivalent mutant (<= 1e-9): no typed rating is off a tenth by exactly 1e-9, so < and <= agree
const rating = z.coerce
  .number({ error: 'Enter the rating as a number from 1 to 5, such as 4.9' })
  .min(1, { error: 'Enter the rating as a number from 1 to 5, such as 4.9' })
  .max(5, { error: 'Enter the rating as a number from 1 to 5, such as 4.9' })
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
    error: 'Use at most one decimal, such as 4.9',
  })
// Stryker restore EqualityOperator
const reviewCount = z.coerce
  .number({ error: 'Enter the number of reviews as a whole number, such as 1000' })
  .int({ error: 'Enter the number of reviews as a whole number, such as 1000' })
  .min(0, { error: 'Enter the number of reviews as a whole number, such as 1000' })
  .max(10_000_000, { error: 'Enter the number of reviews as a whole number, such as 1000' })

export const DayHoursSchema = z.object({
  closed: z.boolean().default(false),
  /** HH:MM, 24-hour clock */
  opens: time,
  /** HH:MM; 00:00 means midnight at the end of the day */
  closes: time,
})
export type DayHours = z.infer<typeof DayHoursSchema>

export const StoreSchema = z.object({
  name: line('Store name', 100),
  street: line('Street address', 200),
  city: line('City', 100),
  region: z
    .string({ error: 'Use the two-letter state code' })
    .trim()
    .length(2, { error: 'Use the two-letter state code' }),
  postal_code: z
    .string({ error: 'Use a five-digit ZIP code' })
    .trim()
    .regex(/^\d{5}$/, { error: 'Use a five-digit ZIP code' }),
  phone: z
    .string({ error: 'Enter a phone number such as (405) 555-0142' })
    .trim()
    .regex(/^[0-9()+.\- ]{7,20}$/, { error: 'Enter a phone number such as (405) 555-0142' }),
  hours: z.object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, DayHoursSchema])) as Record<Weekday, typeof DayHoursSchema>,
  ),
  /** Opens the store in a maps app */
  maps_url: url,
  /** Address for an embedded map frame */
  map_embed_url: url,
  /** Turn-by-turn directions */
  directions_url: url,
  website_url: optionalUrl,
  /** Write a review on the search engine's review service */
  review_url: url,
  /** The store's page on a cannabis listing service */
  listing_url: url,
  /** The store's overall rating out of 5, as published on `rating_source_url` */
  rating,
  /** How many reviews that rating is based on */
  review_count: reviewCount,
  /** The page the rating and count come from; /reviews links to it */
  rating_source_url: url,
})
export type StoreFacts = z.infer<typeof StoreSchema>

/** A stored record from before the ratings were settings gets each store's default rating. */
function storeWithDefaultRating(key: keyof typeof DEFAULT_RATINGS) {
  const defaults = DEFAULT_RATINGS[key]
  return StoreSchema.extend({
    rating: rating.default(defaults.rating),
    review_count: reviewCount.default(defaults.review_count),
    rating_source_url: url.default(defaults.rating_source_url),
  })
}

export const SettingsSchema = z.object({
  brand_name: line('Brand name', 80),
  contact_email: z.email({ error: 'Enter a valid email address' }),
  live_menu_url: url,
  social: z.object({
    facebook: url,
    instagram: url,
    leafly: url,
    weedmaps: url,
  }),
  stores: z.object({
    Lindsey: storeWithDefaultRating('Lindsey'),
    BlueWater: storeWithDefaultRating('BlueWater'),
  }),
})
export type SiteSettings = z.infer<typeof SettingsSchema>
