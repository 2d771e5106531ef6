import { describe, expect, it } from 'vitest'

import { createDealSlide, listLiveDealSlides } from '~/models/deals.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

async function slide(
  title: string,
  values: { start?: string | null; end?: string | null; active?: 0 | 1; order?: number } = {},
) {
  return createDealSlide({
    title,
    description: `${title} description`,
    image_url: `/images/deals/${title}.svg`,
    start_date: values.start ?? null,
    end_date: values.end ?? null,
    is_active: (values.active ?? 1) === 1,
    sort_order: values.order ?? 0,
  })
}

const titles = async (now: Date) => (await listLiveDealSlides(now)).map((s) => s.title)

// 2026-11-22 at noon in Norman (UTC-6).
const NOON_NOV_22 = new Date('2026-11-22T18:00:00.000Z')

describe('listLiveDealSlides', () => {
  it('allows open start and end dates', async () => {
    await slide('open-both')
    await slide('open-start', { end: '2026-11-30' })
    await slide('open-end', { start: '2026-11-01' })
    expect((await titles(NOON_NOV_22)).sort()).toEqual(['open-both', 'open-end', 'open-start'])
  })

  it('includes slides that start or end today, and hides past and future ones', async () => {
    await slide('starts-today', { start: '2026-11-22', end: '2026-12-31' })
    await slide('ends-today', { start: '2026-11-01', end: '2026-11-22' })
    await slide('ended-yesterday', { start: '2026-11-01', end: '2026-11-21' })
    await slide('starts-tomorrow', { start: '2026-11-23' })
    expect((await titles(NOON_NOV_22)).sort()).toEqual(['ends-today', 'starts-today'])
  })

  it('decides "today" in America/Chicago, not UTC', async () => {
    await slide('ends-nov-22', { end: '2026-11-22' })
    await slide('starts-nov-23', { start: '2026-11-23' })
    // 23:30 on Nov 22 in Norman is already Nov 23 in UTC.
    const lateEvening = new Date('2026-11-23T05:30:00.000Z')
    expect(await titles(lateEvening)).toEqual(['ends-nov-22'])
    // 00:30 on Nov 23 in Norman.
    const afterMidnight = new Date('2026-11-23T06:30:00.000Z')
    expect(await titles(afterMidnight)).toEqual(['starts-nov-23'])
  })

  it('hides inactive slides even inside their dates', async () => {
    await slide('inactive', { active: 0 })
    await slide('inactive-dated', { start: '2026-11-01', end: '2026-11-30', active: 0 })
    await slide('active')
    expect(await titles(NOON_NOV_22)).toEqual(['active'])
  })

  it('orders by sort_order, then by creation', async () => {
    await slide('third', { order: 5 })
    await slide('first', { order: -1 })
    await slide('second-a', { order: 2 })
    await slide('second-b', { order: 2 })
    expect(await titles(NOON_NOV_22)).toEqual(['first', 'second-a', 'second-b', 'third'])
  })
})
