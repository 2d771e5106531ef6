import { describe, expect, it } from 'vitest'

import { createPost, listPostsForFeed } from '~/models/posts.server'
import { findOrCreateCategory, setPostCategories } from '~/models/taxonomy.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

const NOW = new Date('2026-11-22T18:00:00.000Z')

describe('the feed’s categories', () => {
  it('are each post’s own, not its neighbours’', async () => {
    const publish = (slug: string, minutesAgo: number) =>
      createPost({
        title: slug,
        slug,
        content: 'Body',
        status: 'published',
        published_at: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
      })
    const edibles = await publish('edibles-guide', 1)
    const flower = await publish('flower-guide', 2)
    await publish('no-category', 3)
    await setPostCategories(edibles, [(await findOrCreateCategory('Edibles'))!.id])
    await setPostCategories(flower, [
      (await findOrCreateCategory('Flower'))!.id,
      (await findOrCreateCategory('Guides'))!.id,
    ])

    const feed = await listPostsForFeed(20, NOW)
    expect(feed.map((item) => [item.slug, item.categories])).toEqual([
      ['edibles-guide', ['Edibles']],
      ['flower-guide', ['Flower', 'Guides']],
      ['no-category', []],
    ])
  })
})
