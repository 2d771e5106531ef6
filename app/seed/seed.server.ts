import { db } from '~/db/db.server'
import { todayInStore } from '~/lib/time'
import { createBrand } from '~/models/brands.server'
import { createDealSlide } from '~/models/deals.server'
import { receiveInquiry, updateInquiryStatus } from '~/models/inquiries.server'
import { createPost } from '~/models/posts.server'
import { addReview } from '~/models/reviews.server'
import { ensureSettings } from '~/models/settings.server'
import { findOrCreateCategory, findOrCreateTag, setPostCategories, setPostTags } from '~/models/taxonomy.server'

import { demoBrands } from './data/brands'
import { demoDealSlides } from './data/deals'
import { demoInquiries } from './data/inquiries'
import { demoPosts } from './data/posts'
import { demoReviews } from './data/reviews'

/** Tables the demo content fills; a database with none of them filled counts as fresh. */
export const CONTENT_TABLES = [
  'posts',
  'categories',
  'tags',
  'brands',
  'deals_slides',
  'reviews',
  'contact_inquiries',
] as const

type ContentTable = (typeof CONTENT_TABLES)[number]

async function isEmpty(table: ContentTable): Promise<boolean> {
  const row = await db().selectFrom(table).select('id').limit(1).executeTakeFirst()
  return row === undefined
}

async function hasSettings(): Promise<boolean> {
  return (await db().selectFrom('settings').select('id').executeTakeFirst()) !== undefined
}

/**
 * What a new database starts with. `store`: the shop's own content, what it
 * would publish anyway (the settings record with the store facts, brands, deal
 * slides, reviews). `demo`: that plus sample blog posts and contact inquiries,
 * for a laptop or a demonstration. Runs on every start and by `npm run db:seed`;
 * seeding twice adds nothing.
 *
 * Everything is written through the models, as staff would write it: posts are
 * rendered and keep their first version, changes are logged (by no one), an
 * inquiry arrives new and is then moved to its status. The seed only chooses
 * the dates (a post's, an inquiry's arrival) to spread the demo over months.
 *
 * Content is added only to a fresh database: no settings record yet, or none
 * of the content tables holds a row. That way a store manager who deletes
 * every post (or brand, or deal) does not see the content come back at the
 * next restart. Within a fresh database each section fills only an empty
 * table. The settings record is written last, so a start stopped halfway
 * finds the database still fresh and fills the sections still empty.
 */
export async function seedContent(
  kind: 'store' | 'demo',
  now: Date = new Date(),
): Promise<{ inserted: boolean; summary: string }> {
  const empty = Object.fromEntries(
    await Promise.all(CONTENT_TABLES.map(async (table) => [table, await isEmpty(table)] as const)),
  ) as Record<ContentTable, boolean>
  const fresh = !(await hasSettings()) || CONTENT_TABLES.every((table) => empty[table])
  const parts: string[] = []
  if (fresh) {
    const today = todayInStore(now)
    if (empty.brands) parts.push(`${await seedBrands()} brands`)
    if (empty.deals_slides) parts.push(`${await seedDeals(today)} deal slides`)
    if (kind === 'demo' && empty.posts) parts.push(`${await seedPosts(now)} posts`)
    if (empty.reviews) parts.push(`${await seedReviews(today)} reviews`)
    if (kind === 'demo' && empty.contact_inquiries) parts.push(`${await seedInquiries(now)} inquiries`)
  }
  if (await ensureSettings()) parts.unshift('settings')
  return { inserted: parts.length > 0, summary: parts.join(', ') }
}

/** The full demo content (see seedContent). */
export function seedDemoContent(now: Date = new Date()) {
  return seedContent('demo', now)
}

async function seedBrands(): Promise<number> {
  const brands = demoBrands()
  for (const brand of brands) await createBrand(brand)
  return brands.length
}

async function seedDeals(today: string): Promise<number> {
  const slides = demoDealSlides(today)
  for (const slide of slides) await createDealSlide(slide)
  return slides.length
}

async function seedReviews(today: string): Promise<number> {
  const reviews = demoReviews(today)
  for (const review of reviews) await addReview(review)
  return reviews.length
}

async function seedInquiries(now: Date): Promise<number> {
  const inquiries = demoInquiries(now)
  for (const { status, created_at, ...message } of inquiries) {
    const { inquiry } = await receiveInquiry(message, new Date(created_at))
    if (status !== 'new') await updateInquiryStatus(inquiry.id, status)
  }
  return inquiries.length
}

/** The ids of categories or tags by name, each found or created once. */
async function ids(names: string[], findOrCreate: (name: string) => Promise<{ id: number } | null>) {
  const found = new Map<string, number>()
  for (const name of new Set(names)) {
    const row = await findOrCreate(name)
    if (row) found.set(name, row.id)
  }
  return found
}

async function seedPosts(now: Date): Promise<number> {
  const posts = demoPosts(now)
  const categoryIds = await ids(
    posts.flatMap((post) => post.categories),
    findOrCreateCategory,
  )
  const tagIds = await ids(
    posts.flatMap((post) => post.tags),
    findOrCreateTag,
  )
  for (const { categories, tags, created_at, updated_at: _, ...post } of posts) {
    const id = await createPost(
      {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        hero_image_url: post.hero_image_url ?? null,
        author: post.author,
        status: post.status,
        published_at: post.published_at,
        meta_title: post.meta_title ?? null,
        meta_description: post.meta_description ?? null,
      },
      { writtenAt: created_at },
    )
    await setPostCategories(
      id,
      categories.map((name) => categoryIds.get(name)!),
    )
    await setPostTags(
      id,
      tags.map((name) => tagIds.get(name)!),
    )
  }
  return posts.length
}
