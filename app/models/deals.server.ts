import { sql } from 'kysely'

import { db } from '~/db/db.server'
import type { DealSlide, NewDealSlide } from '~/db/types'
import { fieldChanges, type FieldSpec } from '~/lib/activity-changes'
import { containsPattern } from '~/lib/like'
import { todayInStore } from '~/lib/time'
import { recordActivity } from '~/models/activity.server'
import type { PermanentDelete } from '~/models/posts.server'
import { deleteForGood } from '~/models/trash.server'
import { deleteImagesLeftBehind } from '~/models/upload-files.server'
import type { DealInput } from '~/schemas/deal'

export const DEAL_FILTERS = ['all', 'active', 'upcoming', 'expired'] as const
export type DealFilter = (typeof DEAL_FILTERS)[number]

/**
 * Live slides for the public carousel: active, and today (store
 * time zone) inside their dates, open ends allowed; in sort_order.
 */
export async function listLiveDealSlides(now: Date = new Date()): Promise<DealSlide[]> {
  const today = todayInStore(now)
  return db()
    .selectFrom('deals_slides')
    .selectAll()
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', today)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
}

/**
 * Admin list with its filters: active = is_active; upcoming = starts after
 * today; expired = ended before today ("today" in the store's time zone).
 */
export async function listDealSlides(
  options: { q?: string; filter?: DealFilter; now?: Date } = {},
): Promise<DealSlide[]> {
  const today = todayInStore(options.now)
  let query = db().selectFrom('deals_slides').selectAll().where('deleted_at', 'is', null)
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
  // No filter, or 'all', lists every slide.
  switch (options.filter) {
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

/** A slide staff can open, by id: none in the Trash. */
export async function getDealSlide(id: number): Promise<DealSlide | undefined> {
  return db()
    .selectFrom('deals_slides')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export type DealSlideWrite = Omit<NewDealSlide, 'id'>

/**
 * A deal slide as its form gives it (DealSchema's output: a checkbox as a
 * boolean, empty fields as undefined). Left-out flags take the table's defaults.
 */
export type DealSlideValues = Pick<DealInput, 'title'> &
  Partial<Pick<DealInput, 'is_active' | 'sort_order'>> & {
    description?: string | null
    image_url?: string | null
    start_date?: string | null
    end_date?: string | null
  }

function dealColumns(values: DealSlideValues): DealSlideWrite {
  return {
    title: values.title,
    description: values.description || null,
    image_url: values.image_url || null,
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    ...(values.is_active === undefined ? {} : { is_active: values.is_active ? 1 : 0 }),
    // Kysely leaves out a column given as undefined.
    sort_order: values.sort_order,
  }
}

/** The fields the activity log names when a deal slide changes. */
const DEAL_FIELDS: Partial<Record<keyof DealSlide, FieldSpec>> = {
  title: { label: 'Title' },
  description: { label: 'Description' },
  image_url: { label: 'Image', format: 'image' },
  start_date: { label: 'Start date', format: 'date' },
  end_date: { label: 'End date', format: 'date' },
  is_active: { label: 'Active', format: 'yes-no' },
  sort_order: { label: 'Order', format: 'number' },
}

// Each change is logged in its own transaction (app/models/activity.server.ts).
export async function createDealSlide(input: DealSlideValues): Promise<number> {
  const values = dealColumns(input)
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.insertInto('deals_slides').values(values).returning('id').executeTakeFirstOrThrow()
      await recordActivity(trx, { kind: 'deal', action: 'created', subject_id: row.id, subject_label: values.title })
      return row.id
    })
}

/** Saves a slide's new values; an image it no longer uses is deleted unless something else uses it. */
export async function updateDealSlide(id: number, input: DealSlideValues): Promise<boolean> {
  const values = dealColumns(input)
  const before = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('deals_slides')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!before) return undefined
      await trx.updateTable('deals_slides').set(values).where('id', '=', id).execute()
      const changes = fieldChanges<DealSlide>(before, values, DEAL_FIELDS)
      // A save that changes nothing a person would see is not an event.
      if (changes.length > 0)
        await recordActivity(trx, {
          kind: 'deal',
          action: 'updated',
          subject_id: id,
          subject_label: values.title,
          changes,
        })
      return before
    })
  if (!before) return false
  await deleteImagesLeftBehind([before.image_url], [values.image_url])
  return true
}

/** Deletes a slide for good, and its image unless something else uses it (see deleteForGood). */
export async function deleteDealSlide(id: number, options: PermanentDelete = {}): Promise<DealSlide | undefined> {
  return (await deleteForGood('deal', id, options))?.row
}
