import { beforeEach, describe, expect, it, vi } from 'vitest'

import { contentVersion } from '~/http/content-version.server'
import { type CachedPage, RenderCache } from '~/http/render-cache.server'
import { isoToStoreLocal } from '~/lib/time'
import { runAs } from '~/models/activity.server'
import {
  countBrands,
  createBrand,
  getBrand,
  listBrands,
  listBrandsFeaturedFirst,
  listFeaturedBrands,
  updateBrand,
} from '~/models/brands.server'
import {
  countLiveDealSlides,
  createDealSlide,
  getDealSlide,
  listDealSlides,
  listLiveDealSlides,
  updateDealSlide,
} from '~/models/deals.server'
import { savePostFromEditor } from '~/models/post-editor.server'
import { listRevisions } from '~/models/post-revisions.server'
import {
  countPostsByStatus,
  createPost,
  getPostById,
  getPostBySlug,
  getPostPage,
  getPublishedPostBySlug,
  getPublishedPostPage,
  isSlugTaken,
  listLatestPosts,
  listPostsForAdmin,
  listPostsForFeed,
  listPostsForSitemap,
  listPublishedPosts,
  listPublishedPostsInCategory,
  listPublishedPostsWithTag,
  nextScheduledPostTime,
  publishDuePosts,
  updatePost,
} from '~/models/posts.server'
import { findOrCreateCategory, findOrCreateTag, listCategoriesOfPost, listTagsOfPost } from '~/models/taxonomy.server'
import { emptyExpiredTrash, findInUse, listTrash, moveToTrash, restoreFromTrash } from '~/models/trash.server'
import { startTrashSweep, sweepTrash } from '~/models/trash-sweep.server'
import { deleteUnreferencedUploads } from '~/models/uploads.server'
import { PostSchema } from '~/schemas/post'

import { insertAccount, useTestDatabase } from '../support/test-db'
import { isStored, storeUpload } from '../support/uploads'

/**
 * Deleting a post, deal or brand moves it to the Trash: gone from every
 * public and admin query at once, restorable as it was for 30 days, then
 * removed for good (with images nothing else uses) by the daily sweep.
 */
const t = useTestDatabase()
let pat: { id: number; email: string }
beforeEach(() => {
  pat = insertAccount(t, 'pat@example.com', 'Pat')
})

const activity = () =>
  t.sqlite.prepare('SELECT actor_id, kind, action, subject_id, subject_label FROM activity_log ORDER BY id').all() as {
    actor_id: number | null
    kind: string
    action: string
    subject_id: number
    subject_label: string
  }[]

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const yesterday = () => new Date(Date.now() - DAY).toISOString()

/** A published post with a picture, a category, a tag and two kept versions (created, then edited in the editor). */
async function postWithEverything(slug = 'curbside-pickup') {
  const hero = await storeUpload('blog-images')
  const id = await createPost({
    title: 'Curbside pickup is here',
    slug,
    content: 'Order ahead.',
    status: 'published',
    published_at: yesterday(),
    hero_image_url: hero,
  })
  const values = PostSchema.parse({
    title: 'Curbside pickup is here',
    slug,
    content: 'Order ahead, then call when you park.',
    status: 'published',
    published_at: isoToStoreLocal(yesterday()),
    hero_image_url: hero,
    new_categories: 'News',
    new_tags: 'Pickup',
  })
  expect(await savePostFromEditor({ id, values, brandName: 'Lindsey Street', publishNow: true })).toMatchObject({
    ok: true,
  })
  const category = (await findOrCreateCategory('News'))!
  const tag = (await findOrCreateTag('Pickup'))!
  return { id, hero, category, tag }
}

/** Every public query that could show the post, and the admin ones, by what they return for it. */
async function postSeenBy(id: number, slug: string, categoryId: number, tagId: number) {
  const ids = (rows: { id: number }[]) => rows.some((row) => row.id === id)
  return {
    blogList: ids((await listPublishedPosts()).posts),
    search: ids((await listPublishedPosts({ q: 'curbside' })).posts),
    home: ids(await listLatestPosts()),
    page: (await getPublishedPostPage(slug)) !== undefined,
    pageAllColumns: (await getPublishedPostBySlug(slug)) !== undefined,
    category: ids((await listPublishedPostsInCategory(categoryId)).posts),
    tag: ids((await listPublishedPostsWithTag(tagId)).posts),
    feed: ids(await listPostsForFeed()),
    sitemap: (await listPostsForSitemap()).some((row) => row.slug === slug),
    adminList: ids(await listPostsForAdmin()),
    adminOpen: (await getPostById(id)) !== undefined,
    preview: (await getPostBySlug(slug)) !== undefined,
    previewPage: (await getPostPage(slug)) !== undefined,
    dashboardPublished: (await countPostsByStatus()).published,
  }
}

describe('a post in the Trash', () => {
  it('leaves every public and admin query at once, and comes back with its picture, categories, tags and versions', async () => {
    const { id, hero, category, tag } = await postWithEverything()
    const everywhere = {
      blogList: true,
      search: true,
      home: true,
      page: true,
      pageAllColumns: true,
      category: true,
      tag: true,
      feed: true,
      sitemap: true,
      adminList: true,
      adminOpen: true,
      preview: true,
      previewPage: true,
      dashboardPublished: 1,
    }
    expect(await postSeenBy(id, 'curbside-pickup', category.id, tag.id)).toEqual(everywhere)
    const versions = (await listRevisions(id)).length
    expect(versions).toBeGreaterThanOrEqual(2)

    expect(await runAs(pat, () => moveToTrash('post', id))).toEqual({ label: 'Curbside pickup is here' })
    const nowhere = Object.fromEntries(Object.keys(everywhere).map((key) => [key, false]))
    expect(await postSeenBy(id, 'curbside-pickup', category.id, tag.id)).toEqual({ ...nowhere, dashboardPublished: 0 })
    // A stale editor on the deleted post saves nothing.
    expect(await updatePost(id, { title: 'Stale edit' })).toBe(false)
    // Its slug is free for a new post meanwhile.
    expect(await isSlugTaken('curbside-pickup')).toBe(false)
    // Its picture is kept while it waits, even by the hourly sweep of unused images.
    expect(await deleteUnreferencedUploads(new Date(Date.now() + DAY))).toEqual([])
    expect(await isStored(hero)).toBe(true)

    const [item] = await listTrash()
    expect(item).toMatchObject({
      kind: 'post',
      id,
      label: 'Curbside pickup is here',
      image_url: hero,
      deleted_by: 'Pat',
    })
    expect(new Date(item!.removes_at).getTime() - new Date(item!.deleted_at).getTime()).toBe(30 * DAY)

    expect(await runAs(pat, () => restoreFromTrash('post', id))).toEqual({ ok: true, label: 'Curbside pickup is here' })
    expect(await postSeenBy(id, 'curbside-pickup', category.id, tag.id)).toEqual(everywhere)
    expect(await getPostById(id)).toMatchObject({ slug: 'curbside-pickup', hero_image_url: hero, deleted_at: null })
    expect((await listCategoriesOfPost(id)).map((c) => c.name)).toEqual(['News'])
    expect((await listTagsOfPost(id)).map((c) => c.name)).toEqual(['Pickup'])
    expect(await listRevisions(id)).toHaveLength(versions)
    expect(await listTrash()).toEqual([])
    expect(activity().slice(-2)).toEqual([
      {
        actor_id: pat.id,
        kind: 'post',
        action: 'moved to trash',
        subject_id: id,
        subject_label: 'Curbside pickup is here',
      },
      {
        actor_id: pat.id,
        kind: 'post',
        action: 'restored from trash',
        subject_id: id,
        subject_label: 'Curbside pickup is here',
      },
    ])
  })

  it('is dropped from the page cache the moment it is deleted, and again when it is restored', async () => {
    const { id } = await postWithEverything()
    const cache = new RenderCache(1_000_000)
    const keep = () =>
      cache.set('/blog', {
        status: 200,
        headers: [],
        etag: 'W/"kept"',
        body: Buffer.from('<ul><li>Curbside pickup is here</li></ul>'),
        gzip: Buffer.alloc(0),
        br: Buffer.alloc(0),
        version: contentVersion(),
        expiresAt: Number.MAX_SAFE_INTEGER,
      } satisfies CachedPage)
    keep()
    expect(cache.get('/blog', contentVersion(), Date.now())).toBeDefined()
    await moveToTrash('post', id)
    expect(cache.get('/blog', contentVersion(), Date.now())).toBeUndefined()
    keep()
    await restoreFromTrash('post', id)
    expect(cache.get('/blog', contentVersion(), Date.now())).toBeUndefined()
  })

  it('gets a new slug when another post took its own meanwhile, and the result says so', async () => {
    const { id } = await postWithEverything('hello')
    await moveToTrash('post', id)
    const newer = await createPost({ title: 'Hello again', slug: 'hello', content: 'x' })
    await createPost({ title: 'Hello two', slug: 'hello-2', content: 'x' })
    expect(await runAs(pat, () => restoreFromTrash('post', id))).toEqual({
      ok: true,
      label: 'Curbside pickup is here',
      slug: { wanted: 'hello', given: 'hello-3' },
    })
    expect((await getPostById(id))?.slug).toBe('hello-3')
    expect((await getPostById(newer))?.slug).toBe('hello')
    expect((await getPublishedPostPage('hello-3'))?.id).toBe(id)
    const changes = JSON.parse(
      t.sqlite.prepare(`SELECT changes FROM activity_log WHERE action = 'restored from trash'`).pluck().get() as string,
    )
    expect(changes).toEqual([{ field: 'slug', label: 'Slug', format: 'text', before: 'hello', after: 'hello-3' }])
  })

  it('waits: a scheduled post in the Trash is not published at its time', async () => {
    const id = await createPost({
      title: 'Waiting',
      slug: 'waiting',
      content: 'x',
      status: 'scheduled',
      published_at: new Date(Date.now() + HOUR).toISOString(),
    })
    await moveToTrash('post', id)
    expect(await nextScheduledPostTime()).toBeUndefined()
    expect(await publishDuePosts(new Date(Date.now() + 2 * HOUR))).toEqual([])
  })

  it('cannot be deleted twice, and what is not in the Trash cannot be restored', async () => {
    const id = await createPost({ title: 'Once', slug: 'once', content: 'x' })
    expect(await restoreFromTrash('post', id)).toEqual({ ok: false, reason: 'missing' })
    expect(await moveToTrash('post', id)).toBeDefined()
    expect(await moveToTrash('post', id)).toBeUndefined()
    expect(await restoreFromTrash('post', 9999)).toEqual({ ok: false, reason: 'missing' })
    expect(activity().filter((entry) => entry.action === 'moved to trash')).toHaveLength(1)
  })
})

describe('deals and brands in the Trash', () => {
  it('a deal leaves the carousel, the deals page, the admin list and the dashboard count, then comes back', async () => {
    const image = await storeUpload('deals')
    const id = await createDealSlide({ title: 'Friday flower', image_url: image })
    expect(await countLiveDealSlides()).toBe(1)
    await runAs(pat, () => moveToTrash('deal', id))
    expect(await listLiveDealSlides()).toEqual([])
    expect(await countLiveDealSlides()).toBe(0)
    expect(await listDealSlides()).toEqual([])
    expect(await listDealSlides({ q: 'friday', filter: 'active' })).toEqual([])
    expect(await getDealSlide(id)).toBeUndefined()
    expect(await updateDealSlide(id, { title: 'Stale edit' })).toBe(false)
    expect(await listTrash()).toMatchObject([{ kind: 'deal', id, label: 'Friday flower', image_url: image }])
    expect(await restoreFromTrash('deal', id)).toEqual({ ok: true, label: 'Friday flower' })
    expect((await listLiveDealSlides()).map((deal) => deal.id)).toEqual([id])
    expect(await isStored(image)).toBe(true)
  })

  it('a brand leaves the brands page, the home carousel, the admin list and the count, then comes back', async () => {
    const logo = await storeUpload('brands')
    const id = await createBrand({ name: 'Prairie Gold', logo_url: logo, is_featured: true })
    await moveToTrash('brand', id)
    expect(await listBrands()).toEqual([])
    expect(await listBrandsFeaturedFirst({ q: 'prairie' })).toEqual([])
    expect(await listFeaturedBrands()).toEqual([])
    expect(await countBrands()).toBe(0)
    expect(await getBrand(id)).toBeUndefined()
    expect(await updateBrand(id, { name: 'Stale', logo_url: logo })).toBe(false)
    expect(await restoreFromTrash('brand', id)).toEqual({ ok: true, label: 'Prairie Gold' })
    expect((await listFeaturedBrands()).map((brand) => brand.id)).toEqual([id])
  })

  it.each(['deal', 'brand'] as const)(
    'a %s cannot be deleted twice or restored twice, and one not in the Trash cannot be restored',
    async (kind) => {
      const id =
        kind === 'deal'
          ? await createDealSlide({ title: 'Once' })
          : await createBrand({ name: 'Once', logo_url: '/brands/once.svg' })
      expect(await restoreFromTrash(kind, id)).toEqual({ ok: false, reason: 'missing' })
      expect(await moveToTrash(kind, id)).toEqual({ label: 'Once' })
      expect(await moveToTrash(kind, id)).toBeUndefined()
      expect(await restoreFromTrash(kind, id)).toEqual({ ok: true, label: 'Once' })
      expect(await restoreFromTrash(kind, id)).toEqual({ ok: false, reason: 'missing' })
      expect(await restoreFromTrash(kind, 9999)).toEqual({ ok: false, reason: 'missing' })
      const actions = activity().map((entry) => entry.action)
      expect(actions.filter((action) => action === 'moved to trash')).toHaveLength(1)
      expect(actions.filter((action) => action === 'restored from trash')).toHaveLength(1)
    },
  )

  it('the page that asks before a delete finds each kind by its name (a deal with its dates), and nothing in the Trash', async () => {
    const deal = await createDealSlide({ title: 'Half-off Fridays', start_date: '2027-01-03', end_date: '2027-01-31' })
    const open = await createDealSlide({ title: 'Open-ended', start_date: null, end_date: '2027-02-28' })
    const brand = await createBrand({ name: 'Prairie Gold', logo_url: '/brands/pg.svg' })
    const post = await createPost({ title: 'Curbside pickup', slug: 'curbside', content: 'x' })
    expect(await findInUse('deal', deal)).toEqual({ label: 'Half-off Fridays', period: ['2027-01-03', '2027-01-31'] })
    expect(await findInUse('deal', open)).toEqual({ label: 'Open-ended', period: [null, '2027-02-28'] })
    expect(await findInUse('brand', brand)).toEqual({ label: 'Prairie Gold' })
    expect(await findInUse('post', post)).toEqual({ label: 'Curbside pickup' })
    await moveToTrash('brand', brand)
    await moveToTrash('deal', deal)
    expect(await findInUse('brand', brand)).toBeUndefined()
    expect(await findInUse('deal', deal)).toBeUndefined()
    expect(await findInUse('post', 9999)).toBeUndefined()
  })

  it('lists only the kinds asked for (staff see posts), most recently deleted first', async () => {
    const deal = await createDealSlide({ title: 'Deal' })
    const brand = await createBrand({ name: 'Brand', logo_url: '/brands/b.svg' })
    const post = await createPost({ title: 'Post', slug: 'post', content: 'x' })
    await moveToTrash('deal', deal, new Date(Date.now() - 3 * HOUR))
    await moveToTrash('brand', brand, new Date(Date.now() - 2 * HOUR))
    await moveToTrash('post', post, new Date(Date.now() - HOUR))
    expect((await listTrash()).map((item) => item.kind)).toEqual(['post', 'brand', 'deal'])
    expect((await listTrash(['post'])).map((item) => item.label)).toEqual(['Post'])
    // Deleted outside any request (the command line): nobody named.
    expect((await listTrash(['deal']))[0]?.deleted_by).toBeNull()
  })
})

describe('the sweep', () => {
  it('removes for good, exactly once, what has been in the Trash 30 days, with the images nothing else uses', async () => {
    const deletedAt = new Date('2026-11-01T12:00:00Z')
    const { id: postId, hero } = await postWithEverything()
    const dealImage = await storeUpload('deals')
    const shared = await storeUpload('brands')
    const deal = await createDealSlide({ title: 'Old deal', image_url: dealImage })
    const brand = await createBrand({ name: 'Old brand', logo_url: shared })
    const keeper = await createBrand({ name: 'Keeps the logo', logo_url: shared })
    const recent = await createDealSlide({ title: 'Deleted later', image_url: await storeUpload('deals') })
    await moveToTrash('post', postId, deletedAt)
    await moveToTrash('deal', deal, deletedAt)
    await moveToTrash('brand', brand, deletedAt)
    await moveToTrash('deal', recent, new Date('2026-11-20T12:00:00Z'))

    // A day short of thirty: nothing goes.
    expect(await emptyExpiredTrash(new Date('2026-11-30T12:00:00Z'))).toEqual([])
    expect(await listTrash()).toHaveLength(4)

    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const due = new Date('2026-12-01T12:00:01Z')
    expect(await sweepTrash(due)).toEqual([
      { kind: 'post', id: postId, label: 'Curbside pickup is here' },
      { kind: 'deal', id: deal, label: 'Old deal' },
      { kind: 'brand', id: brand, label: 'Old brand' },
    ])
    expect(log.mock.calls).toEqual([
      ['Trash: removed for good after 30 days: post “Curbside pickup is here”, deal “Old deal”, brand “Old brand”'],
    ])
    expect(t.sqlite.prepare('SELECT count(*) FROM posts WHERE id = ?').pluck().get(postId)).toBe(0)
    expect(t.sqlite.prepare('SELECT count(*) FROM post_revisions WHERE post_id = ?').pluck().get(postId)).toBe(0)
    expect(t.sqlite.prepare('SELECT count(*) FROM post_tags WHERE post_id = ?').pluck().get(postId)).toBe(0)
    expect(await isStored(hero)).toBe(false)
    expect(await isStored(dealImage)).toBe(false)
    // Another brand still shows this logo: it stays.
    expect(await isStored(shared)).toBe(true)
    expect((await getBrand(keeper))?.logo_url).toBe(shared)
    expect((await listTrash()).map((item) => item.id)).toEqual([recent])

    // A second sweep (tomorrow, or another process) finds nothing more to remove or log.
    expect(await sweepTrash(due)).toEqual([])
    expect(log).toHaveBeenCalledTimes(1)
    const removals = activity().filter((entry) => entry.action === 'removed for good')
    expect(removals).toEqual([
      {
        actor_id: null,
        kind: 'post',
        action: 'removed for good',
        subject_id: postId,
        subject_label: 'Curbside pickup is here',
      },
      { actor_id: null, kind: 'deal', action: 'removed for good', subject_id: deal, subject_label: 'Old deal' },
      { actor_id: null, kind: 'brand', action: 'removed for good', subject_id: brand, subject_label: 'Old brand' },
    ])
  })

  it('never throws: a failure is logged and tried again within the hour', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    t.sqlite.exec('DROP TABLE deals_slides')
    expect(await sweepTrash(new Date())).toEqual([])
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Trash'), expect.anything())
  })

  it('story: the Trash says a deal goes today; within the hour after its time it is gone, with the server started days before', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    try {
      vi.setSystemTime(new Date('2026-11-01T12:00:00Z'))
      const deal = await createDealSlide({ title: 'Old deal' })
      await moveToTrash('deal', deal)
      // The server started on 28 November at 8 AM; the deal's 30 days end on 1 December at noon (UTC).
      vi.setSystemTime(new Date('2026-11-28T08:00:00Z'))
      const stop = startTrashSweep()
      vi.spyOn(console, 'log').mockImplementation(() => {})
      await vi.advanceTimersByTimeAsync(3 * DAY + 4 * HOUR + HOUR)
      stop()
      expect(await listTrash()).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('the hourly timer never keeps the process alive, and once stopped sweeps no more', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const timers = vi.spyOn(globalThis, 'setInterval')
    try {
      vi.setSystemTime(new Date('2026-11-01T12:00:00Z'))
      const stop = startTrashSweep()
      await vi.advanceTimersByTimeAsync(0)
      const timer = timers.mock.results[0]?.value as { hasRef?: () => boolean }
      expect(timer.hasRef?.()).toBe(false)
      stop()
      // A deal due an hour after the stop stays in the Trash however long the server runs on.
      const deal = await createDealSlide({ title: 'Kept deal' })
      await moveToTrash('deal', deal, new Date('2026-10-02T13:00:00Z'))
      await vi.advanceTimersByTimeAsync(3 * HOUR)
      expect((await listTrash()).map((item) => item.id)).toEqual([deal])
    } finally {
      timers.mockRestore()
      vi.useRealTimers()
    }
  })
})
