import { beforeEach, describe, expect, it, vi } from 'vitest'

import { createBrand, listBrandsFeaturedFirst, listFeaturedBrands } from '~/models/brands.server'
import { createDealSlide, deleteDealSlide, listDealSlides, updateDealSlide } from '~/models/deals.server'
import { createInquiry, updateInquiryStatus } from '~/models/inquiries.server'
import { renderAllPosts, renderPostContent, storedPostContent } from '~/models/post-content.server'
import {
  createPost,
  getPostPage,
  listLatestPosts,
  listPublishedPosts,
  nextScheduledPublication,
  type PostWrite,
  updatePost,
} from '~/models/posts.server'
import {
  findOrCreateCategory,
  findOrCreateTag,
  listCategoriesOfPost,
  listTagsOfPost,
  setPostCategories,
  setPostTags,
} from '~/models/taxonomy.server'

import { useTestDatabase } from '../support/test-db'
import { isStored, storeUpload } from '../support/uploads'

/** The content models as pages and staff screens read them back. */
const t = useTestDatabase()

const log = () => t.sqlite.prepare('SELECT action, subject_label, summary FROM activity_log ORDER BY id').all()
const PAST = '2026-01-01T12:00:00.000Z'

describe('brands on the public pages', () => {
  beforeEach(async () => {
    await createBrand({ name: 'Zenith', logo_url: '/brands/z.svg', is_featured: true, sort_order: 2 })
    await createBrand({ name: 'Apex 100%', logo_url: '/brands/a.svg', is_featured: false, sort_order: 1 })
    await createBrand({ name: 'Bloom', logo_url: '/brands/b.svg', is_featured: true, sort_order: 2 })
    await createBrand({ name: 'Aurora', logo_url: '/brands/au.svg', is_featured: true, sort_order: 1 })
    await createBrand({ name: 'Cedar', logo_url: '/brands/c.svg', is_featured: false, sort_order: 0 })
  })

  it('list featured brands first, each part by sort order then name', async () => {
    expect((await listBrandsFeaturedFirst()).map((b) => b.name)).toEqual([
      'Aurora',
      'Bloom',
      'Zenith',
      'Cedar',
      'Apex 100%',
    ])
    expect((await listFeaturedBrands()).map((b) => b.name)).toEqual(['Aurora', 'Bloom', 'Zenith'])
  })

  it('are found by a piece of their name, typed with spaces, its % taken literally', async () => {
    expect((await listBrandsFeaturedFirst({ q: ' o ' })).map((b) => b.name)).toEqual(['Aurora', 'Bloom'])
    expect((await listBrandsFeaturedFirst({ q: '100%' })).map((b) => b.name)).toEqual(['Apex 100%'])
    expect((await listBrandsFeaturedFirst({ q: '%' })).map((b) => b.name)).toEqual(['Apex 100%'])
    expect(await listBrandsFeaturedFirst({ q: '   ' })).toHaveLength(5)
  })
})

describe('deal slides', () => {
  it('delete their own old image when it is replaced', async () => {
    const first = await storeUpload('deals')
    const second = await storeUpload('deals')
    const id = await createDealSlide({ title: 'Friday flower', image_url: first })
    await updateDealSlide(id, { title: 'Friday flower', image_url: second })
    expect(await isStored(first)).toBe(false)
    expect(await isStored(second)).toBe(true)
  })

  it('are found by a search typed with spaces', async () => {
    await createDealSlide({ title: 'Monday Munchies' })
    await createDealSlide({ title: 'Friday flower' })
    expect((await listDealSlides({ q: '  munch  ' })).map((d) => d.title)).toEqual(['Monday Munchies'])
  })

  it('deleting one that is gone changes nothing and logs nothing', async () => {
    expect(await deleteDealSlide(999)).toBeUndefined()
    expect(log()).toEqual([])
  })
})

describe('inquiry status', () => {
  it('set to what it already is answers yes and logs nothing; an application is named so in the log', async () => {
    const message = { name: 'Jo', email: 'jo@example.com', phone: '', message: 'I would like to work with you.' }
    const inquiry = await createInquiry({ ...message, topic: 'career' })
    expect(await updateInquiryStatus(inquiry.id, 'new')).toBe(true)
    expect(log()).toEqual([])
    expect(await updateInquiryStatus(inquiry.id, 'closed')).toBe(true)
    expect(log()).toEqual([
      { action: 'status changed', subject_label: 'Application from Jo', summary: 'Status: New → Closed' },
    ])
  })
})

describe('posts', () => {
  it('know when the next waiting one goes live: the earliest scheduled or published post dated later', async () => {
    const now = new Date('2026-06-01T00:00:00.000Z')
    expect(await nextScheduledPublication(now)).toBeUndefined()
    await createPost({ title: 'Past', slug: 'past', content: 'x', status: 'published', published_at: PAST })
    await createPost({
      title: 'Draft',
      slug: 'draft',
      content: 'x',
      status: 'draft',
      published_at: '2026-06-02T00:00:00.000Z',
    })
    await createPost({
      title: 'Scheduled long ago',
      slug: 'scheduled-past',
      content: 'x',
      status: 'scheduled',
      published_at: PAST,
    })
    await createPost({
      title: 'Later',
      slug: 'later',
      content: 'x',
      status: 'published',
      published_at: '2026-07-01T00:00:00.000Z',
    })
    await createPost({
      title: 'Soon',
      slug: 'soon',
      content: 'x',
      status: 'published',
      published_at: '2026-06-05T00:00:00.000Z',
    })
    expect(await nextScheduledPublication(now)).toEqual(new Date('2026-06-05T00:00:00.000Z'))
    // A Scheduled post goes live by itself at its time too: the cache must not outlive it.
    await createPost({
      title: 'Scheduled',
      slug: 'scheduled',
      content: 'x',
      status: 'scheduled',
      published_at: '2026-06-03T00:00:00.000Z',
    })
    expect(await nextScheduledPublication(now)).toEqual(new Date('2026-06-03T00:00:00.000Z'))
  })

  it('show the stored size of an uploaded featured image on their cards, none for other images', async () => {
    const hero = await storeUpload('blog-images', { width: 1600, height: 900 })
    await createPost({
      title: 'A',
      slug: 'a',
      content: 'x',
      status: 'published',
      published_at: PAST,
      hero_image_url: hero,
    })
    await createPost({
      title: 'B',
      slug: 'b',
      content: 'x',
      status: 'published',
      published_at: PAST,
      hero_image_url: 'https://example.com/b.jpg',
    })
    await createPost({ title: 'C', slug: 'c', content: 'x', status: 'published', published_at: PAST })
    const sizes = Object.fromEntries((await listPublishedPosts()).posts.map((p) => [p.slug, p.hero_image_size]))
    expect(sizes).toEqual({ a: { width: 1600, height: 900 }, b: null, c: null })
    expect((await listLatestPosts()).find((p) => p.slug === 'a')?.hero_image_size).toEqual({ width: 1600, height: 900 })
  })

  it('open for an admin’s preview whatever their status, without their markdown', async () => {
    await createPost({ title: 'Draft', slug: 'draft', content: 'Hello *there*', status: 'draft' })
    const page = await getPostPage('draft')
    expect(page).toMatchObject({ title: 'Draft', status: 'draft', content_html: '<p>Hello <em>there</em></p>\n' })
    expect(page).not.toHaveProperty('content')
    expect(await getPostPage('none')).toBeUndefined()
  })

  it('made without content or status are empty drafts, and the log says so', async () => {
    // As a script in plain JavaScript might call it, without content or status.
    const id = await createPost({ title: 'Empty', slug: 'empty' } as PostWrite)
    expect(t.sqlite.prepare('SELECT status, content_html, content_summary FROM posts WHERE id = ?').get(id)).toEqual({
      status: 'draft',
      content_html: '',
      content_summary: '',
    })
    await updatePost(id, { title: 'Not empty' })
    await updatePost(id, { status: 'published' })
    expect(log()).toEqual([
      { action: 'created', subject_label: 'Empty', summary: 'Status: draft' },
      { action: 'updated', subject_label: 'Not empty', summary: 'Title: “Empty” → “Not empty”' },
      { action: 'updated', subject_label: 'Not empty', summary: 'Status: Draft → Published' },
    ])
  })
})

describe('a post’s stored HTML', () => {
  it('gives sizes to uploads that have one, and none to an upload whose size is unknown', async () => {
    const known = await storeUpload('blog-images', { width: 800, height: 600 })
    const unknown = await storeUpload('blog-images')
    t.sqlite.prepare('UPDATE uploads SET width = NULL, height = NULL WHERE file_name = ?').run(unknown.split('/')[3])
    const { content_html } = await renderPostContent(`![a](${known})\n\n![b](${unknown})`)
    expect(content_html).toContain(`<img src="${known}" width="800" height="600" alt="a"`)
    expect(content_html).toContain(`<img src="${unknown}" alt="b"`)
  })

  it('keeps a summary of 300 characters, never ending in half an emoji', async () => {
    const exact = 'a'.repeat(300)
    expect((await renderPostContent(exact)).content_summary).toBe(exact)
    const emojiAtTheEdge = `${'a'.repeat(299)}🌿 and more`
    expect((await renderPostContent(emojiAtTheEdge)).content_summary).toBe('a'.repeat(299))
    const emojiBefore = `${'a'.repeat(298)}🌿 and more`
    expect((await renderPostContent(emojiBefore)).content_summary).toBe(`${'a'.repeat(298)}🌿`)
  })

  it('is empty for a post without content', async () => {
    expect(await renderPostContent(null as unknown as string)).toEqual({
      content_html: '',
      content_summary: '',
      read_minutes: 1,
    })
  })

  it('is rendered again when only its summary is missing, and for a post that is gone is empty', async () => {
    const id = await createPost({ title: 'T', slug: 't', content: 'Some *text*' })
    expect(await storedPostContent({ id, content_html: '<p>stale</p>', content_summary: null })).toEqual({
      html: '<p>Some <em>text</em></p>\n',
      summary: 'Some text',
    })
    expect(await storedPostContent({ id: 999, content_html: null, content_summary: null })).toEqual({
      html: '',
      summary: '',
    })
  })

  it('is still shown when the database cannot store it, and the failure is logged', async () => {
    const id = await createPost({ title: 'T', slug: 't', content: 'Read only' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    t.sqlite.pragma('query_only = ON')
    try {
      expect(await storedPostContent({ id, content_html: null, content_summary: null })).toEqual({
        html: '<p>Read only</p>\n',
        summary: 'Read only',
      })
    } finally {
      t.sqlite.pragma('query_only = OFF')
    }
    expect(error).toHaveBeenCalledWith('Could not store a rendered post', expect.anything())
  })

  it('rendered again for every post skips and logs one that cannot be stored', async () => {
    const a = await createPost({ title: 'A', slug: 'a', content: 'a' })
    await createPost({ title: 'B', slug: 'b', content: 'b' })
    t.sqlite.exec(
      `CREATE TRIGGER refuse_a BEFORE UPDATE OF content_html ON posts WHEN OLD.id = ${a} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    )
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await renderAllPosts()).toBe(1)
    expect(error).toHaveBeenCalledWith(`Could not render post ${a}`, expect.anything())
  })
})

describe('a post’s categories and tags', () => {
  it('read back as the categories and tags themselves', async () => {
    const id = await createPost({ title: 'T', slug: 't', content: 'x' })
    const edibles = (await findOrCreateCategory('Edibles'))!
    const news = (await findOrCreateTag('News'))!
    await setPostCategories(id, [edibles.id])
    await setPostTags(id, [news.id])
    expect(await listCategoriesOfPost(id)).toEqual([edibles])
    expect(await listTagsOfPost(id)).toEqual([news])
  })
})
