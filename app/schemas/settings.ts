import { z } from 'zod'

/** The store facts of DECISIONS.md: one record, seeded with defaults, editable by staff. */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

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
  postal_code: z.string().trim().regex(/^\d{5}$/, { error: 'Use a five-digit ZIP code' }),
  phone: z.string().trim().regex(/^[0-9()+.\- ]{7,20}$/, { error: 'Enter a phone number such as (405) 555-0142' }),
  hours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, DayHoursSchema])) as Record<Weekday, typeof DayHoursSchema>),
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

const daily = (opens: string, closes: string) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, { closed: false, opens, closes }])) as Record<Weekday, DayHours>

export const DEFAULT_SETTINGS: SiteSettings = {
  brand_name: 'Lindsey Street Cannabis Co.',
  contact_email: 'hello@lindseystreetcannabis.com',
  live_menu_url: 'https://dutchie.com/embedded-menu/lindsey-street-cannabis-co',
  social: {
    facebook: 'https://www.facebook.com/lindseystreetcannabis',
    instagram: 'https://www.instagram.com/lindseystreetcannabis',
    leafly: 'https://www.leafly.com/dispensary-info/lindsey-street-cannabis-co',
    weedmaps: 'https://weedmaps.com/dispensaries/lindsey-street-cannabis-co',
  },
  stores: {
    Lindsey: {
      name: 'Lindsey Street Cannabis Co.',
      street: '530 West Lindsey Street',
      city: 'Norman',
      region: 'OK',
      postal_code: '73069',
      phone: '(405) 555-0142',
      hours: daily('09:00', '22:00'),
      maps_url: 'https://www.google.com/maps/search/?api=1&query=530+West+Lindsey+Street+Norman+OK+73069',
      map_embed_url: 'https://www.google.com/maps?q=530+West+Lindsey+Street,+Norman,+OK+73069&output=embed',
      directions_url: 'https://www.google.com/maps/dir/?api=1&destination=530+West+Lindsey+Street+Norman+OK+73069',
      website_url: '',
      review_url: 'https://search.google.com/local/writereview?placeid=lindsey-street-cannabis-co',
      listing_url: 'https://www.leafly.com/dispensary-info/lindsey-street-cannabis-co',
    },
    BlueWater: {
      name: 'Blue Water',
      street: '112 West Main Street',
      city: 'Norman',
      region: 'OK',
      postal_code: '73069',
      phone: '(405) 555-0178',
      hours: {
        ...daily('09:00', '22:00'),
        friday: { closed: false, opens: '09:00', closes: '00:00' },
        saturday: { closed: false, opens: '09:00', closes: '00:00' },
      },
      maps_url: 'https://www.google.com/maps/search/?api=1&query=112+West+Main+Street+Norman+OK+73069',
      map_embed_url: 'https://www.google.com/maps?q=112+West+Main+Street,+Norman,+OK+73069&output=embed',
      directions_url: 'https://www.google.com/maps/dir/?api=1&destination=112+West+Main+Street+Norman+OK+73069',
      website_url: 'https://bluewaternorman.com',
      review_url: 'https://search.google.com/local/writereview?placeid=blue-water-norman',
      listing_url: 'https://weedmaps.com/dispensaries/blue-water-norman',
    },
  },
}
