import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { BrandSchema, isWebAddress } from '~/schemas/brand'
import { DealSchema } from '~/schemas/deal'

/** The brand and deal forms as staff submit them: what each field takes, and the words when it does not. */
function submit(schema: typeof BrandSchema | typeof DealSchema, values: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  const submission = parseWithZod(data, { schema })
  return submission.status === 'success'
    ? { value: submission.value as Record<string, unknown>, errors: {} }
    : { value: null, errors: submission.error ?? {} }
}

const BRAND = { name: 'Prairie Gold', logo_url: '/brands/prairie-gold.svg' }
const brand = (changes: Record<string, string>) => submit(BrandSchema, { ...BRAND, ...changes })
const deal = (changes: Record<string, string>) => submit(DealSchema, { title: 'Half off edibles', ...changes })

describe('a brand’s website', () => {
  it.each(['https://prairiegold.example', 'http://prairie-gold.example.com/shop?x=1'])('takes %s', (url) => {
    expect(isWebAddress(url)).toBe(true)
    expect(brand({ site_url: url }).value?.site_url).toBe(url)
  })

  it.each([
    ['another scheme', 'ftp://prairiegold.example'],
    ['a script', 'javascript:alert(1)'],
    ['a host without a dot', 'https://localhost'],
    ['words', 'prairie gold dot com'],
  ])('refuses %s', (_name, url) => {
    expect(isWebAddress(url)).toBe(false)
    expect(brand({ site_url: url }).errors).toEqual({
      site_url: ['Website URL must be a valid URL, such as https://example.com'],
    })
  })

  it('is optional', () => {
    expect(brand({}).value).toEqual({ ...BRAND, is_featured: false, sort_order: 0 })
  })
})

describe('the brand form’s messages', () => {
  it('say what each field needs', () => {
    expect(submit(BrandSchema, {}).errors).toEqual({ name: ['Name is required'], logo_url: ['Logo URL is required'] })
    expect(brand({ name: 'x'.repeat(201), logo_url: `/${'a'.repeat(2000)}` }).errors).toEqual({
      name: ['Name must be less than 200 characters'],
      logo_url: ['Logo URL must be less than 2000 characters'],
    })
    expect(brand({ logo_url: 'logo.svg', site_url: `https://example.com/${'a'.repeat(2000)}` }).errors).toEqual({
      logo_url: ['Logo URL must be a URL (https://…) or a path on this site (/…)'],
      site_url: ['Website URL must be less than 2000 characters'],
    })
  })

  it('trim what was typed', () => {
    expect(brand({ name: '  Prairie Gold ', logo_url: ' /brands/prairie-gold.svg ' }).value).toMatchObject(BRAND)
  })
})

describe('a ticked box', () => {
  it.each([
    ['on', true],
    ['true', true],
    ['off', false],
    ['', false],
  ])('%j reads as %s', (value, expected) => {
    expect(brand({ is_featured: value }).value?.is_featured).toBe(expected)
    expect(deal({ is_active: value }).value?.is_active).toBe(expected)
  })

  it('reads true and false given as such, and "on" given as text (outside a form)', () => {
    expect(BrandSchema.parse({ ...BRAND, is_featured: 'on' }).is_featured).toBe(true)
    expect(DealSchema.parse({ title: 'Deal', is_active: 'on' }).is_active).toBe(true)
    expect(BrandSchema.parse({ ...BRAND, is_featured: true }).is_featured).toBe(true)
    expect(BrandSchema.parse({ ...BRAND, is_featured: false }).is_featured).toBe(false)
    expect(BrandSchema.parse(BRAND).is_featured).toBe(false)
  })
})

describe('a sort order', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['-3', -3],
    ['0', 0],
    ['1000000', 1_000_000],
    ['-1000000', -1_000_000],
  ])('%j is %i', (value, expected) => {
    expect(brand({ sort_order: value }).value?.sort_order).toBe(expected)
    expect(deal({ sort_order: value }).value?.sort_order).toBe(expected)
  })

  it('is 0 when left empty', () => {
    expect(brand({ sort_order: '' }).value?.sort_order).toBe(0)
    expect(BrandSchema.parse({ ...BRAND, sort_order: '' }).sort_order).toBe(0)
    expect(BrandSchema.parse(BRAND).sort_order).toBe(0)
  })

  it('takes a whole number given as a number', () => {
    expect(BrandSchema.parse({ ...BRAND, sort_order: 5 }).sort_order).toBe(5)
  })

  it.each(['1.5', 'first', '5 5', '1000001', '-1000001', '99999999999999999999'])(
    'refuses %j in the form as not a whole number',
    (value) => {
      expect(brand({ sort_order: value }).errors).toEqual({ sort_order: ['Sort order must be a whole number'] })
    },
  )

  // The form turns numbers typed as text into numbers first; a caller of the schema may give text as it is.
  it('reads whole numbers given as text, and nothing else', () => {
    const read = (value: string) => {
      const result = BrandSchema.safeParse({ ...BRAND, sort_order: value })
      return result.success ? result.data.sort_order : result.error.issues.map((issue) => issue.message)
    }
    expect([' 12 ', '-3', '7', '1000000'].map(read)).toEqual([12, -3, 7, 1_000_000])
    for (const value of ['1.5', '1e5', '+5', '0x10', '5 5', '- 5', 'first', '1000001']) {
      expect(read(value), value).toEqual(['Sort order must be a whole number'])
    }
  })

  it('refuses a fraction or a huge number given as a number', () => {
    for (const value of [2.5, 1_000_001, Number.MAX_SAFE_INTEGER + 2]) {
      const result = BrandSchema.safeParse({ ...BRAND, sort_order: value })
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Sort order must be a whole number'])
    }
  })
})

describe('a deal’s dates', () => {
  it('take calendar dates, the end on or after the start', () => {
    expect(deal({ start_date: '2026-11-01', end_date: '2026-11-30' }).value).toMatchObject({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    })
    expect(deal({ start_date: '2026-11-01', end_date: '2026-11-01' }).errors).toEqual({})
    expect(deal({ start_date: '2028-02-29' }).errors).toEqual({})
    expect(deal({ end_date: '2026-12-31' }).errors).toEqual({})
  })

  it.each([
    ['a day the month does not have', '2026-02-30'],
    ['a day the month does not have, in a 30-day month', '2026-04-31'],
    ['the 29th of February outside a leap year', '2027-02-29'],
    ['a thirteenth month', '2026-13-01'],
    ['a month 00', '2026-00-10'],
    ['a year before 100 (JavaScript reads it as 19xx)', '0050-01-01'],
    ['a short month', '2026-1-01'],
    ['a short day', '2026-01-1'],
    ['a short year', '226-01-01'],
    ['text before', 'from 2026-11-01'],
    ['text after', '2026-11-01 on'],
    ['words', 'soon'],
    ['another format', '11/01/2026'],
  ])('refuse %s', (_name, value) => {
    expect(deal({ start_date: value }).errors).toEqual({ start_date: ['Start date must be a date such as 2026-11-01'] })
    expect(deal({ end_date: value }).errors).toEqual({ end_date: ['End date must be a date such as 2026-11-01'] })
  })

  it('refuse an end before the start, on the end date', () => {
    expect(deal({ start_date: '2026-11-10', end_date: '2026-11-09' }).errors).toEqual({
      end_date: ['End date cannot be before the start date'],
    })
  })

  it('are checked against each other even while the title is missing, typed with spaces or not', () => {
    expect(submit(DealSchema, { start_date: ' 2026-11-10 ', end_date: '2026-11-01' }).errors).toEqual({
      title: ['Title is required'],
      end_date: ['End date cannot be before the start date'],
    })
  })

  it('are not compared while one of them is not a date', () => {
    expect(submit(DealSchema, { start_date: 'soon', end_date: '2026-11-01' }).errors).toEqual({
      title: ['Title is required'],
      start_date: ['Start date must be a date such as 2026-11-01'],
    })
  })
})

describe('the deal form’s messages', () => {
  it('say what each field needs', () => {
    expect(
      deal({
        title: 'x'.repeat(201),
        description: 'x'.repeat(1001),
        image_url: `/${'a'.repeat(2000)}`,
      }).errors,
    ).toEqual({
      title: ['Title must be less than 200 characters'],
      description: ['Description must be less than 1000 characters'],
      image_url: ['Image URL must be less than 2000 characters'],
    })
    expect(deal({ description: 'Half off\u0000', image_url: 'deal.png' }).errors).toEqual({
      description: ['Description must be plain text (line breaks are fine)'],
      image_url: ['Image URL must be a URL (https://…) or a path on this site (/…)'],
    })
  })

  it('keep the description’s line breaks and trim the rest', () => {
    expect(
      deal({ title: ' Half off ', description: 'All day\nevery day', image_url: ' /uploads/x.png ' }).value,
    ).toMatchObject({
      title: 'Half off',
      description: 'All day\nevery day',
      image_url: '/uploads/x.png',
    })
  })
})
