import { beforeEach, describe, expect, it } from 'vitest'

import { sqlite } from '~/db/db.server'
import {
  BLOG_PAGE_SIZE,
  createPost,
  getPublishedPostBySlug,
  listLatestPosts,
  listPostsForFeed,
  listPostsForSitemap,
  listPublishedPosts,
  listPublishedPostsInCategory,
  listPublishedPostsWithTag,
  POST_CARD_COLUMNS,
  visiblePosts,
} from '~/models/posts.server'
import { findOrCreateCategory, findOrCreateTag, setPostCategories, setPostTags } from '~/models/taxonomy.server'
import { parsePage } from '~/schemas/list-filter'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

const NOW = new Date('2026-11-22T18:00:00.000Z')
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000).toISOString()

async function publish(slug: string, title: string, minutes: number, excerpt: string | null = null) {
  return createPost({ title, slug, excerpt, content: 'Body', status: 'published', published_at: minutesAgo(minutes) })
}

describe('one visibility rule for every public list', () => {
  it('hides drafts, scheduled, future-dated and undated posts from the category, tag, feed and sitemap too', async () => {
    const cat = (await findOrCreateCategory('Guides'))!
    const tag = (await findOrCreateTag('Flower'))!
    const ids = [
      await createPost({ title: 'd', slug: 'draft', content: '', status: 'draft', published_at: minutesAgo(10) }),
      await createPost({
        title: 's',
        slug: 'scheduled',
        content: '',
        status: 'scheduled',
        published_at: minutesAgo(-10),
      }),
      await createPost({ title: 'f', slug: 'future', content: '', status: 'published', published_at: minutesAgo(-1) }),
      await createPost({ title: 'u', slug: 'undated', content: '', status: 'published', published_at: null }),
      await createPost({ title: 'n', slug: 'now', content: '', status: 'published', published_at: NOW.toISOString() }),
      await createPost({ title: 'p', slug: 'past', content: '', status: 'published', published_at: minutesAgo(60) }),
    ]
    for (const id of ids) {
      await setPostCategories(id, [cat.id])
      await setPostTags(id, [tag.id])
    }
    const expected = ['now', 'past']
    expect((await listPublishedPostsInCategory(cat.id, { now: NOW })).posts.map((p) => p.slug)).toEqual(expected)
    expect((await listPublishedPostsWithTag(tag.id, { now: NOW })).posts.map((p) => p.slug)).toEqual(expected)
    expect((await listPostsForFeed(20, NOW)).map((p) => p.slug)).toEqual(expected)
    expect((await listPostsForSitemap(NOW)).map((p) => p.slug)).toEqual(expected)
    expect((await listLatestPosts(3, NOW)).map((p) => p.slug)).toEqual(expected)
    expect(await getPublishedPostBySlug('scheduled', NOW)).toBeUndefined()
    // One second later than its date, the future post is public without anything running.
    expect((await listPostsForFeed(20, new Date(NOW.getTime() + 61_000))).map((p) => p.slug)).toEqual([
      'future',
      'now',
      'past',
    ])
  })

  it('gives an empty feed, and an empty page past the last one, while nothing is published', async () => {
    await createPost({ title: 'd', slug: 'draft', content: '', status: 'draft', published_at: minutesAgo(10) })
    expect(await listPostsForFeed(20, NOW)).toEqual([])
    expect(await listPublishedPosts({ page: 3, now: NOW })).toEqual({ posts: [], total: 0, page: 3, pageCount: 1 })
  })

  it('gives the feed its categories by name', async () => {
    const id = await publish('with-cats', 'With cats', 5)
    const a = (await findOrCreateCategory('Wellness'))!
    const b = (await findOrCreateCategory('Edibles'))!
    await setPostCategories(id, [a.id, b.id])
    const [item] = await listPostsForFeed(20, NOW)
    expect(item.categories).toEqual(['Edibles', 'Wellness'])
  })

  it('caps the feed at 20, newest first', async () => {
    for (let i = 0; i < 25; i++) await publish(`p-${i}`, `Post ${i}`, i + 1)
    const feed = await listPostsForFeed(20, NOW)
    expect(feed).toHaveLength(20)
    expect(feed[0].slug).toBe('p-0')
    expect(feed[19].slug).toBe('p-19')
  })
})

describe('paging of the blog list', () => {
  it('parses page numbers: anything that is not a positive whole number is page 1', () => {
    expect(parsePage(null)).toBe(1)
    expect(parsePage('')).toBe(1)
    expect(parsePage('abc')).toBe(1)
    expect(parsePage('-2')).toBe(1)
    expect(parsePage('0')).toBe(1)
    expect(parsePage('2.5')).toBe(1)
    expect(parsePage('1e3')).toBe(1)
    expect(parsePage('99999999999999')).toBe(1)
    expect(parsePage('3')).toBe(3)
    expect(parsePage('007')).toBe(7)
  })

  it('has 12 posts a page, newest first, and counts pages', async () => {
    for (let i = 0; i < 25; i++) await publish(`post-${i}`, `Post ${i}`, i + 1)
    const first = await listPublishedPosts({ now: NOW })
    expect(BLOG_PAGE_SIZE).toBe(12)
    expect(first.posts).toHaveLength(12)
    expect(first.posts[0].slug).toBe('post-0')
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 3 })
    const last = await listPublishedPosts({ now: NOW, page: 3 })
    expect(last.posts.map((p) => p.slug)).toEqual(['post-24'])
    const past = await listPublishedPosts({ now: NOW, page: 4 })
    expect(past.posts).toEqual([])
    expect(past.pageCount).toBe(3)
  })

  it('has exactly one page for exactly 12 posts, and one (empty) page for none', async () => {
    expect(await listPublishedPosts({ now: NOW })).toMatchObject({ posts: [], total: 0, pageCount: 1 })
    for (let i = 0; i < 12; i++) await publish(`post-${i}`, `Post ${i}`, i + 1)
    expect(await listPublishedPosts({ now: NOW })).toMatchObject({ total: 12, pageCount: 1 })
    await publish('post-12', 'Post 12', 100)
    expect(await listPublishedPosts({ now: NOW })).toMatchObject({ total: 13, pageCount: 2 })
  })

  it('orders posts with the same date by id so pages never overlap', async () => {
    for (let i = 0; i < 15; i++) {
      await createPost({
        title: `Same ${i}`,
        slug: `same-${i}`,
        content: '',
        status: 'published',
        published_at: minutesAgo(5),
      })
    }
    const a = await listPublishedPosts({ now: NOW, page: 1 })
    const b = await listPublishedPosts({ now: NOW, page: 2 })
    const slugs = [...a.posts, ...b.posts].map((p) => p.slug)
    expect(new Set(slugs).size).toBe(15)
  })

  it('selects only the card columns (and the stored size of the hero image)', async () => {
    await publish('one', 'One', 1)
    const { posts } = await listPublishedPosts({ now: NOW })
    expect(Object.keys(posts[0]).sort()).toEqual(
      [...POST_CARD_COLUMNS.map((c) => c.replace('posts.', '')), 'hero_image_size'].sort(),
    )
  })
})

describe('search of the blog list', () => {
  beforeEach(async () => {
    await publish('edibles-guide', 'A Guide to EDIBLES', 1, 'Start low and go slow.')
    await publish('flower', 'Fresh Flower Friday', 2, 'New strains and edibles pairings.')
    await publish('percent', '20% off Tuesdays', 3, 'Deals on concentrates.')
    await publish('underscore', 'snake_case and you', 4, 'Nothing here.')
    await publish('backslash', 'Back\\slash', 5, null)
    await createPost({ title: 'Edibles draft', slug: 'draft', content: '', status: 'draft', published_at: null })
  })

  it('matches a case-insensitive substring of title or excerpt, visible posts only', async () => {
    const { posts, total } = await listPublishedPosts({ q: 'edibles', now: NOW })
    expect(posts.map((p) => p.slug)).toEqual(['edibles-guide', 'flower'])
    expect(total).toBe(2)
    expect((await listPublishedPosts({ q: 'GO SLOW', now: NOW })).posts.map((p) => p.slug)).toEqual(['edibles-guide'])
  })

  it('treats % and _ and \\ literally', async () => {
    expect((await listPublishedPosts({ q: '%', now: NOW })).posts.map((p) => p.slug)).toEqual(['percent'])
    expect((await listPublishedPosts({ q: '_', now: NOW })).posts.map((p) => p.slug)).toEqual(['underscore'])
    expect((await listPublishedPosts({ q: '\\', now: NOW })).posts.map((p) => p.slug)).toEqual(['backslash'])
    expect((await listPublishedPosts({ q: 'e_c', now: NOW })).total).toBe(1)
  })

  it('ignores surrounding spaces and finds nothing for a miss', async () => {
    expect((await listPublishedPosts({ q: '  flower  ', now: NOW })).total).toBe(1)
    expect(await listPublishedPosts({ q: 'zzz', now: NOW })).toMatchObject({ posts: [], total: 0, pageCount: 1 })
  })

  it('pages search results too', async () => {
    for (let i = 0; i < 14; i++) await publish(`tip-${i}`, `Patient tip ${i}`, 10 + i)
    const p2 = await listPublishedPosts({ q: 'patient tip', page: 2, now: NOW })
    expect(p2).toMatchObject({ total: 14, pageCount: 2 })
    expect(p2.posts).toHaveLength(2)
  })
})

describe('query plans use indexes (cost does not grow with the archive)', () => {
  async function plan(query: { compile(): { sql: string; parameters: readonly unknown[] } }) {
    const { sql: text, parameters } = query.compile()
    const rows = sqlite()
      .prepare(`EXPLAIN QUERY PLAN ${text}`)
      .all(...(parameters as unknown[])) as { detail: string }[]
    return rows.map((r) => r.detail).join('\n')
  }

  it('pages the list, counts, filters a category and finds a slug through indexes, never a full scan', async () => {
    // The page's ids come straight off the covering index, in its own order: no table reads, no sort.
    const list = await plan(
      visiblePosts(NOW)
        .select('posts.id')
        .orderBy('posts.published_at', 'desc')
        .orderBy('posts.id', 'asc')
        .limit(12)
        .offset(12),
    )
    expect(list).toMatch(/USING COVERING INDEX posts_status_published_at/)
    expect(list).not.toMatch(/TEMP B-TREE/)
    const count = await plan(visiblePosts(NOW).select((eb) => eb.fn.countAll<number>().as('n')))
    expect(count).toMatch(/USING (COVERING )?INDEX posts_status_published_at/)
    const category = await plan(
      visiblePosts(NOW)
        .innerJoin('post_categories', 'post_categories.post_id', 'posts.id')
        .where('post_categories.category_id', '=', 1)
        .select('posts.id')
        .orderBy('posts.published_at', 'desc')
        .orderBy('posts.id', 'asc')
        .limit(12),
    )
    expect(category).toMatch(
      /INDEX (post_categories_category|posts_status_published_at|sqlite_autoindex_post_categories_1)/,
    )
    expect(category).not.toMatch(/^SCAN (posts|post_categories)$/m)
    const bySlug = await plan(visiblePosts(NOW).selectAll('posts').where('posts.slug', '=', 'x'))
    expect(bySlug).toMatch(/USING INDEX sqlite_autoindex_posts_1/)
  })
})
