import { sql } from 'kysely'
import { db } from '~/db/db.server'
import type { Brand, NewBrand } from '~/db/types'
import { containsPattern } from '~/lib/like'

/** Brands in display order (spec §7: sort_order then name), optionally by name. */
export async function listBrands(options: { q?: string } = {}): Promise<Brand[]> {
  let query = db().selectFrom('brands').selectAll()
  const q = options.q?.trim()
  if (q) query = query.where(sql<boolean>`name LIKE ${containsPattern(q)} ESCAPE '\\'`)
  return query.orderBy('sort_order').orderBy('name').orderBy('id').execute()
}

/** The public brand grid: featured brands first, each part in display order. */
export async function listBrandsFeaturedFirst(options: { q?: string } = {}): Promise<Brand[]> {
  let query = db().selectFrom('brands').selectAll()
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
    .orderBy('sort_order')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

export async function countBrands(): Promise<number> {
  const row = await db()
    .selectFrom('brands')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function getBrand(id: number): Promise<Brand | undefined> {
  return db().selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst()
}

export type BrandWrite = Omit<NewBrand, 'id'>

export async function createBrand(values: BrandWrite): Promise<number> {
  const row = await db().insertInto('brands').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

export async function updateBrand(id: number, values: BrandWrite): Promise<boolean> {
  const result = await db().updateTable('brands').set(values).where('id', '=', id).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function deleteBrand(id: number): Promise<Brand | undefined> {
  return db().deleteFrom('brands').where('id', '=', id).returningAll().executeTakeFirst()
}
