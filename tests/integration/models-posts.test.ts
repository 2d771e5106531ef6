import { beforeEach, describe, expect, it } from 'vitest'

import type { PostStatus } from '~/db/types'
import {
  BLOG_PAGE_SIZE,
  countPostsByStatus,
  createPost,
  deletePost,
  getPostById,
  getPostBySlug,
  isSlugTaken,
  listPostsForAdmin,
  listPublishedPosts,
  updatePost,
} from '~/models/posts.server'
import { findOrCreateCategory, findOrCreateTag, setPostCategories, setPostTags } from '~/models/taxonomy.server'
import { parsePage } from '~/schemas/list-filter'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

const NOW = new Date('2026-11-22T18:00:00.000Z')

async function post(
  slug: string,
  values: {
    title?: string
    status?: PostStatus
    published_at?: string | null
    excerpt?: string | null
    created_at?: string
  } = {},
) {
  const { created_at, ...rest } = values
  const id = await createPost({ title: values.title ?? slug, slug, content: 'Body', ...rest })
  if (created_at) t.sqlite.prepare(`UPDATE posts SET created_at = ? WHERE id = ?`).run(created_at, id)
  return id
}
const slugs = (rows: { slug: string }[]) => rows.map((r) => r.slug)

describe('posts model (admin)', () => {
  describe('listPostsForAdmin', () => {
    beforeEach(async () => {
      await post('oldest-draft', { title: 'Oldest Draft', created_at: '2026-01-01T00:00:00.000Z' })
      await post('a-scheduled-post', {
        title: 'Coming Soon',
        status: 'scheduled',
        published_at: '2026-12-01T15:00:00.000Z',
        created_at: '2026-02-01T00:00:00.000Z',
      })
      await post('newest-published', {
        title: 'Fresh Flower Friday',
        status: 'published',
        published_at: '2026-11-01T15:00:00.000Z',
        created_at: '2026-03-01T00:00:00.000Z',
      })
      await post('another-draft', { title: '100% Local', created_at: '2026-02-15T00:00:00.000Z' })
    })

    it('lists every post, newest created first, with the admin columns', async () => {
      const rows = await listPostsForAdmin()
      expect(slugs(rows)).toEqual(['newest-published', 'another-draft', 'a-scheduled-post', 'oldest-draft'])
      expect(Object.keys(rows[0]!).sort()).toEqual(
        ['author', 'created_at', 'id', 'published_at', 'read_minutes', 'slug', 'status', 'title'].sort(),
      )
      expect(slugs(await listPostsForAdmin({ status: 'all' }))).toHaveLength(4)
    })

    it('filters by status', async () => {
      expect(slugs(await listPostsForAdmin({ status: 'draft' }))).toEqual(['another-draft', 'oldest-draft'])
      expect(slugs(await listPostsForAdmin({ status: 'scheduled' }))).toEqual(['a-scheduled-post'])
      expect(slugs(await listPostsForAdmin({ status: 'published' }))).toEqual(['newest-published'])
    })

    it('searches title or slug, case-insensitively, with wildcards taken literally', async () => {
      expect(slugs(await listPostsForAdmin({ q: 'flower' }))).toEqual(['newest-published'])
      expect(slugs(await listPostsForAdmin({ q: 'SCHEDULED-post' }))).toEqual(['a-scheduled-post'])
      expect(slugs(await listPostsForAdmin({ q: 'draft' }))).toEqual(['another-draft', 'oldest-draft'])
      expect(slugs(await listPostsForAdmin({ q: 'draft', status: 'draft' }))).toEqual(['another-draft', 'oldest-draft'])
      expect(slugs(await listPostsForAdmin({ q: 'draft', status: 'published' }))).toEqual([])
      expect(slugs(await listPostsForAdmin({ q: '100%' }))).toEqual(['another-draft'])
      expect(slugs(await listPostsForAdmin({ q: '%' }))).toEqual(['another-draft'])
      expect(slugs(await listPostsForAdmin({ q: '_' }))).toEqual([])
      expect(slugs(await listPostsForAdmin({ q: '   ' }))).toHaveLength(4)
    })
  })

  it('counts posts by status', async () => {
    expect(await countPostsByStatus()).toEqual({ draft: 0, scheduled: 0, published: 0 })
    await post('d1')
    await post('d2')
    await post('s1', { status: 'scheduled', published_at: '2027-01-01T00:00:00.000Z' })
    await post('p1', { status: 'published', published_at: '2026-01-01T00:00:00.000Z' })
    await post('p2', { status: 'published', published_at: '2026-02-01T00:00:00.000Z' })
    await post('p3', { status: 'published', published_at: '2026-03-01T00:00:00.000Z' })
    expect(await countPostsByStatus()).toEqual({ draft: 2, scheduled: 1, published: 3 })
  })

  it('counts and lists a published post whose time is still ahead as scheduled, never as published', async () => {
    await post('waiting', { status: 'published', published_at: '2026-11-29T15:00:00.000Z' })
    await post('public', { status: 'published', published_at: '2026-11-01T15:00:00.000Z' })
    expect(await countPostsByStatus(NOW)).toEqual({ draft: 0, scheduled: 1, published: 1 })
    expect(slugs(await listPostsForAdmin({ status: 'scheduled', now: NOW }))).toEqual(['waiting'])
    expect(slugs(await listPostsForAdmin({ status: 'published', now: NOW }))).toEqual(['public'])
    const rows = await listPostsForAdmin({ now: NOW })
    expect(rows.find((row) => row.slug === 'waiting')?.status).toBe('scheduled')
    // Once its time has come it is published, to staff as to visitors.
    const later = new Date('2026-11-29T15:00:00.000Z')
    expect(await countPostsByStatus(later)).toEqual({ draft: 0, scheduled: 0, published: 2 })
  })

  it('tells whether a slug is taken, optionally by another post than the one being edited', async () => {
    const id = await post('taken-slug')
    expect(await isSlugTaken('taken-slug')).toBe(true)
    expect(await isSlugTaken('free-slug')).toBe(false)
    expect(await isSlugTaken('taken-slug', id)).toBe(false)
    expect(await isSlugTaken('taken-slug', id + 1)).toBe(true)
  })

  it('creates a post with its defaults', async () => {
    const id = await createPost({ title: 'Hello', slug: 'hello', content: '# Hi' })
    const row = await getPostById(id)
    expect(row).toMatchObject({
      id,
      title: 'Hello',
      slug: 'hello',
      content: '# Hi',
      excerpt: null,
      status: 'draft',
      published_at: null,
      read_minutes: 1,
      meta_title: null,
      meta_description: null,
    })
    expect(row?.author).toContain('Lindsey Street Cannabis')
    expect(new Date(row!.created_at).toISOString()).toBe(row!.created_at)
    expect(await getPostBySlug('hello')).toEqual(row)
    expect(await getPostById(id + 100)).toBeUndefined()
    expect(await getPostBySlug('nope')).toBeUndefined()
  })

  it('refuses a duplicate slug', async () => {
    await post('same')
    await expect(post('same')).rejects.toThrow(/UNIQUE/)
  })

  it('updates a post, moves updated_at, and says whether it existed', async () => {
    const id = await post('draft-one')
    t.sqlite.prepare(`UPDATE posts SET updated_at = '2000-01-01T00:00:00.000Z' WHERE id = ?`).run(id)
    expect(
      await updatePost(id, { title: 'Now Published', status: 'published', published_at: '2026-11-01T00:00:00.000Z' }),
    ).toBe(true)
    const row = await getPostById(id)
    expect(row).toMatchObject({ title: 'Now Published', slug: 'draft-one', status: 'published', content: 'Body' })
    expect(row!.updated_at > '2000-01-01T00:00:00.000Z').toBe(true)
    expect(await updatePost(id + 100, { title: 'x' })).toBe(false)
    await expect(updatePost(id, { status: 'archived' as never })).rejects.toThrow(/CHECK/)
  })

  it('deletes a post with its category and tag links, leaving the categories and tags', async () => {
    const keep = await post('keep')
    const drop = await post('drop')
    const category = (await findOrCreateCategory('News'))!
    const tag = (await findOrCreateTag('Edibles'))!
    for (const id of [keep, drop]) {
      await setPostCategories(id, [category.id])
      await setPostTags(id, [tag.id])
    }
    const removed = await deletePost(drop)
    expect(removed?.slug).toBe('drop')
    expect(await getPostById(drop)).toBeUndefined()
    expect(await deletePost(drop)).toBeUndefined()
    const links = (table: string) => t.sqlite.prepare(`SELECT post_id FROM ${table}`).pluck().all()
    expect(links('post_categories')).toEqual([keep])
    expect(links('post_tags')).toEqual([keep])
    expect(t.sqlite.prepare(`SELECT count(*) FROM categories`).pluck().get()).toBe(1)
    expect(t.sqlite.prepare(`SELECT count(*) FROM tags`).pluck().get()).toBe(1)
  })
})

describe('parsePage', () => {
  it.each([
    [null, 1],
    [undefined, 1],
    ['', 1],
    ['1', 1],
    ['2', 2],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['3abc', 1],
    [' 2', 1],
    ['1e3', 1],
    ['999999999', 999999999],
    ['9999999999', 1],
  ] as const)('%j -> %d', (raw, page) => {
    expect(parsePage(raw)).toBe(page)
  })
})

describe('listPublishedPosts paging', () => {
  beforeEach(async () => {
    // 30 visible posts, one a day in November 2026 (newest on the 30th), plus hidden ones.
    for (let day = 1; day <= 30; day++) {
      const dd = String(day).padStart(2, '0')
      await post(`post-${dd}`, {
        title: day % 3 === 0 ? `Flower feature ${dd}` : `Notes ${dd}`,
        excerpt: day % 5 === 0 ? `All about edibles, part ${dd}` : null,
        status: 'published',
        published_at: `2026-11-${dd}T12:00:00.000Z`,
      })
    }
    await post('draft-flower', { title: 'Flower draft' })
    await post('future-flower', {
      title: 'Flower later',
      status: 'published',
      published_at: '2027-01-01T00:00:00.000Z',
    })
  })
  const LATER = new Date('2026-12-15T00:00:00.000Z')

  it('pages the visible posts newest first, BLOG_PAGE_SIZE at a time', async () => {
    expect(BLOG_PAGE_SIZE).toBe(12)
    const first = await listPublishedPosts({ now: LATER })
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 3 })
    expect(first.posts).toHaveLength(12)
    expect(first.posts[0]?.slug).toBe('post-30')
    expect(first.posts[11]?.slug).toBe('post-19')
    const third = await listPublishedPosts({ page: 3, now: LATER })
    expect(third).toMatchObject({ total: 30, page: 3, pageCount: 3 })
    expect(slugs(third.posts)).toEqual(['post-06', 'post-05', 'post-04', 'post-03', 'post-02', 'post-01'])
  })

  it('covers every visible post exactly once across the pages', async () => {
    const seen: string[] = []
    for (let page = 1; page <= 3; page++) seen.push(...slugs((await listPublishedPosts({ page, now: LATER })).posts))
    expect(new Set(seen).size).toBe(30)
    expect(seen).not.toContain('draft-flower')
    expect(seen).not.toContain('future-flower')
  })

  it('gives an empty page past the end', async () => {
    const page = await listPublishedPosts({ page: 9, now: LATER })
    expect(page).toMatchObject({ posts: [], total: 30, page: 9, pageCount: 3 })
  })

  it('takes a page size', async () => {
    const page = await listPublishedPosts({ page: 2, pageSize: 7, now: LATER })
    expect(page).toMatchObject({ total: 30, pageCount: 5 })
    expect(page.posts[0]?.slug).toBe('post-23')
  })

  it('searches title and excerpt and pages the matches', async () => {
    const flower = await listPublishedPosts({ q: 'flower', now: LATER })
    expect(flower).toMatchObject({ total: 10, pageCount: 1, page: 1 })
    expect(flower.posts[0]?.slug).toBe('post-30')
    const edibles = await listPublishedPosts({ q: 'EDIBLES', pageSize: 4, page: 2, now: LATER })
    expect(edibles).toMatchObject({ total: 6, pageCount: 2 })
    expect(slugs(edibles.posts)).toEqual(['post-10', 'post-05'])
    expect(await listPublishedPosts({ q: '%', now: LATER })).toMatchObject({ total: 0, pageCount: 1, posts: [] })
  })

  it('counts only what is visible at `now`', async () => {
    expect((await listPublishedPosts({ now: NOW })).total).toBe(22) // Nov 1..22 (the 22nd at noon UTC, before NOW)
    expect((await listPublishedPosts({ now: new Date('2026-11-22T11:59:59.999Z') })).total).toBe(21)
  })

  it('returns post cards without the body', async () => {
    const card = (await listPublishedPosts({ now: LATER })).posts[0]!
    expect(Object.keys(card).sort()).toEqual(
      [
        'author',
        'excerpt',
        'hero_image_size',
        'hero_image_url',
        'id',
        'published_at',
        'read_minutes',
        'slug',
        'title',
      ].sort(),
    )
  })
})
