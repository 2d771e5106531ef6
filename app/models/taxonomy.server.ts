import { db } from '~/db/db.server'
import type { Category, Tag } from '~/db/types'
import { slugify } from '~/lib/slug'

export async function getCategoryBySlug(slug: string): Promise<Category | undefined> {
  return db().selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst()
}

export async function getTagBySlug(slug: string): Promise<Tag | undefined> {
  return db().selectFrom('tags').selectAll().where('slug', '=', slug).executeTakeFirst()
}

export async function listCategories(): Promise<Category[]> {
  return db().selectFrom('categories').selectAll().orderBy('name').execute()
}

export async function listTags(): Promise<Tag[]> {
  return db().selectFrom('tags').selectAll().orderBy('name').execute()
}

export async function listCategoriesOfPost(postId: number): Promise<Category[]> {
  return db()
    .selectFrom('categories')
    .innerJoin('post_categories', 'post_categories.category_id', 'categories.id')
    .selectAll('categories')
    .where('post_categories.post_id', '=', postId)
    .orderBy('categories.name')
    .execute()
}

export async function listTagsOfPost(postId: number): Promise<Tag[]> {
  return db()
    .selectFrom('tags')
    .innerJoin('post_tags', 'post_tags.tag_id', 'tags.id')
    .selectAll('tags')
    .where('post_tags.post_id', '=', postId)
    .orderBy('tags.name')
    .execute()
}

/** Finds a category by its slug or creates it; null when the name has no letters or digits. */
export async function findOrCreateCategory(name: string): Promise<Category | null> {
  const slug = slugify(name)
  if (!slug) return null
  await db()
    .insertInto('categories')
    .values({ name: name.trim().slice(0, 100), slug })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute()
  return (await getCategoryBySlug(slug)) ?? null
}

/** Finds a tag by its slug or creates it; null when the name has no letters or digits. */
export async function findOrCreateTag(name: string): Promise<Tag | null> {
  const slug = slugify(name)
  if (!slug) return null
  await db()
    .insertInto('tags')
    .values({ name: name.trim().slice(0, 100), slug })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute()
  return (await getTagBySlug(slug)) ?? null
}

/** Replaces a post's categories with the given existing ids. */
export async function setPostCategories(postId: number, categoryIds: number[]): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('post_categories').where('post_id', '=', postId).execute()
      const ids = [...new Set(categoryIds)]
      // An empty list matches nothing here.
      const existing = await trx.selectFrom('categories').select('id').where('id', 'in', ids).execute()
      if (existing.length === 0) return
      await trx
        .insertInto('post_categories')
        .values(existing.map((c) => ({ post_id: postId, category_id: c.id })))
        .execute()
    })
}

/** Replaces a post's tags with the given existing ids. */
export async function setPostTags(postId: number, tagIds: number[]): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute()
      const ids = [...new Set(tagIds)]
      // An empty list matches nothing here.
      const existing = await trx.selectFrom('tags').select('id').where('id', 'in', ids).execute()
      if (existing.length === 0) return
      await trx
        .insertInto('post_tags')
        .values(existing.map((t) => ({ post_id: postId, tag_id: t.id })))
        .execute()
    })
}
