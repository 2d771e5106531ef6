import { db } from '~/db/db.server'
import type { Review, StoreKey } from '~/db/types'

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
