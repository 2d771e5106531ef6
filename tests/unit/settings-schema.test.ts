import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { DEFAULT_SETTINGS, SettingsSchema } from '~/schemas/settings'
import { SettingsFormSchema } from '~/schemas/settings-form'

/** The default settings as the admin form posts them: flattened names, strings. */
function defaultForm(): FormData {
  const data = new FormData()
  const walk = (value: unknown, name: string) => {
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, name ? `${name}.${key}` : key)
    } else if (typeof value === 'boolean') {
      if (value) data.set(name, 'on')
    } else {
      data.set(name, String(value))
    }
  }
  walk(DEFAULT_SETTINGS, '')
  return data
}

function errorsWith(changes: Record<string, string>) {
  const data = defaultForm()
  for (const [name, value] of Object.entries(changes)) data.set(name, value)
  const submission = parseWithZod(data, { schema: SettingsFormSchema })
  return submission.status === 'success' ? {} : (submission.error ?? {})
}

const URL_FIELDS = [
  'live_menu_url',
  'social.facebook',
  'social.instagram',
  'social.leafly',
  'social.weedmaps',
  ...['Lindsey', 'BlueWater'].flatMap((store) =>
    [
      'maps_url',
      'map_embed_url',
      'directions_url',
      'website_url',
      'review_url',
      'listing_url',
      'rating_source_url',
    ].map((key) => `stores.${store}.${key}`),
  ),
]

describe('settings addresses', () => {
  it('the default settings pass the admin form', () => {
    expect(errorsWith({})).toEqual({})
  })

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['http:', 'http://example.com/page'],
    ['a relative path', '/live-menu'],
    ['credentials in the address', 'https://user:secret@example.com/'],
  ])('refuse %s in every address field', (_name, value) => {
    for (const field of URL_FIELDS) {
      expect(errorsWith({ [field]: value })[field], field).toEqual(['Enter a full address starting with https://'])
    }
  })

  it('accept https addresses', () => {
    expect(errorsWith({ live_menu_url: 'https://menu.example.com/embed?store=1' })).toEqual({})
  })
})

describe('store ratings', () => {
  it('are validated with clear messages', () => {
    const errors = errorsWith({
      'stores.Lindsey.rating': '7',
      'stores.Lindsey.review_count': '12.5',
      'stores.BlueWater.rating': '4.95',
      'stores.BlueWater.review_count': 'many',
    })
    expect(errors['stores.Lindsey.rating']).toEqual(['Enter the rating as a number from 1 to 5, such as 4.9'])
    expect(errors['stores.Lindsey.review_count']).toEqual([
      'Enter the number of reviews as a whole number, such as 1000',
    ])
    expect(errors['stores.BlueWater.rating']).toEqual(['Use at most one decimal, such as 4.9'])
    expect(errors['stores.BlueWater.review_count']).toEqual([
      'Enter the number of reviews as a whole number, such as 1000',
    ])
  })

  it('default, for a record stored before they existed, to 4.9 from 1,000 and 800 reviews', () => {
    const older = structuredClone(DEFAULT_SETTINGS) as unknown as {
      stores: Record<string, Record<string, unknown>>
    }
    for (const store of Object.values(older.stores)) {
      delete store.rating
      delete store.review_count
      delete store.rating_source_url
    }
    const parsed = SettingsSchema.parse(older)
    expect(parsed.stores.Lindsey).toMatchObject({ rating: 4.9, review_count: 1000 })
    expect(parsed.stores.BlueWater).toMatchObject({ rating: 4.9, review_count: 800 })
    expect(parsed.stores.Lindsey.rating_source_url).toMatch(/^https:\/\//)
  })
})

describe('single-line settings', () => {
  it.each([
    ['brand_name', 'Lindsey Street\r\nBcc: someone@example.com', 'Brand name must be one line of plain text'],
    ['stores.Lindsey.name', 'Lindsey\nStreet', 'Store name must be one line of plain text'],
    ['stores.BlueWater.street', '112 West\u0000Main Street', 'Street address must be one line of plain text'],
  ])('%s refuses line breaks and control characters', (field, value, message) => {
    expect(errorsWith({ [field]: value })[field]).toEqual([message])
  })
})

describe('cleared settings fields', () => {
  it('say what the field needs, in words about that field', () => {
    const data = defaultForm()
    for (const name of [
      'stores.Lindsey.phone',
      'stores.Lindsey.postal_code',
      'stores.BlueWater.region',
      'stores.Lindsey.hours.sunday.opens',
      'stores.BlueWater.city',
    ]) {
      data.delete(name)
    }
    const submission = parseWithZod(data, { schema: SettingsFormSchema })
    expect(submission.status === 'error' ? submission.error : null).toEqual({
      'stores.Lindsey.phone': ['Enter a phone number such as (405) 555-0142'],
      'stores.Lindsey.postal_code': ['Use a five-digit ZIP code'],
      'stores.BlueWater.region': ['Use the two-letter state code'],
      'stores.Lindsey.hours.sunday.opens': ['Choose a time such as 9:00 AM'],
      'stores.BlueWater.city': ['City is required'],
    })
  })
})

describe('a store website', () => {
  it('may be left empty, and is kept when given', () => {
    const data = defaultForm()
    data.delete('stores.Lindsey.website_url')
    data.set('stores.BlueWater.website_url', 'https://bluewater.example/')
    const submission = parseWithZod(data, { schema: SettingsFormSchema })
    expect(submission.status).toBe('success')
    const stores = (submission.status === 'success' ? submission.value : null)?.stores
    expect(stores?.Lindsey.website_url).toBe('')
    expect(stores?.BlueWater.website_url).toBe('https://bluewater.example/')
  })
})
