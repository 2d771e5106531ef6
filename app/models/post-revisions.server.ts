import type { Kysely, Transaction } from 'kysely'

import { db } from '~/db/db.server'
import type { Database, Post, PostRevision } from '~/db/types'
import type { Actor } from '~/models/activity.server'

/**
 * A post's saved versions. Each save stores the version it made, with who
 * saved it and when, so the version before any save is always kept; a post
 * saved before versions were kept gets its old state stored (no one named) the
 * first time it is saved again. The newest REVISIONS_KEPT per post are kept;
 * older ones go in the same transaction as the save.
 */
export const REVISIONS_KEPT = 50

type Writer = Kysely<Database> | Transaction<Database>

/** The fields a version holds (everything an owner writes, not what is derived from it). */
export const REVISION_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'content',
  'hero_image_url',
  'hero_image_alt',
  'og_image_url',
  'author',
  'status',
  'published_at',
  'meta_title',
  'meta_description',
] as const satisfies readonly (keyof Post & keyof PostRevision)[]

export type RevisionValues = Pick<PostRevision, (typeof REVISION_FIELDS)[number]>

function valuesOf(post: RevisionValues): RevisionValues {
  return Object.fromEntries(REVISION_FIELDS.map((field) => [field, post[field]])) as RevisionValues
}

/** Stores `post` as a version saved by `actor` at `savedAt`, and drops the versions beyond the newest REVISIONS_KEPT. */
export async function recordRevision(
  writer: Writer,
  post: Post,
  actor: Actor | null,
  savedAt: string,
  keep: number = REVISIONS_KEPT,
): Promise<void> {
  await writer
    .insertInto('post_revisions')
    .values({
      post_id: post.id,
      saved_at: savedAt,
      saved_by_id: actor?.id ?? null,
      saved_by_email: actor?.email ?? null,
      ...valuesOf(post),
    })
    .execute()
  const kept = writer
    .selectFrom('post_revisions')
    .select('id')
    .where('post_id', '=', post.id)
    .orderBy('id', 'desc')
    .limit(keep)
  await writer.deleteFrom('post_revisions').where('post_id', '=', post.id).where('id', 'not in', kept).execute()
}

/** Whether a post has any stored version yet. */
export async function hasRevisions(writer: Writer, postId: number): Promise<boolean> {
  const row = await writer.selectFrom('post_revisions').select('id').where('post_id', '=', postId).executeTakeFirst()
  return row !== undefined
}

export interface RevisionSummary {
  id: number
  saved_at: string
  saved_by: string | null
  title: string
  status: PostRevision['status']
  published_at: string | null
}

/** A post's versions, newest first: when, by whom (their current address when the account still exists). */
export async function listRevisions(postId: number): Promise<RevisionSummary[]> {
  return db()
    .selectFrom('post_revisions')
    .leftJoin('users', 'users.id', 'post_revisions.saved_by_id')
    .select([
      'post_revisions.id',
      'post_revisions.saved_at',
      'post_revisions.title',
      'post_revisions.status',
      'post_revisions.published_at',
      (eb) => eb.fn.coalesce('users.email', 'post_revisions.saved_by_email').as('saved_by'),
    ])
    .where('post_revisions.post_id', '=', postId)
    .orderBy('post_revisions.id', 'desc')
    .execute()
}

/** One version of one post (undefined when it is not that post's). */
export async function getRevision(
  postId: number,
  revisionId: number,
): Promise<(PostRevision & { saved_by: string | null }) | undefined> {
  return db()
    .selectFrom('post_revisions')
    .leftJoin('users', 'users.id', 'post_revisions.saved_by_id')
    .selectAll('post_revisions')
    .select((eb) => eb.fn.coalesce('users.email', 'post_revisions.saved_by_email').as('saved_by'))
    .where('post_revisions.post_id', '=', postId)
    .where('post_revisions.id', '=', revisionId)
    .executeTakeFirst()
}
