import { db } from '~/db/db.server'
import type { NewReview, Review, StoreKey } from '~/db/types'

/** A store's reviews, newest first. */
export async function listReviews(store: StoreKey): Promise<Omit<Review, 'store'>[]> {
  return db()
    .selectFrom('reviews')
    .select(['id', 'author', 'source', 'rating', 'quote', 'review_date'])
    .where('store', '=', store)
    .orderBy('review_date', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Adds a review as the store quotes it (the store's own content, written by the seed); returns its id. */
export async function addReview(values: Omit<NewReview, 'id'>): Promise<number> {
  const row = await db().insertInto('reviews').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}
