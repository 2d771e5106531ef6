import { beforeEach, describe, expect, it } from 'vitest'

import {
  countLiveDealSlides,
  createDealSlide,
  DEAL_FILTERS,
  dealStatus,
  deleteDealSlide,
  getDealSlide,
  listDealSlides,
  listLiveDealSlides,
  updateDealSlide,
} from '~/models/deals.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

// The store is in America/Chicago (CST = UTC-6 in November, CDT = UTC-5 in July).
const NOV_22_2359_LOCAL = new Date('2026-11-23T05:59:00.000Z')
const NOV_23_0000_LOCAL = new Date('2026-11-23T06:00:00.000Z')
// 20:00 on the 22nd in Chicago, already the 23rd in UTC.
const NOV_22_EVENING_LOCAL = new Date('2026-11-23T02:00:00.000Z')

type Slide = Parameters<typeof createDealSlide>[0]
const slide = (title: string, values: Partial<Slide> = {}) => createDealSlide({ title, ...values })
const titles = (rows: { title: string }[]) => rows.map((r) => r.title)

describe('deal slides: the live rule', () => {
  it('keeps a slide ending "today" live until 23:59 local and drops it at 00:00 the next day', async () => {
    await slide('Ends Sunday', { start_date: '2026-11-01', end_date: '2026-11-22' })
    expect(titles(await listLiveDealSlides(NOV_22_EVENING_LOCAL))).toEqual(['Ends Sunday'])
    expect(titles(await listLiveDealSlides(NOV_22_2359_LOCAL))).toEqual(['Ends Sunday'])
    expect(titles(await listLiveDealSlides(NOV_23_0000_LOCAL))).toEqual([])
  })

  it('starts a slide at 00:00 local on its start date', async () => {
    await slide('Starts Monday', { start_date: '2026-11-23', end_date: '2026-11-30' })
    expect(await listLiveDealSlides(NOV_22_2359_LOCAL)).toEqual([])
    expect(await listLiveDealSlides(NOV_22_EVENING_LOCAL)).toEqual([])
    expect(titles(await listLiveDealSlides(NOV_23_0000_LOCAL))).toEqual(['Starts Monday'])
  })

  it('uses the summer offset in July', async () => {
    await slide('Fourth of July', { start_date: '2026-07-04', end_date: '2026-07-04' })
    expect(await listLiveDealSlides(new Date('2026-07-04T04:59:00.000Z'))).toEqual([])
    expect(titles(await listLiveDealSlides(new Date('2026-07-04T05:00:00.000Z')))).toEqual(['Fourth of July'])
    expect(titles(await listLiveDealSlides(new Date('2026-07-05T04:59:00.000Z')))).toEqual(['Fourth of July'])
    expect(await listLiveDealSlides(new Date('2026-07-05T05:00:00.000Z'))).toEqual([])
  })

  it('allows open start and end dates, skips inactive slides, and keeps sort_order', async () => {
    await slide('Always on', { sort_order: 30 })
    await slide('Open start', { end_date: '2026-12-31', sort_order: 10 })
    await slide('Open end', { start_date: '2026-01-01', sort_order: 20 })
    await slide('Switched off', { is_active: false, sort_order: 0 })
    await slide('Future', { start_date: '2027-01-01', sort_order: 0 })
    await slide('Past', { end_date: '2026-01-01', sort_order: 0 })
    expect(titles(await listLiveDealSlides(NOV_22_2359_LOCAL))).toEqual(['Open start', 'Open end', 'Always on'])
    expect(await countLiveDealSlides(NOV_22_2359_LOCAL)).toBe(3)
  })

  it('orders slides with the same sort_order by id', async () => {
    await slide('First', { sort_order: 5 })
    await slide('Second', { sort_order: 5 })
    expect(titles(await listLiveDealSlides())).toEqual(['First', 'Second'])
    expect(await countLiveDealSlides()).toBe(2)
  })
})

describe('deal slides: the admin list', () => {
  beforeEach(async () => {
    await slide('Ends today', { start_date: '2026-11-01', end_date: '2026-11-22', description: 'Pre-roll special' })
    await slide('Ended yesterday', { end_date: '2026-11-21' })
    await slide('Starts tomorrow', { start_date: '2026-11-23' })
    await slide('Starts today', { start_date: '2026-11-22' })
    await slide('Paused', { is_active: false, description: '100% off? No: 10_percent off' })
  })

  it('has the four filters', () => {
    expect(DEAL_FILTERS).toEqual(['all', 'active', 'upcoming', 'expired'])
  })

  it('lists every slide by default', async () => {
    expect(await listDealSlides({ now: NOV_22_2359_LOCAL })).toHaveLength(5)
    expect(await listDealSlides({ filter: 'all', now: NOV_22_2359_LOCAL })).toHaveLength(5)
  })

  it('active means is_active, whatever the dates', async () => {
    expect(titles(await listDealSlides({ filter: 'active', now: NOV_22_2359_LOCAL }))).toEqual([
      'Ends today',
      'Ended yesterday',
      'Starts tomorrow',
      'Starts today',
    ])
  })

  it('upcoming and expired compare with today in Chicago at the day boundary', async () => {
    expect(titles(await listDealSlides({ filter: 'upcoming', now: NOV_22_2359_LOCAL }))).toEqual(['Starts tomorrow'])
    expect(titles(await listDealSlides({ filter: 'expired', now: NOV_22_2359_LOCAL }))).toEqual(['Ended yesterday'])
    // Still the 22nd in Chicago although the 23rd in UTC.
    expect(titles(await listDealSlides({ filter: 'upcoming', now: NOV_22_EVENING_LOCAL }))).toEqual(['Starts tomorrow'])
    expect(titles(await listDealSlides({ filter: 'expired', now: NOV_22_EVENING_LOCAL }))).toEqual(['Ended yesterday'])
    // Midnight in Chicago: the 23rd.
    expect(await listDealSlides({ filter: 'upcoming', now: NOV_23_0000_LOCAL })).toEqual([])
    expect(titles(await listDealSlides({ filter: 'expired', now: NOV_23_0000_LOCAL }))).toEqual([
      'Ends today',
      'Ended yesterday',
    ])
  })

  it('searches title and description with wildcards taken literally', async () => {
    expect(titles(await listDealSlides({ q: 'starts', now: NOV_22_2359_LOCAL }))).toEqual([
      'Starts tomorrow',
      'Starts today',
    ])
    expect(titles(await listDealSlides({ q: 'PRE-ROLL' }))).toEqual(['Ends today'])
    expect(titles(await listDealSlides({ q: '100%' }))).toEqual(['Paused'])
    expect(titles(await listDealSlides({ q: '10_' }))).toEqual(['Paused'])
    expect(titles(await listDealSlides({ q: '%' }))).toEqual(['Paused'])
    expect(titles(await listDealSlides({ q: 'today', filter: 'expired', now: NOV_23_0000_LOCAL }))).toEqual([
      'Ends today',
    ])
  })
})

describe('dealStatus', () => {
  const at = NOV_22_2359_LOCAL
  it('names the state of one slide on a given day', () => {
    expect(dealStatus({ is_active: 1, start_date: null, end_date: null }, at)).toBe('Active')
    expect(dealStatus({ is_active: 0, start_date: null, end_date: null }, at)).toBe('Inactive')
    expect(dealStatus({ is_active: 1, start_date: '2026-11-01', end_date: '2026-11-22' }, at)).toBe('Active')
    expect(dealStatus({ is_active: 1, start_date: '2026-11-01', end_date: '2026-11-22' }, NOV_23_0000_LOCAL)).toBe(
      'Expired',
    )
    expect(dealStatus({ is_active: 1, start_date: '2026-11-23', end_date: null }, at)).toBe('Upcoming')
    expect(dealStatus({ is_active: 1, start_date: '2026-11-23', end_date: null }, NOV_23_0000_LOCAL)).toBe('Active')
    // Dates win over the switch: an expired, switched-off slide reads Expired.
    expect(dealStatus({ is_active: 0, start_date: null, end_date: '2026-11-21' }, at)).toBe('Expired')
    expect(dealStatus({ is_active: 0, start_date: '2026-12-01', end_date: null }, at)).toBe('Upcoming')
  })

  it('defaults to now', () => {
    expect(dealStatus({ is_active: 1, start_date: null, end_date: null })).toBe('Active')
  })
})

describe('deal slides: create, read, update, delete', () => {
  it('creates a slide with its defaults', async () => {
    const id = await createDealSlide({ title: 'Weekend special' })
    expect(await getDealSlide(id)).toEqual({
      id,
      title: 'Weekend special',
      description: null,
      image_url: null,
      start_date: null,
      end_date: null,
      is_active: 1,
      sort_order: 0,
      // in use, not in the Trash
      deleted_at: null,
      deleted_by: null,
    })
    expect(await getDealSlide(id + 100)).toBeUndefined()
  })

  it('updates a slide and says whether it existed', async () => {
    const id = await createDealSlide({ title: 'Old' })
    const values = {
      title: 'New',
      description: 'Now with a description',
      image_url: '/images/deals/new.svg',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      is_active: false,
      sort_order: 7,
    }
    expect(await updateDealSlide(id, values)).toBe(true)
    expect(await getDealSlide(id)).toEqual({ id, ...values, is_active: 0, deleted_at: null, deleted_by: null })
    expect(await updateDealSlide(id + 100, values)).toBe(false)
  })

  it('deletes a slide and returns what was removed', async () => {
    const id = await createDealSlide({ title: 'Short lived', image_url: '/uploads/deals/a.png' })
    expect((await deleteDealSlide(id))?.image_url).toBe('/uploads/deals/a.png')
    expect(await getDealSlide(id)).toBeUndefined()
    expect(await deleteDealSlide(id)).toBeUndefined()
  })

  it('refuses dates that are not YYYY-MM-DD', async () => {
    await expect(createDealSlide({ title: 'Bad', start_date: '11/22/2026' })).rejects.toThrow(/CHECK/)
    await expect(createDealSlide({ title: 'Bad', end_date: '2026-11-22T00:00' })).rejects.toThrow(/CHECK/)
  })
})
