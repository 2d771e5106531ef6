import { beforeEach, describe, expect, it } from 'vitest'

import { createDealSlide, type DealFilter, dealStatus, listDealSlides, listLiveDealSlides } from '~/models/deals.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

// America/Chicago is UTC-6 in November: the store's day turns at 06:00 UTC.
const LAST_MINUTE_OF_NOV_21 = new Date('2026-11-22T05:59:59.000Z')
const FIRST_MINUTE_OF_NOV_22 = new Date('2026-11-22T06:00:00.000Z')
// UTC has already turned to the 22nd, Norman has not.
const UTC_MIDNIGHT = new Date('2026-11-22T00:30:00.000Z')

async function seed() {
  await createDealSlide({
    title: 'Starts Nov 22',
    start_date: '2026-11-22',
    end_date: null,
    description: null,
    image_url: null,
  })
  await createDealSlide({
    title: 'Ends Nov 21',
    start_date: '2026-11-01',
    end_date: '2026-11-21',
    description: null,
    image_url: null,
  })
  await createDealSlide({
    title: 'Only Nov 22',
    start_date: '2026-11-22',
    end_date: '2026-11-22',
    description: null,
    image_url: null,
  })
  await createDealSlide({
    title: 'Paused',
    start_date: null,
    end_date: null,
    is_active: false,
    description: 'Holiday bundle on hold',
    image_url: null,
  })
  await createDealSlide({ title: 'Open ended', start_date: null, end_date: null, description: null, image_url: null })
}

async function titles(filter: DealFilter, now: Date, q?: string) {
  return (await listDealSlides({ filter, now, q })).map((d) => d.title).sort()
}

describe('deal filters at the store-day boundaries (America/Chicago)', () => {
  beforeEach(seed)

  it('at 23:59:59 on Nov 21 in Norman', async () => {
    expect(await titles('upcoming', LAST_MINUTE_OF_NOV_21)).toEqual(['Only Nov 22', 'Starts Nov 22'])
    expect(await titles('expired', LAST_MINUTE_OF_NOV_21)).toEqual([])
    expect(await titles('active', LAST_MINUTE_OF_NOV_21)).toEqual([
      'Ends Nov 21',
      'Only Nov 22',
      'Open ended',
      'Starts Nov 22',
    ])
    expect(await titles('all', LAST_MINUTE_OF_NOV_21)).toHaveLength(5)
    expect((await listLiveDealSlides(LAST_MINUTE_OF_NOV_21)).map((d) => d.title).sort()).toEqual([
      'Ends Nov 21',
      'Open ended',
    ])
  })

  it('at 00:00 on Nov 22 in Norman', async () => {
    expect(await titles('upcoming', FIRST_MINUTE_OF_NOV_22)).toEqual([])
    expect(await titles('expired', FIRST_MINUTE_OF_NOV_22)).toEqual(['Ends Nov 21'])
    expect((await listLiveDealSlides(FIRST_MINUTE_OF_NOV_22)).map((d) => d.title).sort()).toEqual([
      'Only Nov 22',
      'Open ended',
      'Starts Nov 22',
    ])
  })

  it('uses the store day, not the UTC day', async () => {
    expect(await titles('upcoming', UTC_MIDNIGHT)).toEqual(['Only Nov 22', 'Starts Nov 22'])
    expect(await titles('expired', UTC_MIDNIGHT)).toEqual([])
  })

  it('turns at 05:00 UTC in summer (daylight time)', async () => {
    await createDealSlide({
      title: 'July 4th',
      start_date: '2026-07-01',
      end_date: '2026-07-04',
      description: null,
      image_url: null,
    })
    expect(await titles('upcoming', new Date('2026-07-01T04:59:00.000Z'))).toContain('July 4th')
    expect(await titles('upcoming', new Date('2026-07-01T05:00:00.000Z'))).not.toContain('July 4th')
    expect(await titles('expired', new Date('2026-07-05T04:59:00.000Z'))).not.toContain('July 4th')
    expect(await titles('expired', new Date('2026-07-05T05:00:00.000Z'))).toContain('July 4th')
  })

  it('combines a filter with the search box', async () => {
    expect(await titles('all', FIRST_MINUTE_OF_NOV_22, 'nov 22')).toEqual(['Only Nov 22', 'Starts Nov 22'])
    expect(await titles('all', FIRST_MINUTE_OF_NOV_22, 'holiday')).toEqual(['Paused'])
    expect(await titles('upcoming', LAST_MINUTE_OF_NOV_21, 'only')).toEqual(['Only Nov 22'])
    expect(await titles('all', FIRST_MINUTE_OF_NOV_22, '100%_off')).toEqual([])
  })

  it('gives each slide its status for the day', () => {
    const slide = { is_active: 1, start_date: '2026-11-22', end_date: '2026-11-22' }
    expect(dealStatus(slide, LAST_MINUTE_OF_NOV_21)).toBe('Upcoming')
    expect(dealStatus(slide, FIRST_MINUTE_OF_NOV_22)).toBe('Active')
    expect(dealStatus(slide, new Date('2026-11-23T06:00:00.000Z'))).toBe('Expired')
    expect(dealStatus({ ...slide, is_active: 0 }, FIRST_MINUTE_OF_NOV_22)).toBe('Inactive')
  })
})
