import { randomBytes } from 'node:crypto'

import type { Transaction } from 'kysely'

import { db } from '~/db/db.server'
import type { Database } from '~/db/types'
import { TRASH_DAYS, TRASH_KINDS, trashCutoff, type TrashKind, trashRemovalTime } from '~/lib/trash'
import { currentActor, recordActivity } from '~/models/activity.server'
import { deleteBrand } from '~/models/brands.server'
import { deleteDealSlide } from '~/models/deals.server'
import { rearmPostScheduler } from '~/models/post-schedule.server'
import { deletePost } from '~/models/posts.server'

/**
 * The Trash: deleting a post, deal or brand marks it (when, by whom) instead
 * of removing it. From that moment every public page, feed, sitemap and admin
 * list leaves it out (each query of its model asks for `deleted_at IS NULL`),
 * and the write moves the page cache's content version like any other. Staff
 * may restore it as it was, with its images, categories, tags and kept
 * versions, which never left. After TRASH_DAYS the daily sweep removes it for
 * good, with any image nothing else uses.
 *
 * A post in the Trash gives up its slug so a new post may take it; restoring
 * it takes the slug back, or the first free `slug-2`, `slug-3` … when another
 * post took it meanwhile.
 */

export interface TrashItem {
  kind: TrashKind
  id: number
  /** its title (posts, deals) or name (brands) */
  label: string
  /** the picture that goes with it: the post's featured image, the deal's slide, the brand's logo */
  image_url: string | null
  deleted_at: string
  /** who deleted it: their name, else their email; null when unknown (the command line) */
  deleted_by: string | null
  /** when the sweep removes it for good */
  removes_at: string
}

type Trx = Transaction<Database>

/** A slug no post chooses, held by a post while it is in the Trash. */
function placeholderSlug(id: number): string {
  return `trashed-${id}-${randomBytes(6).toString('hex')}`
}

async function markDeleted(
  trx: Trx,
  kind: TrashKind,
  id: number,
  mark: { deleted_at: string; deleted_by: string | null },
) {
  switch (kind) {
    case 'post': {
      const post = await trx
        .selectFrom('posts')
        .select(['slug', 'title'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!post) return undefined
      await trx
        .updateTable('posts')
        .set({ ...mark, deleted_slug: post.slug, slug: placeholderSlug(id) })
        .where('id', '=', id)
        .execute()
      return post.title
    }
    case 'deal':
      return (
        await trx
          .updateTable('deals_slides')
          .set(mark)
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .returning('title')
          .executeTakeFirst()
      )?.title
    case 'brand':
      return (
        await trx
          .updateTable('brands')
          .set(mark)
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .returning('name')
          .executeTakeFirst()
      )?.name
  }
}

/**
 * Moves a post, deal or brand to the Trash (logged in the same transaction).
 * Returns its title or name, or undefined when there is no such record in use.
 */
export async function moveToTrash(
  kind: TrashKind,
  id: number,
  now: Date = new Date(),
): Promise<{ label: string } | undefined> {
  const actor = currentActor()
  return db()
    .transaction()
    .execute(async (trx) => {
      const label = await markDeleted(trx, kind, id, {
        deleted_at: now.toISOString(),
        deleted_by: actor?.email ?? null,
      })
      if (label === undefined) return undefined
      await recordActivity(
        trx,
        {
          kind,
          action: 'moved to trash',
          subject_id: id,
          subject_label: label,
          summary: `Restorable until it is removed for good after ${TRASH_DAYS} days`,
        },
        actor,
        now,
      )
      return { label }
    })
}

/** What is in the Trash, most recently deleted first; only the kinds asked for (what the reader may restore). */
export async function listTrash(kinds: readonly TrashKind[] = TRASH_KINDS): Promise<TrashItem[]> {
  const items: TrashItem[] = []
  const who = (name: string | null, email: string | null) => (name ? name : email)
  if (kinds.includes('post')) {
    const rows = await db()
      .selectFrom('posts')
      .leftJoin('users', 'users.email', 'posts.deleted_by')
      .select(['posts.id', 'posts.title', 'posts.hero_image_url', 'posts.deleted_at', 'posts.deleted_by', 'users.name'])
      .where('posts.deleted_at', 'is not', null)
      .execute()
    for (const row of rows)
      items.push(item('post', row.id, row.title, row.hero_image_url, row.deleted_at, who(row.name, row.deleted_by)))
  }
  if (kinds.includes('deal')) {
    const rows = await db()
      .selectFrom('deals_slides')
      .leftJoin('users', 'users.email', 'deals_slides.deleted_by')
      .select([
        'deals_slides.id',
        'deals_slides.title',
        'deals_slides.image_url',
        'deals_slides.deleted_at',
        'deals_slides.deleted_by',
        'users.name',
      ])
      .where('deals_slides.deleted_at', 'is not', null)
      .execute()
    for (const row of rows)
      items.push(item('deal', row.id, row.title, row.image_url, row.deleted_at, who(row.name, row.deleted_by)))
  }
  if (kinds.includes('brand')) {
    const rows = await db()
      .selectFrom('brands')
      .leftJoin('users', 'users.email', 'brands.deleted_by')
      .select([
        'brands.id',
        'brands.name as title',
        'brands.logo_url',
        'brands.deleted_at',
        'brands.deleted_by',
        'users.name',
      ])
      .where('brands.deleted_at', 'is not', null)
      .execute()
    for (const row of rows)
      items.push(item('brand', row.id, row.title, row.logo_url, row.deleted_at, who(row.name, row.deleted_by)))
  }
  return items.sort((a, b) => b.deleted_at.localeCompare(a.deleted_at) || b.id - a.id)
}

function item(
  kind: TrashKind,
  id: number,
  label: string,
  image_url: string | null,
  deleted_at: string | null,
  deleted_by: string | null,
): TrashItem {
  // Stryker disable next-line StringLiteral: equivalent mutant (text for the missing date): every row listed has deleted_at set (the query asks for it)
  const at = deleted_at ?? ''
  return { kind, id, label, image_url, deleted_at: at, deleted_by, removes_at: trashRemovalTime(at) }
}

export type RestoreResult =
  { ok: true; label: string; slug?: { wanted: string; given: string } } | { ok: false; reason: 'missing' }

/** The post's own slug when free, else the first free `slug-2`, `slug-3` … */
async function freeSlug(trx: Trx, wanted: string): Promise<string> {
  const taken = async (slug: string) =>
    (await trx.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined
  if (!(await taken(wanted))) return wanted
  const base = wanted.slice(0, 190)
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!(await taken(candidate))) return candidate
  }
}

/**
 * Puts a record from the Trash back where it was (logged in the same
 * transaction). A post gets its slug back, or a new one when another post
 * took it meanwhile (the result says which).
 */
export async function restoreFromTrash(kind: TrashKind, id: number): Promise<RestoreResult> {
  const cleared = { deleted_at: null, deleted_by: null }
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<RestoreResult> => {
      let label: string | undefined
      let slug: { wanted: string; given: string } | undefined
      switch (kind) {
        case 'post': {
          const post = await trx
            .selectFrom('posts')
            .select(['title', 'slug', 'deleted_slug'])
            .where('id', '=', id)
            .where('deleted_at', 'is not', null)
            .executeTakeFirst()
          if (!post) break
          const wanted = post.deleted_slug ?? post.slug
          const given = await freeSlug(trx, wanted)
          await trx
            .updateTable('posts')
            .set({ ...cleared, deleted_slug: null, slug: given })
            .where('id', '=', id)
            .execute()
          label = post.title
          if (given !== wanted) slug = { wanted, given }
          break
        }
        case 'deal':
          label = (
            await trx
              .updateTable('deals_slides')
              .set(cleared)
              .where('id', '=', id)
              .where('deleted_at', 'is not', null)
              .returning('title')
              .executeTakeFirst()
          )?.title
          break
        case 'brand':
          label = (
            await trx
              .updateTable('brands')
              .set(cleared)
              .where('id', '=', id)
              .where('deleted_at', 'is not', null)
              .returning('name')
              .executeTakeFirst()
          )?.name
          break
      }
      if (label === undefined) return { ok: false, reason: 'missing' }
      await recordActivity(trx, {
        kind,
        action: 'restored from trash',
        subject_id: id,
        subject_label: label,
        ...(slug
          ? {
              changes: [
                { field: 'slug', label: 'Slug', format: 'text' as const, before: slug.wanted, after: slug.given },
              ],
            }
          : { summary: 'Back where it was' }),
      })
      return slug ? { ok: true, label, slug } : { ok: true, label }
    })
  // A scheduled post whose time came while it was in the Trash goes live now.
  if (result.ok && kind === 'post') await rearmPostScheduler()
  return result
}

/**
 * Removes for good whatever has been in the Trash longer than TRASH_DAYS,
 * with each image nothing else uses, and logs each removal. Each delete names
 * only a row still in the Trash since before the cut-off, so a second sweep
 * (another process, a restore meanwhile) removes and logs nothing twice.
 */
export async function emptyExpiredTrash(
  now: Date = new Date(),
): Promise<{ kind: TrashKind; id: number; label: string }[]> {
  const cutoff = trashCutoff(now)
  const before = cutoff.toISOString()
  const activity = { action: 'removed for good', summary: `After ${TRASH_DAYS} days in the Trash` }
  const options = { trashedBefore: cutoff, activity }
  const removed: { kind: TrashKind; id: number; label: string }[] = []
  const expired = (table: 'posts' | 'deals_slides' | 'brands') =>
    db().selectFrom(table).select('id').where('deleted_at', '<', before).orderBy('id').execute()
  for (const { id } of await expired('posts')) {
    const post = await deletePost(id, options)
    if (post) removed.push({ kind: 'post', id, label: post.title })
  }
  for (const { id } of await expired('deals_slides')) {
    const deal = await deleteDealSlide(id, options)
    if (deal) removed.push({ kind: 'deal', id, label: deal.title })
  }
  for (const { id } of await expired('brands')) {
    const brand = await deleteBrand(id, options)
    if (brand) removed.push({ kind: 'brand', id, label: brand.name })
  }
  return removed
}
