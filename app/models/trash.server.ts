import { randomBytes } from 'node:crypto'

import { type Selectable, sql, type Transaction } from 'kysely'

import { db } from '~/db/db.server'
import type { Database } from '~/db/types'
import { RECORD_LISTS } from '~/lib/record-lists'
import { TRASH_DAYS, TRASH_KINDS, trashCutoff, type TrashKind, trashRemovalTime } from '~/lib/trash'
import { currentActor, recordActivity } from '~/models/activity.server'
import { rearmPostScheduler } from '~/models/post-schedule.server'
import { deletePost, type PermanentDelete } from '~/models/posts.server'
import { deleteImagesLeftBehind } from '~/models/upload-files.server'

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
 * post took it meanwhile. Every other kind is read and written the same way,
 * through its table and columns in record-lists.ts.
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

/** The kinds other than posts, which the Trash treats alike. */
type PlainKind = Exclude<TrashKind, 'post'>
/** A removed record's row, as its table holds it. */
type RecordRow<Kind extends PlainKind> = Selectable<Database[(typeof RECORD_LISTS)[Kind]['table']]>

/** A kind's column that names a record, as `label`. */
function labelOf(kind: TrashKind) {
  return sql.ref<string>(RECORD_LISTS[kind].columns.label).as('label')
}

/** A list's table as `r`, for the queries that read any kind alike. */
function tableOf(kind: TrashKind) {
  return sql<{ id: number; deleted_at: string | null; deleted_by: string | null }>`${sql.table(
    RECORD_LISTS[kind].table,
  )}`.as('r')
}

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
  if (kind === 'post') {
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
  return setTrashColumns(trx, kind, id, mark)
}

/**
 * Moves a record of a kind other than posts into the Trash (`deleted_at` set)
 * or out of it (null), only from where it is now; gives its label, or
 * undefined when there is no such record there.
 */
async function setTrashColumns(
  trx: Trx,
  kind: PlainKind,
  id: number,
  values: { deleted_at: string | null; deleted_by: string | null },
): Promise<string | undefined> {
  const row = await trx
    .updateTable(RECORD_LISTS[kind].table)
    .set(values)
    .where('id', '=', id)
    .where('deleted_at', values.deleted_at === null ? 'is not' : 'is', null)
    .returning(labelOf(kind))
    .executeTakeFirst()
  return row?.label
}

/**
 * A record still in use (not in the Trash), as the page that asks before
 * deleting it names it: its label, and its start and end dates when its list
 * has them. Undefined when there is no such record in use.
 */
export async function findInUse(
  kind: TrashKind,
  id: number,
): Promise<{ label: string; period?: [string | null, string | null] } | undefined> {
  const { columns } = RECORD_LISTS[kind]
  const period = 'period' in columns ? columns.period : undefined
  const row = await db()
    .selectFrom(tableOf(kind))
    .select([
      sql.ref<string>(`r.${columns.label}`).as('label'),
      ...(period
        ? [sql.ref<string | null>(`r.${period[0]}`).as('starts'), sql.ref<string | null>(`r.${period[1]}`).as('ends')]
        : []),
    ])
    .where('r.id', '=', id)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) return undefined
  const { label, starts, ends } = row as { label: string; starts?: string | null; ends?: string | null }
  return period ? { label, period: [starts ?? null, ends ?? null] } : { label }
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
  for (const kind of TRASH_KINDS.filter((each) => kinds.includes(each))) {
    const { columns } = RECORD_LISTS[kind]
    const rows = await db()
      .selectFrom(tableOf(kind))
      .leftJoin('users', 'users.email', 'r.deleted_by')
      .select([
        'r.id',
        'r.deleted_at',
        'r.deleted_by',
        'users.name',
        sql.ref<string>(`r.${columns.label}`).as('label'),
        sql.ref<string | null>(`r.${columns.pictures[0]}`).as('image_url'),
      ])
      .where('r.deleted_at', 'is not', null)
      .execute()
    for (const row of rows)
      items.push(item(kind, row.id, row.label, row.image_url, row.deleted_at, row.name ? row.name : row.deleted_by))
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
      if (kind === 'post') {
        const post = await trx
          .selectFrom('posts')
          .select(['title', 'slug', 'deleted_slug'])
          .where('id', '=', id)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst()
        if (post) {
          const wanted = post.deleted_slug ?? post.slug
          const given = await freeSlug(trx, wanted)
          await trx
            .updateTable('posts')
            .set({ ...cleared, deleted_slug: null, slug: given })
            .where('id', '=', id)
            .execute()
          label = post.title
          if (given !== wanted) slug = { wanted, given }
        }
      } else {
        label = await setTrashColumns(trx, kind, id, cleared)
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
  for (const kind of TRASH_KINDS) {
    const expired = await db()
      .selectFrom(RECORD_LISTS[kind].table)
      .select('id')
      .where('deleted_at', '<', before)
      .orderBy('id')
      .execute()
    for (const { id } of expired) {
      const label =
        kind === 'post' ? (await deletePost(id, options))?.title : (await deleteForGood(kind, id, options))?.label
      if (label !== undefined) removed.push({ kind, id, label })
    }
  }
  return removed
}

/**
 * Deletes a deal, brand or any kind but a post for good (posts: deletePost,
 * which also removes their kept versions), and each picture of it nothing else
 * uses, logged in the same transaction. With `trashedBefore`, only a record in
 * the Trash since before that moment; `activity` names the change in the log.
 * Gives the removed row and its label, or undefined when there was none.
 */
export async function deleteForGood<Kind extends PlainKind>(
  kind: Kind,
  id: number,
  options: PermanentDelete = {},
): Promise<{ row: RecordRow<Kind>; label: string } | undefined> {
  const { table, columns } = RECORD_LISTS[kind]
  const deleted = await db()
    .transaction()
    .execute(async (trx) => {
      let query = trx.deleteFrom(table).where('id', '=', id)
      if (options.trashedBefore) query = query.where('deleted_at', '<', options.trashedBefore.toISOString())
      const row = (await query.returningAll().executeTakeFirst()) as Record<string, unknown> | undefined
      if (!row) return undefined
      const label = String(row[columns.label])
      await recordActivity(trx, { kind, action: 'deleted', ...options.activity, subject_id: id, subject_label: label })
      return { row, label }
    })
  if (deleted) await deleteImagesLeftBehind(columns.pictures.map((column) => deleted.row[column] as string | null))
  return deleted as { row: RecordRow<Kind>; label: string } | undefined
}
