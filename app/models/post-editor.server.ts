import type { PostStatus } from '~/db/types'
import { defaultImageAlt } from '~/lib/image-alt'
import { formatStoreInstant, SCHEDULE_NEEDS_TIME_MESSAGE, SCHEDULE_PASSED_MESSAGE } from '~/lib/publish-label'
import { absoluteUrl } from '~/lib/seo'
import { isImageAddress } from '~/lib/site-path'
import { slugify } from '~/lib/slug'
import { versionStaticImages } from '~/lib/static-images'
import { isoToStoreLocal, storeLocalToIso } from '~/lib/time'
import { renderPostContent } from '~/models/post-content.server'
import { getRevision } from '~/models/post-revisions.server'
import { rearmPostScheduler } from '~/models/post-schedule.server'
import { createPost, getPostById, isSlugTaken, type PostWrite, updatePost } from '~/models/posts.server'
import {
  findOrCreateCategory,
  findOrCreateTag,
  listCategories,
  listTags,
  setPostCategories,
  setPostTags,
} from '~/models/taxonomy.server'
import { deleteImagesLeftBehind } from '~/models/upload-files.server'
import { uploadSizes } from '~/models/uploads.server'
import { type PostFormValues, type PostPreviewInput, splitNames } from '~/schemas/post'

export const SLUG_TAKEN_MESSAGE = 'This slug is already used by another post'
export const SLUG_EMPTY_MESSAGE = 'Enter a slug with at least one letter or number'

/**
 * published_at is stored only for published and scheduled posts and
 * defaults to the current moment; the editor's wall-clock value is read in the
 * store's time zone.
 */
export function publishedAtFor(status: PostStatus, local: string | undefined, now: Date = new Date()): string | null {
  if (status === 'draft') return null
  return (local ? storeLocalToIso(local) : null) ?? now.toISOString()
}

/** The slug to store: the typed one (already normalised) or the title's. */
export function slugFor(values: Pick<PostFormValues, 'slug' | 'title'>): string {
  return values.slug || slugify(values.title)
}

export type SavePostResult =
  | { ok: true; id: number; created: boolean; status: PostStatus; published_at: string | null }
  | {
      ok: false
      fieldErrors: Record<string, string[]>
      notFound?: boolean
      /** Scheduled for a time already gone: the editor offers Publish now instead. */
      schedulePassed?: boolean
    }

/**
 * The status and time to store. A post that must wait for its time is stored
 * as scheduled (Published with a later time included), and the scheduler
 * publishes it then. Scheduled needs a time still ahead: a time already gone
 * is refused, never published quietly; "Publish now" (`publishNow`) is the
 * owner's explicit way to put it on the site at once.
 *
 * The form shows a stored time to the minute, in the store's zone. Sent back
 * unchanged (`stored` is the post's saved time), it keeps the saved moment
 * exactly: a re-save neither drops its seconds nor moves a time in the hour
 * that repeats when clocks fall back. And a Scheduled post whose own time came
 * while the owner had it open (opened at 8:55 for 9:00, saved at 9:02) is
 * saved as published at that time, as the scheduler made it or is about to,
 * not refused as if the owner had typed a time gone by.
 */
export function scheduleFor(
  values: Pick<PostFormValues, 'status' | 'published_at'>,
  options: { publishNow?: boolean; now?: Date; stored?: string | null } = {},
): { ok: true; status: PostStatus; published_at: string | null } | { ok: false; message: string; passed: boolean } {
  const now = options.now ?? new Date()
  if (options.publishNow) return { ok: true, status: 'published', published_at: now.toISOString() }
  const unchanged =
    values.status !== 'draft' &&
    !!options.stored &&
    !!values.published_at &&
    isoToStoreLocal(options.stored) === values.published_at
  const published_at = unchanged ? options.stored! : publishedAtFor(values.status, values.published_at, now)
  if (values.status === 'scheduled') {
    if (!values.published_at || !storeLocalToIso(values.published_at)) {
      return { ok: false, message: SCHEDULE_NEEDS_TIME_MESSAGE, passed: false }
    }
    if (published_at! <= now.toISOString()) {
      if (unchanged) return { ok: true, status: 'published', published_at }
      return { ok: false, message: SCHEDULE_PASSED_MESSAGE, passed: true }
    }
  }
  if (values.status === 'published' && published_at! > now.toISOString()) {
    return { ok: true, status: 'scheduled', published_at }
  }
  return { ok: true, status: values.status, published_at }
}

function isUniqueSlugError(error: unknown) {
  return error instanceof Error && /UNIQUE constraint failed: posts\.slug/.test(error.message)
}

/**
 * Creates (no id) or updates a post from the editor's validated values:
 * slug rule and uniqueness, published_at rule, default author, categories
 * and tags (existing ids plus new names, created by the slug rule). The
 * markdown is rendered once, by createPost / updatePost, and stored as HTML.
 */
export async function savePostFromEditor(input: {
  id?: number
  values: PostFormValues
  brandName: string
  now?: Date
  /** The owner pressed "Publish now": public at once, whatever status and time the form held. */
  publishNow?: boolean
}): Promise<SavePostResult> {
  const { id, values } = input
  const previous = id !== undefined ? await getPostById(id) : undefined
  if (id !== undefined && !previous) return { ok: false, fieldErrors: {}, notFound: true }

  const schedule = scheduleFor(values, {
    publishNow: input.publishNow,
    now: input.now,
    stored: previous?.published_at,
  })
  if (!schedule.ok) {
    return { ok: false, fieldErrors: { published_at: [schedule.message] }, schedulePassed: schedule.passed }
  }

  const slug = slugFor(values)
  if (!slug) return { ok: false, fieldErrors: { slug: [SLUG_EMPTY_MESSAGE] } }
  if (await isSlugTaken(slug, id)) return { ok: false, fieldErrors: { slug: [SLUG_TAKEN_MESSAGE] } }

  // The editor's schema gives missing content as ''.
  const content = values.content
  const row: PostWrite = {
    title: values.title,
    slug,
    excerpt: values.excerpt || null,
    content,
    hero_image_url: values.hero_image_url || null,
    hero_image_alt: values.hero_image_url ? values.hero_image_alt || null : null,
    og_image_url: values.og_image_url || null,
    author: values.author || `${input.brandName} Team`,
    status: schedule.status,
    published_at: schedule.published_at,
    meta_title: values.meta_title || null,
    meta_description: values.meta_description || null,
  }

  let postId: number
  try {
    if (id === undefined) {
      postId = await createPost(row)
    } else {
      await updatePost(id, row)
      postId = id
    }
  } catch (error) {
    if (isUniqueSlugError(error)) return { ok: false, fieldErrors: { slug: [SLUG_TAKEN_MESSAGE] } }
    throw error
  }

  const categoryIds = [...values.category_ids]
  for (const name of splitNames(values.new_categories)) {
    const category = await findOrCreateCategory(name)
    if (category) categoryIds.push(category.id)
  }
  const tagIds = [...values.tag_ids]
  for (const name of splitNames(values.new_tags)) {
    const tag = await findOrCreateTag(name)
    if (tag) tagIds.push(tag.id)
  }
  await setPostCategories(postId, categoryIds)
  await setPostTags(postId, tagIds)
  // An image the post no longer names is deleted with the change, unless something else uses it.
  if (previous) {
    await deleteImagesLeftBehind(
      [previous.hero_image_url, previous.og_image_url],
      [row.hero_image_url, row.og_image_url],
    )
  }

  // The publisher's timer follows the post's (maybe new) time.
  await rearmPostScheduler()

  return {
    ok: true,
    id: postId,
    created: id === undefined,
    status: schedule.status,
    published_at: schedule.published_at,
  }
}

/** The editor's unsaved values as the public post page would draw them (see PostArticle). */
export interface PostPreview {
  post: {
    title: string
    author: string
    published_at: string | null
    read_minutes: number
    hero_image_url: string | null
    hero_image_size: { width: number; height: number } | null
    hero_image_alt: string
  }
  html: string
  categories: { name: string; slug: string }[]
  tags: { name: string; slug: string }[]
  url: string
}

/**
 * What the post page will show for the editor's form as it stands, saved or
 * not: nothing is written. Read leniently (a preview of a half-filled form is
 * still useful): missing text gets the page's own fallbacks, an image address
 * that is neither ours nor https is left out, a draft is dated now.
 */
export async function previewPostPage(form: PostPreviewInput, input: { brandName: string; siteUrl: string }) {
  const title = form.title || 'Untitled post'
  const status = form.status
  const publishedAt = publishedAtFor(status === 'draft' ? 'published' : status, form.published_at || undefined)
  const hero = form.hero_image_url && isImageAddress(form.hero_image_url) ? form.hero_image_url : null
  const [rendered, allCategories, allTags, sizes] = await Promise.all([
    renderPostContent(form.content),
    listCategories(),
    listTags(),
    uploadSizes([hero]),
  ])
  const named = (
    existing: { id: number; name: string; slug: string }[],
    chosen: string[],
    typed: string,
  ): { name: string; slug: string }[] => {
    const ids = new Set(chosen)
    const terms = existing.filter((term) => ids.has(String(term.id))).map(({ name, slug }) => ({ name, slug }))
    for (const name of splitNames(typed)) {
      const slug = slugify(name)
      if (!terms.some((term) => term.slug === slug)) terms.push({ name, slug })
    }
    return terms
  }
  const slug = slugify(form.slug) || slugify(title) || 'untitled-post'
  const preview: PostPreview = {
    post: {
      title,
      author: form.author || `${input.brandName} Team`,
      published_at: publishedAt,
      read_minutes: rendered.read_minutes,
      hero_image_url: hero,
      hero_image_size: (hero && sizes[hero]) || null,
      hero_image_alt: form.hero_image_alt || defaultImageAlt(title),
    },
    html: versionStaticImages(rendered.content_html),
    categories: named(allCategories, form.category_ids, form.new_categories),
    tags: named(allTags, form.tag_ids, form.new_tags),
    url: absoluteUrl(input.siteUrl, `/blog/${slug}`),
  }
  return preview
}

export type RestoreResult = { ok: true; title: string; slugKept: boolean } | { ok: false }

/**
 * Puts a kept version's words, address, SEO fields, author and images back
 * on the post. The status and publish time stay as they are now (restoring
 * old words never takes a live post off the site or publishes a draft), and
 * so does the address when another post has taken it since. The restore is a
 * save like any other: it is kept as a new version and logged.
 */
export async function restorePostRevision(postId: number, revisionId: number): Promise<RestoreResult> {
  const [post, revision] = await Promise.all([getPostById(postId), getRevision(postId, revisionId)])
  if (!post || !revision) return { ok: false }
  const slugKept = revision.slug !== post.slug && (await isSlugTaken(revision.slug, postId))
  const values: Partial<PostWrite> = {
    title: revision.title,
    slug: slugKept ? post.slug : revision.slug,
    excerpt: revision.excerpt,
    content: revision.content,
    hero_image_url: revision.hero_image_url,
    hero_image_alt: revision.hero_image_alt,
    og_image_url: revision.og_image_url,
    author: revision.author,
    meta_title: revision.meta_title,
    meta_description: revision.meta_description,
  }
  await updatePost(postId, values, {
    activity: {
      action: 'restored a version',
      summary: `Restored the version saved ${formatStoreInstant(revision.saved_at)}${
        revision.saved_by ? ` by ${revision.saved_by}` : ''
      }`,
    },
  })
  return { ok: true, title: revision.title, slugKept }
}
