import { afterEach, describe, expect, it } from 'vitest'

import { sqlite, useDatabase } from '~/db/db.server'
import { contentVersion, markContentChanged } from '~/http/content-version.server'
import {
  addDays,
  addVisitCounts,
  oldestKeptDay,
  pruneVisitCounts,
  type VisitCountRow,
  visitReport,
} from '~/models/visit-counts.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()
afterEach(() => {
  useDatabase(undefined)
})

const TODAY = '2026-11-26'
const row = (metric: VisitCountRow['metric'], day: string, item: string, count: number): VisitCountRow => ({
  metric,
  day,
  item,
  count,
})

describe('visit counts', () => {
  it('adds each flush to the day’s rows, and never marks cached pages stale', async () => {
    markContentChanged()
    const version = contentVersion()
    await addVisitCounts([row('views', TODAY, '/deals', 3), row('visitors', TODAY, '', 2)])
    await addVisitCounts([row('views', TODAY, '/deals', 4)])
    expect(contentVersion()).toBe(version)
    expect(sqlite().prepare(`SELECT count FROM visit_counts WHERE item = '/deals'`).pluck().get()).toBe(7)
  })

  it('keeps 13 months: older days are deleted, the rest stay', async () => {
    expect(oldestKeptDay('2026-11-26')).toBe('2025-10-26')
    expect(oldestKeptDay('2026-03-31')).toBe('2025-02-28')
    await addVisitCounts([
      row('views', '2025-10-25', '/', 1),
      row('views', '2025-10-26', '/', 1),
      row('views', TODAY, '/', 1),
    ])
    expect(await pruneVisitCounts(TODAY)).toBe(1)
    expect(sqlite().prepare('SELECT day FROM visit_counts ORDER BY day').pluck().all()).toEqual(['2025-10-26', TODAY])
  })
})

describe('the dashboard report', () => {
  it('the owner sees this week against last week, every day of the range (quiet days as 0) and what was read most', async () => {
    sqlite()
      .prepare(
        `INSERT INTO posts (title, slug, status, published_at) VALUES (?, ?, 'published', '2026-11-01T12:00:00Z')`,
      )
      .run('Curbside pickup is here', 'curbside-pickup-is-here')
    const rows: VisitCountRow[] = []
    for (let back = 0; back < 14; back++) {
      const day = addDays(TODAY, -back)
      if (back === 3) continue // a day nobody came
      rows.push(row('visitors', day, '', back < 7 ? 20 : 10))
      rows.push(row('views', day, '/', back < 7 ? 30 : 15))
      rows.push(row('views', day, '/blog/curbside-pickup-is-here', 5))
      rows.push(row('views', day, '/blog/category/news', 9))
    }
    rows.push(row('views', addDays(TODAY, -40), '/old-favourite-page', 1000))
    rows.push(row('referrer', TODAY, 'google.com', 12), row('referrer', TODAY, 'direct', 8))
    rows.push(row('device', TODAY, 'phone', 15), row('device', TODAY, 'desktop', 5))
    rows.push(row('tap', TODAY, 'call:Lindsey', 2), row('tap', addDays(TODAY, -1), 'call:Lindsey', 1))
    rows.push(row('tap', TODAY, 'live-menu', 4), row('utm_source', TODAY, 'instagram', 3))
    await addVisitCounts(rows)

    const report = await visitReport(7, TODAY)
    expect(report.perDay.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(TODAY, i - 6)))
    expect(report.perDay.find((d) => d.day === addDays(TODAY, -3))).toEqual({
      day: addDays(TODAY, -3),
      visitors: 0,
      views: 0,
      taps: {},
    })
    expect(report.totals).toEqual({ visitors: 6 * 20, views: 6 * (30 + 5 + 9) })
    expect(report.thisWeek.visitors).toBe(120)
    expect(report.lastWeek.visitors).toBe(70)
    // Only the range counts: the page read 40 days ago is not on top.
    expect(report.topPages.map((r) => r.item)).toEqual(['/', '/blog/category/news', '/blog/curbside-pickup-is-here'])
    expect(report.topPosts).toEqual([
      { item: '/blog/curbside-pickup-is-here', count: 30, title: 'Curbside pickup is here' },
    ])
    expect(report.referrers).toEqual([
      { item: 'google.com', count: 12 },
      { item: 'direct', count: 8 },
    ])
    expect(report.devices).toEqual({ phone: 15, tablet: 0, desktop: 5 })
    expect(report.taps).toEqual({ 'call:Lindsey': 3, 'live-menu': 4 })
    expect(report.perDay.at(-1)!.taps).toEqual({ 'call:Lindsey': 2, 'live-menu': 4 })
    expect(report.campaigns.sources).toEqual([{ item: 'instagram', count: 3 }])

    const longer = await visitReport(90, TODAY)
    expect(longer.perDay).toHaveLength(90)
    expect(longer.topPages[0]).toEqual({ item: '/old-favourite-page', count: 1000 })
  })
})
