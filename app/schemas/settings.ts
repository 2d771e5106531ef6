import { z } from './z'

/** The store facts of DECISIONS.md: one record, seeded with defaults, editable by staff. */

// Plain constants live in a zod-free module so pages can use them without loading zod.
import { WEEKDAYS, type Weekday } from './settings-defaults'
export { DEFAULT_SETTINGS, WEEKDAYS, type Weekday } from './settings-defaults'

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a 24-hour time such as 09:00' })
const url = z.url({ error: 'Enter a full address starting with https://' })
const optionalUrl = z.union([z.literal(''), url])

export const DayHoursSchema = z.object({
  closed: z.boolean().default(false),
  /** HH:MM, 24-hour clock */
  opens: time,
  /** HH:MM; 00:00 means midnight at the end of the day */
  closes: time,
})
export type DayHours = z.infer<typeof DayHoursSchema>

export const StoreSchema = z.object({
  name: z.string().trim().min(1, { error: 'Store name is required' }).max(100),
  street: z.string().trim().min(1, { error: 'Street address is required' }).max(200),
  city: z.string().trim().min(1, { error: 'City is required' }).max(100),
  region: z.string().trim().length(2, { error: 'Use the two-letter state code' }),
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: 'Use a five-digit ZIP code' }),
  phone: z
    .string()
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
})
export type StoreFacts = z.infer<typeof StoreSchema>

export const SettingsSchema = z.object({
  brand_name: z.string().trim().min(1, { error: 'Brand name is required' }).max(80),
  contact_email: z.email({ error: 'Enter a valid email address' }),
  live_menu_url: url,
  social: z.object({
    facebook: url,
    instagram: url,
    leafly: url,
    weedmaps: url,
  }),
  stores: z.object({
    Lindsey: StoreSchema,
    BlueWater: StoreSchema,
  }),
})
export type SiteSettings = z.infer<typeof SettingsSchema>
