import { sql } from 'kysely'
import { db } from '~/db/db.server'
import type { DealSlide, NewDealSlide } from '~/db/types'
import { containsPattern } from '~/lib/like'
import { todayInStore } from '~/lib/time'

export const DEAL_FILTERS = ['all', 'active', 'upcoming', 'expired'] as const
export type DealFilter = (typeof DEAL_FILTERS)[number]

/**
 * Live slides for the public carousel (DECISIONS.md): active, and today (store
 * time zone) inside their dates, open ends allowed; in sort_order.
 */
export async function listLiveDealSlides(now: Date = new Date()): Promise<DealSlide[]> {
  const today = todayInStore(now)
  return db()
    .selectFrom('deals_slides')
    .selectAll()
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', today)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
}

/**
 * Admin list with the spec §4 filters: active = is_active; upcoming = starts after
 * today; expired = ended before today ("today" in the store's time zone).
 */
export async function listDealSlides(
  options: { q?: string; filter?: DealFilter; now?: Date } = {},
): Promise<DealSlide[]> {
  const today = todayInStore(options.now)
  let query = db().selectFrom('deals_slides').selectAll()
  const q = options.q?.trim()
  if (q) {
    const pattern = containsPattern(q)
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`title LIKE ${pattern} ESCAPE '\\'`,
        sql<boolean>`coalesce(description, '') LIKE ${pattern} ESCAPE '\\'`,
      ]),
    )
  }
  switch (options.filter ?? 'all') {
    case 'active':
      query = query.where('is_active', '=', 1)
      break
    case 'upcoming':
      query = query.where('start_date', '>', today)
      break
    case 'expired':
      query = query.where('end_date', '<', today)
      break
  }
  return query.orderBy('sort_order').orderBy('id').execute()
}

export type DealStatus = 'Expired' | 'Upcoming' | 'Active' | 'Inactive'

/** The status shown for one slide on a given day. */
export function dealStatus(
  slide: Pick<DealSlide, 'is_active' | 'start_date' | 'end_date'>,
  now: Date = new Date(),
): DealStatus {
  const today = todayInStore(now)
  if (slide.end_date && slide.end_date < today) return 'Expired'
  if (slide.start_date && slide.start_date > today) return 'Upcoming'
  return slide.is_active ? 'Active' : 'Inactive'
}

export async function countLiveDealSlides(now?: Date): Promise<number> {
  return (await listLiveDealSlides(now)).length
}

export async function getDealSlide(id: number): Promise<DealSlide | undefined> {
  return db().selectFrom('deals_slides').selectAll().where('id', '=', id).executeTakeFirst()
}

export type DealSlideWrite = Omit<NewDealSlide, 'id'>

export async function createDealSlide(values: DealSlideWrite): Promise<number> {
  const row = await db().insertInto('deals_slides').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

export async function updateDealSlide(id: number, values: DealSlideWrite): Promise<boolean> {
  const result = await db().updateTable('deals_slides').set(values).where('id', '=', id).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function deleteDealSlide(id: number): Promise<DealSlide | undefined> {
  return db().deleteFrom('deals_slides').where('id', '=', id).returningAll().executeTakeFirst()
}
