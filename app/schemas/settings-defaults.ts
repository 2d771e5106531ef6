import type { DayHours, SiteSettings } from './settings'
import { type Weekday, WEEKDAYS } from './weekdays'

/**
 * The store facts' fixed parts and seeded defaults (docs/decisions/store-facts.md), without zod,
 * so browser code can use them cheaply. The schema is in ./settings.ts.
 */

/**
 * Each store's overall rating as published on a review page staff can point to:
 * the rating, the number of reviews behind it and that page. /reviews shows
 * them with a link to the page, and its structured data repeats them.
 */
export const DEFAULT_RATINGS = {
  Lindsey: {
    rating: 4.9,
    review_count: 1000,
    rating_source_url: 'https://www.leafly.com/dispensary-info/lindsey-street-cannabis-co/reviews',
  },
  BlueWater: {
    rating: 4.9,
    review_count: 800,
    rating_source_url: 'https://weedmaps.com/dispensaries/blue-water-norman/reviews',
  },
} as const

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
      ...DEFAULT_RATINGS.Lindsey,
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
      ...DEFAULT_RATINGS.BlueWater,
    },
  },
}
