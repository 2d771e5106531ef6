import { sql } from 'kysely'

import { db } from '~/db/db.server'
import type { Brand, NewBrand } from '~/db/types'
import { fieldChanges, type FieldSpec } from '~/lib/activity-changes'
import { containsPattern } from '~/lib/like'
import { recordActivity } from '~/models/activity.server'
import type { PermanentDelete } from '~/models/posts.server'
import { deleteForGood } from '~/models/trash.server'
import { deleteImagesLeftBehind } from '~/models/upload-files.server'
import type { BrandInput } from '~/schemas/brand'

/** Brands in display order (sort_order then name, public and admin alike), optionally by name. */
export async function listBrands(options: { q?: string } = {}): Promise<Brand[]> {
  let query = db().selectFrom('brands').selectAll().where('deleted_at', 'is', null)
  const q = options.q?.trim()
  if (q) query = query.where(sql<boolean>`name LIKE ${containsPattern(q)} ESCAPE '\\'`)
  return query.orderBy('sort_order').orderBy('name').orderBy('id').execute()
}

/** The public brand grid: featured brands first, each part in display order. */
export async function listBrandsFeaturedFirst(options: { q?: string } = {}): Promise<Brand[]> {
  let query = db().selectFrom('brands').selectAll().where('deleted_at', 'is', null)
  const q = options.q?.trim()
  if (q) query = query.where(sql<boolean>`name LIKE ${containsPattern(q)} ESCAPE '\\'`)
  return query.orderBy('is_featured', 'desc').orderBy('sort_order').orderBy('name').orderBy('id').execute()
}

/** The featured brands in display order: the home page carousel. */
export async function listFeaturedBrands(): Promise<Brand[]> {
  return db()
    .selectFrom('brands')
    .selectAll()
    .where('is_featured', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

export async function countBrands(): Promise<number> {
  const row = await db()
    .selectFrom('brands')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A brand staff can open, by id: none in the Trash. */
export async function getBrand(id: number): Promise<Brand | undefined> {
  return db().selectFrom('brands').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
}

export type BrandWrite = Omit<NewBrand, 'id'>

/**
 * A brand as its form gives it (BrandSchema's output: a checkbox as a boolean,
 * an empty website as undefined). Left-out flags take the table's defaults.
 */
export type BrandValues = Pick<BrandInput, 'name' | 'logo_url'> &
  Partial<Pick<BrandInput, 'is_featured' | 'sort_order'>> & { site_url?: string | null }

function brandColumns(values: BrandValues): BrandWrite {
  return {
    name: values.name,
    logo_url: values.logo_url,
    site_url: values.site_url || null,
    ...(values.is_featured === undefined ? {} : { is_featured: values.is_featured ? 1 : 0 }),
    // Kysely leaves out a column given as undefined.
    sort_order: values.sort_order,
  }
}

/** The fields the activity log names when a brand changes. */
const BRAND_FIELDS: Partial<Record<keyof Brand, FieldSpec>> = {
  name: { label: 'Name' },
  logo_url: { label: 'Logo', format: 'image' },
  site_url: { label: 'Website', format: 'link' },
  is_featured: { label: 'Featured', format: 'yes-no' },
  sort_order: { label: 'Order', format: 'number' },
}

// Each change is logged in its own transaction (app/models/activity.server.ts).
export async function createBrand(input: BrandValues): Promise<number> {
  const values = brandColumns(input)
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.insertInto('brands').values(values).returning('id').executeTakeFirstOrThrow()
      await recordActivity(trx, { kind: 'brand', action: 'created', subject_id: row.id, subject_label: values.name })
      return row.id
    })
}

/** Saves a brand's new values; a logo it no longer uses is deleted unless something else uses it. */
export async function updateBrand(id: number, input: BrandValues): Promise<boolean> {
  const values = brandColumns(input)
  const before = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('brands')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!before) return undefined
      await trx.updateTable('brands').set(values).where('id', '=', id).execute()
      const changes = fieldChanges<Brand>(before, values, BRAND_FIELDS)
      // A save that changes nothing a person would see is not an event.
      if (changes.length > 0)
        await recordActivity(trx, {
          kind: 'brand',
          action: 'updated',
          subject_id: id,
          subject_label: values.name,
          changes,
        })
      return before
    })
  if (!before) return false
  await deleteImagesLeftBehind([before.logo_url], [values.logo_url])
  return true
}

/** Deletes a brand for good, and its logo unless something else uses it (see deleteForGood). */
export async function deleteBrand(id: number, options: PermanentDelete = {}): Promise<Brand | undefined> {
  return (await deleteForGood('brand', id, options))?.row
}
