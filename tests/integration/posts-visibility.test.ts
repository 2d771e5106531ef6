import { beforeEach, describe, expect, it } from 'vitest'

import { createPost, getPublishedPostBySlug, listLatestPosts, listPublishedPosts } from '~/models/posts.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

const NOW = new Date('2026-11-22T18:00:00.000Z')

async function post(slug: string, status: 'draft' | 'scheduled' | 'published', published_at: string | null) {
  return createPost({ title: slug, slug, content: 'Body', status, published_at })
}

describe('the public visibility rule', () => {
  beforeEach(async () => {
    await post('draft', 'draft', '2026-01-01T00:00:00.000Z')
    await post('scheduled-future', 'scheduled', '2026-12-01T00:00:00.000Z')
    await post('published-future', 'published', '2026-12-01T00:00:00.000Z')
    await post('published-past', 'published', '2026-11-01T00:00:00.000Z')
    await post('published-now', 'published', NOW.toISOString())
    await post('published-no-date', 'published', null)
  })

  it('shows only published posts whose date has come', async () => {
    const { posts, total } = await listPublishedPosts({ now: NOW })
    expect(posts.map((p) => p.slug)).toEqual(['published-now', 'published-past'])
    expect(total).toBe(2)
    expect((await listLatestPosts(3, NOW)).map((p) => p.slug)).toEqual(['published-now', 'published-past'])
  })

  it('hides drafts, future posts and undated posts by slug too', async () => {
    for (const slug of ['draft', 'scheduled-future', 'published-future', 'published-no-date']) {
      expect(await getPublishedPostBySlug(slug, NOW)).toBeUndefined()
    }
    expect((await getPublishedPostBySlug('published-now', NOW))?.title).toBe('published-now')
  })

  it('makes a post public at its published_at with no job running', async () => {
    const later = new Date('2026-12-01T00:00:00.000Z')
    expect(await getPublishedPostBySlug('published-future', later)).toBeDefined()
  })
})
