import { sql } from 'kysely'

import { db } from '~/db/db.server'
import type { VisitCountsTable } from '~/db/types'
import type { DayFigures, VisitReport } from '~/lib/visits'

/**
 * Visits and taps rolled up per day (table `visit_counts`): the counter in
 * app/http/visit-counter.server.ts adds what it counted in memory every few
 * seconds; the dashboard reads the report below. Rows hold counts only: a page's
 * path, a site's name, a device class or a tap, never anything about a person.
 */

export type VisitMetric = VisitCountsTable['metric']

export interface VisitCountRow {
  metric: VisitMetric
  day: string
  item: string
  count: number
}

/** Counts are kept 13 months: a year to compare with, and the month before it. */
export const VISIT_RETENTION_MONTHS = 13

/** Rows per statement: four values each, far below SQLite's limit on parameters. */
const ROWS_PER_STATEMENT = 250

/**
 * Adds counts to their day's rows in one short transaction, a few statements
 * of many rows each: it runs every few seconds beside page requests. The table
 * is private to the page cache (app/http/content-version.server.ts), so these
 * writes never mark cached pages stale.
 */
export async function addVisitCounts(rows: VisitCountRow[]): Promise<void> {
  if (rows.length === 0) return
  await db()
    .transaction()
    .execute(async (trx) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('visit_counts')
          .values(rows.slice(i, i + ROWS_PER_STATEMENT))
          .onConflict((oc) => oc.columns(['metric', 'day', 'item']).doUpdateSet({ count: sql`count + excluded.count` }))
          .execute()
      }
    })
}

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** The first day still kept when today is `today`: the same date 13 months earlier. */
export function oldestKeptDay(today: string): string {
  const [y, m, d] = today.split('-').map(Number)
  const first = new Date(Date.UTC(y, m - 1 - VISIT_RETENTION_MONTHS, 1))
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, lastOfMonth))
  return first.toISOString().slice(0, 10)
}

/** Deletes the days older than 13 months before `today`; returns how many rows went. */
export async function pruneVisitCounts(today: string): Promise<number> {
  const result = await db().deleteFrom('visit_counts').where('day', '<', oldestKeptDay(today)).executeTakeFirst()
  return Number(result.numDeletedRows)
}

const TOP = 10

/**
 * What the dashboard shows for the last `days` days up to `today` (store time):
 * visitors and page views per day, the week against the week before, the most
 * read pages and posts, where visitors came from, their devices and the taps.
 */
export async function visitReport(days: number, today: string): Promise<VisitReport> {
  const from = addDays(today, -(days - 1))
  // The week comparison needs 14 days even when the range is 7.
  const dailyFrom = addDays(today, -Math.max(days - 1, 13))
  const inRange = (metric: VisitMetric) =>
    db().selectFrom('visit_counts').where('metric', '=', metric).where('day', '>=', from).where('day', '<=', today)
  const ranked = (metric: VisitMetric, limit = TOP) =>
    inRange(metric)
      .select(['item', sql<number>`sum(count)`.as('count')])
      .groupBy('item')
      .orderBy('count', 'desc')
      .orderBy('item')
      .limit(limit)
      .execute()

  const [daily, tapRows, topPages, postRows, referrers, sources, campaigns, deviceRows] = await Promise.all([
    db()
      .selectFrom('visit_counts')
      .select(['metric', 'day', sql<number>`sum(count)`.as('count')])
      .where('metric', 'in', ['views', 'visitors'])
      .where('day', '>=', dailyFrom)
      .where('day', '<=', today)
      .groupBy(['metric', 'day'])
      .execute(),
    inRange('tap').select(['day', 'item', 'count']).execute(),
    ranked('views'),
    inRange('views')
      .select(['item', sql<number>`sum(count)`.as('count')])
      .where('item', 'like', '/blog/%')
      .where('item', 'not like', '/blog/category/%')
      .where('item', 'not like', '/blog/tag/%')
      .groupBy('item')
      .orderBy('count', 'desc')
      .orderBy('item')
      .limit(TOP)
      .execute(),
    ranked('referrer'),
    ranked('utm_source'),
    ranked('utm_campaign'),
    ranked('device', 3),
  ])

  const slugs = postRows.map((row) => row.item.slice('/blog/'.length))
  const titles = new Map(
    slugs.length === 0
      ? []
      : (await db().selectFrom('posts').select(['slug', 'title']).where('slug', 'in', slugs).execute()).map(
          (post) => [post.slug, post.title] as const,
        ),
  )

  const byDay = new Map<string, DayFigures>()
  for (let day = dailyFrom; day <= today; day = addDays(day, 1))
    byDay.set(day, { day, visitors: 0, views: 0, taps: {} })
  for (const row of daily) {
    const figures = byDay.get(row.day)
    if (figures) figures[row.metric as 'views' | 'visitors'] = Number(row.count)
  }
  for (const row of tapRows) {
    const figures = byDay.get(row.day)
    if (figures) figures.taps[row.item] = (figures.taps[row.item] ?? 0) + row.count
  }
  const all = [...byDay.values()]
  const sum = (list: DayFigures[]) => ({
    visitors: list.reduce((total, d) => total + d.visitors, 0),
    views: list.reduce((total, d) => total + d.views, 0),
  })
  const perDay = all.filter((d) => d.day >= from)
  const taps: Record<string, number> = {}
  for (const d of perDay) for (const [item, count] of Object.entries(d.taps)) taps[item] = (taps[item] ?? 0) + count
  const devices = { phone: 0, tablet: 0, desktop: 0 }
  for (const row of deviceRows) if (row.item in devices) devices[row.item as keyof typeof devices] = Number(row.count)
  const num = (rows: { item: string; count: number }[]) => rows.map((r) => ({ item: r.item, count: Number(r.count) }))

  return {
    days,
    from,
    to: today,
    perDay,
    totals: sum(perDay),
    thisWeek: sum(all.slice(-7)),
    lastWeek: sum(all.slice(-14, -7)),
    topPages: num(topPages),
    topPosts: num(postRows).map((row) => ({ ...row, title: titles.get(row.item.slice('/blog/'.length)) ?? null })),
    referrers: num(referrers),
    campaigns: { sources: num(sources), campaigns: num(campaigns) },
    devices,
    taps,
  }
}
