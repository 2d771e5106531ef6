import { describe, expect, it } from 'vitest'

import { db } from '~/db/db.server'
import type { StoreKey } from '~/db/types'
import { listReviews } from '~/models/reviews.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

async function review(store: StoreKey, author: string, review_date: string, rating = 5) {
  await db()
    .insertInto('reviews')
    .values({ store, author, source: 'Google', rating, quote: `${author} liked it`, review_date })
    .execute()
}

describe('reviews model', () => {
  it("lists one store's reviews, newest first, without the store column", async () => {
    await review('Lindsey', 'Older', '2026-01-05')
    await review('BlueWater', 'Other store', '2026-06-01')
    await review('Lindsey', 'Newest', '2026-10-30', 4)
    await review('Lindsey', 'Middle', '2026-05-17', 3)

    const lindsey = await listReviews('Lindsey')
    expect(lindsey.map((r) => r.author)).toEqual(['Newest', 'Middle', 'Older'])
    expect(lindsey[0]).toEqual({
      id: expect.any(Number),
      author: 'Newest',
      source: 'Google',
      rating: 4,
      quote: 'Newest liked it',
      review_date: '2026-10-30',
    })
    expect(lindsey[0]).not.toHaveProperty('store')
    expect((await listReviews('BlueWater')).map((r) => r.author)).toEqual(['Other store'])
  })

  it('orders reviews of the same day by the newest row first', async () => {
    await review('BlueWater', 'First in', '2026-03-03')
    await review('BlueWater', 'Second in', '2026-03-03')
    expect((await listReviews('BlueWater')).map((r) => r.author)).toEqual(['Second in', 'First in'])
  })

  it('gives an empty list for a store with no reviews', async () => {
    expect(await listReviews('Lindsey')).toEqual([])
  })
})
