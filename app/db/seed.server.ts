import type { Transaction } from 'kysely'

import { db } from '~/db/db.server'
import type { Database } from '~/db/types'
import { slugify } from '~/lib/slug'
import { todayInStore } from '~/lib/time'
import { renderPostContent } from '~/models/post-content.server'
import { recordRevision } from '~/models/post-revisions.server'
import { ensureSettings } from '~/models/settings.server'

import { demoBrands } from './seed-data/brands'
import { demoDealSlides } from './seed-data/deals'
import { demoInquiries } from './seed-data/inquiries'
import { demoPosts } from './seed-data/posts'
import { demoReviews } from './seed-data/reviews'

type Trx = Transaction<Database>

/** Tables the demo content fills; a database with none of them filled counts as fresh. */
const CONTENT_TABLES = [
  'posts',
  'categories',
  'tags',
  'brands',
  'deals_slides',
  'reviews',
  'contact_inquiries',
] as const

async function isEmpty(trx: Trx, table: (typeof CONTENT_TABLES)[number]): Promise<boolean> {
  const row = await trx.selectFrom(table).select('id').limit(1).executeTakeFirst()
  return row === undefined
}

/**
 * What a new database starts with. `store`: the shop's own content, what it
 * would publish anyway (the settings record with the store facts, brands, deal
 * slides, reviews). `demo`: that plus sample blog posts and contact inquiries,
 * for a laptop or a demonstration. Runs on every start and by `npm run db:seed`;
 * seeding twice adds nothing.
 *
 * Content is added only to a fresh database: the settings record was just
 * created, or none of the content tables holds a row. That way a store manager
 * who deletes every post (or brand, or deal) does not see the content come back
 * at the next restart. Within a fresh database each section fills only an empty
 * table, all in one transaction.
 */
export async function seedContent(
  kind: 'store' | 'demo',
  now: Date = new Date(),
): Promise<{ inserted: boolean; summary: string }> {
  const settingsCreated = await ensureSettings()
  const parts: string[] = settingsCreated ? ['settings'] : []

  await db()
    .transaction()
    .execute(async (trx) => {
      const empty = Object.fromEntries(
        await Promise.all(CONTENT_TABLES.map(async (t) => [t, await isEmpty(trx, t)] as const)),
      ) as Record<(typeof CONTENT_TABLES)[number], boolean>
      const fresh = settingsCreated || CONTENT_TABLES.every((t) => empty[t])
      if (!fresh) return

      const today = todayInStore(now)
      if (empty.brands) parts.push(`${await seedBrands(trx)} brands`)
      if (empty.deals_slides) parts.push(`${await seedDeals(trx, today)} deal slides`)
      if (kind === 'demo' && empty.posts) parts.push(`${await seedPosts(trx, now)} posts`)
      if (empty.reviews) parts.push(`${await seedReviews(trx, today)} reviews`)
      if (kind === 'demo' && empty.contact_inquiries) parts.push(`${await seedInquiries(trx, now)} inquiries`)
    })

  return { inserted: parts.length > 0, summary: parts.join(', ') }
}

/** The full demo content (see seedContent). */
export function seedDemoContent(now: Date = new Date()) {
  return seedContent('demo', now)
}

async function seedBrands(trx: Trx): Promise<number> {
  const rows = demoBrands()
  await trx.insertInto('brands').values(rows).execute()
  return rows.length
}

async function seedDeals(trx: Trx, today: string): Promise<number> {
  const rows = demoDealSlides(today)
  await trx.insertInto('deals_slides').values(rows).execute()
  return rows.length
}

async function seedReviews(trx: Trx, today: string): Promise<number> {
  const rows = demoReviews(today)
  await trx.insertInto('reviews').values(rows).execute()
  return rows.length
}

async function seedInquiries(trx: Trx, now: Date): Promise<number> {
  const rows = demoInquiries(now)
  await trx.insertInto('contact_inquiries').values(rows).execute()
  return rows.length
}

/** Finds or creates categories/tags by slug and returns name → id. */
async function taxonomyIds(trx: Trx, table: 'categories' | 'tags', names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const name of new Set(names)) {
    const slug = slugify(name)
    await trx
      .insertInto(table)
      .values({ name, slug })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute()
    const row = await trx.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
    ids.set(name, row.id)
  }
  return ids
}

async function seedPosts(trx: Trx, now: Date): Promise<number> {
  const posts = demoPosts(now)
  const categoryIds = await taxonomyIds(
    trx,
    'categories',
    posts.flatMap((p) => p.categories),
  )
  const tagIds = await taxonomyIds(
    trx,
    'tags',
    posts.flatMap((p) => p.tags),
  )

  for (const { categories, tags, ...post } of posts) {
    // Rendered once, as the editor's save does: HTML, summary and read minutes.
    const rendered = await renderPostContent(post.content, trx)
    const row = await trx
      .insertInto('posts')
      .values({
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        hero_image_url: post.hero_image_url ?? null,
        og_image_url: null,
        author: post.author,
        status: post.status,
        published_at: post.published_at,
        meta_title: post.meta_title ?? null,
        meta_description: post.meta_description ?? null,
        ...rendered,
        created_at: post.created_at,
        updated_at: post.updated_at,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const { id } = row
    // Its first kept version, as a save from the editor keeps one (no one named: the demo wrote it).
    await recordRevision(trx, row, null, row.updated_at)
    await trx
      .insertInto('post_categories')
      .values(categories.map((name) => ({ post_id: id, category_id: categoryIds.get(name)! })))
      .execute()
    await trx
      .insertInto('post_tags')
      .values(tags.map((name) => ({ post_id: id, tag_id: tagIds.get(name)! })))
      .execute()
  }
  return posts.length
}
