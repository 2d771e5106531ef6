import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely'

import { db } from '~/db/db.server'
import type { Database, NewPost, Post, PostStatus } from '~/db/types'
import { fieldChanges, type FieldSpec } from '~/lib/activity-changes'
import { containsPattern } from '~/lib/like'
import { currentActor, recordActivity } from '~/models/activity.server'
import { renderPostContent } from '~/models/post-content.server'
import { hasRevisions, recordRevision } from '~/models/post-revisions.server'
import { deleteImagesLeftBehind } from '~/models/upload-files.server'
import { uploadSizes } from '~/models/uploads.server'

export const BLOG_PAGE_SIZE = 12

/** How a post, deal or brand is deleted for good (see deletePost). */
export interface PermanentDelete {
  /** only a record in the Trash since before this moment */
  trashedBefore?: Date
  /** the log entry's action and summary, when not a plain 'deleted' */
  activity?: { action: string; summary?: string }
}

/** Columns of a post card (the blog list and its category and tag pages). */
export const POST_CARD_COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.slug',
  'posts.excerpt',
  'posts.hero_image_url',
  'posts.author',
  'posts.published_at',
  'posts.read_minutes',
] as const

export type PostCard = Pick<
  Post,
  'id' | 'title' | 'slug' | 'excerpt' | 'hero_image_url' | 'author' | 'published_at' | 'read_minutes'
>

/**
 * THE public visibility rule: status published, not in the Trash,
 * published_at set and not later than now. Every public query goes through
 * this one function.
 */
export function isPubliclyVisible(now: Date = new Date()) {
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.and([
      eb('posts.status', '=', 'published'),
      eb('posts.deleted_at', 'is', null),
      eb('posts.published_at', 'is not', null),
      eb('posts.published_at', '<=', now.toISOString()),
    ])
}

/**
 * When the next waiting post becomes visible (Scheduled, or Published with a
 * later time), if any: the page cache keeps no page past that moment.
 */
export async function nextScheduledPublication(now: Date = new Date()): Promise<Date | undefined> {
  const row = await db()
    .selectFrom('posts')
    .select((eb) => eb.fn.min('published_at').as('next'))
    .where('status', 'in', ['published', 'scheduled'])
    .where('deleted_at', 'is', null)
    .where('published_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.next ? new Date(row.next) : undefined
}

/** The earliest publish time among Scheduled posts (passed or not), for the publisher's timer. */
export async function nextScheduledPostTime(): Promise<Date | undefined> {
  const row = await db()
    .selectFrom('posts')
    .select((eb) => eb.fn.min('published_at').as('next'))
    .where('status', '=', 'scheduled')
    .where('deleted_at', 'is', null)
    .where('published_at', 'is not', null)
    .executeTakeFirst()
  return row?.next ? new Date(row.next) : undefined
}

/**
 * Publishes every Scheduled post whose time has come: its status turns to
 * published in one short transaction, with one "published on schedule" entry
 * each. The update names only rows still scheduled, so a second run (another
 * process, a restart) finds nothing and logs nothing.
 */
export async function publishDuePosts(now: Date = new Date()): Promise<{ id: number; title: string }[]> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const published = await trx
        .updateTable('posts')
        .set({ status: 'published' })
        .where('status', '=', 'scheduled')
        .where('deleted_at', 'is', null)
        .where('published_at', 'is not', null)
        .where('published_at', '<=', now.toISOString())
        .returning(['id', 'title'])
        .execute()
      for (const post of published) {
        await recordActivity(
          trx,
          {
            kind: 'post',
            action: 'published on schedule',
            subject_id: post.id,
            subject_label: post.title,
            summary: 'Status: scheduled → published',
          },
          null,
          now,
        )
      }
      return published
    })
}

/** Published, visible posts as a query to refine. */
export function visiblePosts(now: Date = new Date()) {
  return db().selectFrom('posts').where(isPubliclyVisible(now))
}

function matchingTitleOrExcerpt<O>(query: SelectQueryBuilder<Database, 'posts', O>, q: string) {
  const pattern = containsPattern(q)
  return query.where((eb) =>
    eb.or([
      sql<boolean>`posts.title LIKE ${pattern} ESCAPE '\\'`,
      sql<boolean>`posts.excerpt LIKE ${pattern} ESCAPE '\\'`,
    ]),
  )
}

export interface PostPage {
  posts: (PostCard & { hero_image_size: { width: number; height: number } | null })[]
  total: number
  page: number
  pageCount: number
}

async function pageOf<O>(
  base: SelectQueryBuilder<Database, 'posts', O>,
  page: number,
  pageSize: number,
): Promise<PostPage> {
  const { total } = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize))
  // Past the last page the queries below find nothing.
  // Find the page's ids first (the index covers status, published_at and id, so
  // skipped rows are never read), then read only those rows. Reading card
  // columns for every skipped row would walk each post's content overflow pages.
  // Ties on published_at go by id ascending: that is the index's own order
  // (rowid follows published_at in it), so SQLite never sorts.
  const pageIds = base
    .clearSelect()
    .select('posts.id')
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'asc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const posts = await db()
    .selectFrom('posts')
    .select(POST_CARD_COLUMNS)
    .where('posts.id', 'in', pageIds)
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'asc')
    .execute()
  return { posts: await withHeroImageSizes(posts), total: Number(total), page, pageCount }
}

/** The blog list: visible posts, optional title/excerpt search, paged in SQL. */
export async function listPublishedPosts(
  options: { q?: string; page?: number; pageSize?: number; now?: Date } = {},
): Promise<PostPage> {
  const q = options.q?.trim() ?? ''
  // pageOf chooses the columns.
  let query = visiblePosts(options.now)
  if (q) query = matchingTitleOrExcerpt(query, q)
  return pageOf(query, options.page ?? 1, options.pageSize ?? BLOG_PAGE_SIZE)
}

/** Each post with the stored pixel size of its hero image when it is one of our uploads (else null). */
export async function withHeroImageSizes<T extends { hero_image_url: string | null }>(
  posts: T[],
): Promise<(T & { hero_image_size: { width: number; height: number } | null })[]> {
  const sizes = await uploadSizes(posts.map((post) => post.hero_image_url))
  return posts.map((post) => ({
    ...post,
    hero_image_size: (post.hero_image_url && sizes[post.hero_image_url]) || null,
  }))
}

/** Latest visible posts for the home page (up to 3). */
export async function listLatestPosts(limit = 3, now?: Date) {
  const posts = await visiblePosts(now)
    .select([
      'posts.id',
      'posts.title',
      'posts.slug',
      'posts.excerpt',
      'posts.hero_image_url',
      'posts.published_at',
      'posts.read_minutes',
    ])
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute()
  return withHeroImageSizes(posts)
}

/** One visible post by slug, all columns. */
export async function getPublishedPostBySlug(slug: string, now?: Date): Promise<Post | undefined> {
  // The query reads the posts table alone, so all its columns are the post's.
  return visiblePosts(now).selectAll().where('posts.slug', '=', slug).executeTakeFirst()
}

/** Any post by slug, whatever its status, unless it is in the Trash (admin preview). */
export async function getPostBySlug(slug: string): Promise<Post | undefined> {
  return db()
    .selectFrom('posts')
    .selectAll()
    .where('slug', '=', slug)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/**
 * What the post page shows: every column but the markdown itself, which a
 * view never reads (the HTML was rendered when the post was saved).
 */
export const POST_PAGE_COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.slug',
  'posts.excerpt',
  'posts.content_html',
  'posts.content_summary',
  'posts.hero_image_url',
  'posts.hero_image_alt',
  'posts.og_image_url',
  'posts.author',
  'posts.status',
  'posts.published_at',
  'posts.updated_at',
  'posts.meta_title',
  'posts.meta_description',
  'posts.read_minutes',
] as const

export type PostPageRow = Omit<Post, 'content' | 'created_at' | 'deleted_at' | 'deleted_by' | 'deleted_slug'>

/** One visible post by slug, for its page (no markdown). */
export async function getPublishedPostPage(slug: string, now?: Date): Promise<PostPageRow | undefined> {
  return visiblePosts(now).select(POST_PAGE_COLUMNS).where('posts.slug', '=', slug).executeTakeFirst()
}

/** Any post by slug, whatever its status, for an admin's preview of its page (no markdown); none in the Trash. */
export async function getPostPage(slug: string): Promise<PostPageRow | undefined> {
  return db()
    .selectFrom('posts')
    .select(POST_PAGE_COLUMNS)
    .where('posts.slug', '=', slug)
    .where('posts.deleted_at', 'is', null)
    .executeTakeFirst()
}

/** Visible posts of a category, paged. */
export async function listPublishedPostsInCategory(
  categoryId: number,
  options: { page?: number; pageSize?: number; now?: Date } = {},
) {
  const query = visiblePosts(options.now)
    .innerJoin('post_categories', 'post_categories.post_id', 'posts.id')
    .where('post_categories.category_id', '=', categoryId)
    .select('posts.id')
  return pageOf(query, options.page ?? 1, options.pageSize ?? BLOG_PAGE_SIZE)
}

/** Visible posts of a tag, paged. */
export async function listPublishedPostsWithTag(
  tagId: number,
  options: { page?: number; pageSize?: number; now?: Date } = {},
) {
  const query = visiblePosts(options.now)
    .innerJoin('post_tags', 'post_tags.post_id', 'posts.id')
    .where('post_tags.tag_id', '=', tagId)
    .select('posts.id')
  return pageOf(query, options.page ?? 1, options.pageSize ?? BLOG_PAGE_SIZE)
}

/** Newest visible posts for the RSS feed, with their category names. */
export async function listPostsForFeed(limit = 20, now?: Date) {
  const posts = await visiblePosts(now)
    .select(['posts.id', 'posts.title', 'posts.slug', 'posts.excerpt', 'posts.published_at', 'posts.updated_at'])
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute()
  const ids = posts.map((p) => p.id)
  // With no posts, `in ()` matches no category.
  const categories = await db()
    .selectFrom('post_categories')
    .innerJoin('categories', 'categories.id', 'post_categories.category_id')
    .select(['post_categories.post_id', 'categories.name'])
    .where('post_categories.post_id', 'in', ids)
    .orderBy('categories.name')
    .execute()
  return posts.map((p) => ({
    ...p,
    categories: categories.filter((c) => c.post_id === p.id).map((c) => c.name),
  }))
}

/** Every visible post's slug and last change, for the blog sitemap. */
export async function listPostsForSitemap(now?: Date) {
  return visiblePosts(now)
    .select(['posts.slug', 'posts.updated_at', 'posts.published_at'])
    .orderBy('posts.published_at', 'desc')
    .execute()
}

// ---------- admin ----------

export type AdminPostFilter = 'all' | PostStatus

/**
 * A post's status as staff see it, in SQL: a published post whose time is
 * still ahead waits, so it is "scheduled" (see staffStatus).
 */
function staffStatusSql(now: Date) {
  return sql<PostStatus>`CASE WHEN status = 'published' AND published_at > ${now.toISOString()} THEN 'scheduled' ELSE status END`
}

/** Admin list: search by title or slug, optional status (as staff see it), newest first. */
export async function listPostsForAdmin(options: { q?: string; status?: AdminPostFilter; now?: Date } = {}) {
  const now = options.now ?? new Date()
  let query = db()
    .selectFrom('posts')
    .select(['id', 'title', 'slug', 'published_at', 'author', 'read_minutes', 'created_at'])
    .select(staffStatusSql(now).as('status'))
    .where('deleted_at', 'is', null)
  if (options.status && options.status !== 'all') query = query.where(staffStatusSql(now), '=', options.status)
  const q = options.q?.trim()
  if (q) {
    const pattern = containsPattern(q)
    query = query.where((eb) =>
      eb.or([sql<boolean>`title LIKE ${pattern} ESCAPE '\\'`, sql<boolean>`slug LIKE ${pattern} ESCAPE '\\'`]),
    )
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
}

/** How many posts are drafts, waiting (scheduled) and public (published), as staff see them. */
export async function countPostsByStatus(now: Date = new Date()): Promise<Record<PostStatus, number>> {
  const rows = await db()
    .selectFrom('posts')
    .select([staffStatusSql(now).as('shown'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('deleted_at', 'is', null)
    .groupBy('shown')
    .execute()
  const counts: Record<PostStatus, number> = { draft: 0, scheduled: 0, published: 0 }
  for (const row of rows) counts[row.shown] += Number(row.count)
  return counts
}

/** A post staff can open, by id: none in the Trash. */
export async function getPostById(id: number): Promise<Post | undefined> {
  return db().selectFrom('posts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
}

/** Whether a post (any post: one in the Trash holds a placeholder slug instead of its own) uses this slug. */
export async function isSlugTaken(slug: string, exceptId?: number): Promise<boolean> {
  let query = db().selectFrom('posts').select('id').where('slug', '=', slug)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/** A post as written by the app. Its HTML, summary and read minutes are derived from `content`, never given. */
export type PostWrite = Omit<
  NewPost,
  'id' | 'created_at' | 'updated_at' | 'content_html' | 'content_summary' | 'read_minutes'
>

/** The fields the activity log names when a post changes (status and dates before and after). */
const POST_FIELDS: Partial<Record<keyof Post, FieldSpec>> = {
  title: { label: 'Title' },
  slug: { label: 'Slug' },
  status: { label: 'Status', format: 'status' },
  published_at: { label: 'Publish date', format: 'instant' },
  author: { label: 'Author' },
  excerpt: { label: 'Excerpt' },
  content: { label: 'Content' },
  hero_image_url: { label: 'Featured image', format: 'image' },
  hero_image_alt: { label: 'Featured image description' },
  og_image_url: { label: 'Social image', format: 'image' },
  meta_title: { label: 'SEO title' },
  meta_description: { label: 'SEO description' },
}

/**
 * Creates a post, rendering its markdown once (stored with it); logged in the
 * same transaction. `writtenAt` dates the post and its first version (the demo
 * content, written as if over the past months); by default, now.
 */
export async function createPost(values: PostWrite, options: { writtenAt?: string } = {}): Promise<number> {
  const rendered = await renderPostContent(values.content ?? '')
  const dated = options.writtenAt ? { created_at: options.writtenAt, updated_at: options.writtenAt } : {}
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('posts')
        .values({ ...values, ...rendered, ...dated })
        .returningAll()
        .executeTakeFirstOrThrow()
      await recordRevision(trx, row, currentActor(), row.updated_at)
      await recordActivity(trx, {
        kind: 'post',
        action: 'created',
        subject_id: row.id,
        subject_label: values.title,
        summary: `Status: ${values.status ?? 'draft'}`,
        changes: [
          { field: 'status', label: 'Status', format: 'status', before: null, after: values.status ?? 'draft' },
          ...(values.published_at
            ? [
                {
                  field: 'published_at',
                  label: 'Publish date',
                  format: 'instant' as const,
                  before: null,
                  after: values.published_at,
                },
              ]
            : []),
        ],
      })
      return row.id
    })
}

/**
 * Updates a post; new content is rendered once and stored with it. The saved
 * version is kept (see post-revisions), and the change logged; `activity`
 * names the change in the log when it is not a plain edit (a restore).
 */
export async function updatePost(
  id: number,
  values: Partial<PostWrite>,
  options: { activity?: { action: string; summary: string } } = {},
): Promise<boolean> {
  const rendered = values.content === undefined ? {} : await renderPostContent(values.content)
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('posts')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!before) return false
      // A post written before versions were kept: its state before this save is the first version (no one named).
      if (!(await hasRevisions(trx, id))) await recordRevision(trx, before, null, before.updated_at)
      const after = await trx
        .updateTable('posts')
        .set({ ...values, ...rendered, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await recordRevision(trx, after, currentActor(), after.updated_at)
      const changes = fieldChanges<Post>(before, values, POST_FIELDS)
      // A save that changes nothing a person would see is not an event; a named one (a restore) always is.
      if (changes.length > 0 || options.activity)
        await recordActivity(trx, {
          kind: 'post',
          action: options.activity?.action ?? 'updated',
          subject_id: id,
          subject_label: values.title ?? before.title,
          ...(options.activity ? { summary: options.activity.summary } : {}),
          changes,
        })
      return true
    })
}

/**
 * Deletes a post for good, and its images unless something else uses them.
 * `trashedBefore`: only while it has been in the Trash since before then (the
 * daily sweep); `activity` names the change in the log.
 */
export async function deletePost(id: number, options: PermanentDelete = {}): Promise<Post | undefined> {
  const deleted = await db()
    .transaction()
    .execute(async (trx) => {
      // The images its kept versions showed go too (the versions go with the post), unless something else uses them.
      const versions = await trx
        .selectFrom('post_revisions')
        .select(['hero_image_url', 'og_image_url'])
        .where('post_id', '=', id)
        .execute()
      let query = trx.deleteFrom('posts').where('id', '=', id)
      if (options.trashedBefore) query = query.where('deleted_at', '<', options.trashedBefore.toISOString())
      const deleted = await query.returningAll().executeTakeFirst()
      if (!deleted) return undefined
      await recordActivity(trx, {
        kind: 'post',
        action: 'deleted',
        ...options.activity,
        subject_id: id,
        subject_label: deleted.title,
      })
      return { deleted, images: versions.flatMap((version) => [version.hero_image_url, version.og_image_url]) }
    })
  if (!deleted) return undefined
  await deleteImagesLeftBehind([deleted.deleted.hero_image_url, deleted.deleted.og_image_url, ...deleted.images])
  return deleted.deleted
}
