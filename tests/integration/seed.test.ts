import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

import { beforeEach, describe, expect, it } from 'vitest'

import { db } from '~/db/db.server'
import { markdownToPlainText } from '~/lib/markdown.server'
import { readMinutes } from '~/lib/reading-time'
import { todayInStore } from '~/lib/time'
import { listBrands } from '~/models/brands.server'
import { dealStatus, listDealSlides, listLiveDealSlides } from '~/models/deals.server'
import { countInquiriesByStatus, listInquiries } from '~/models/inquiries.server'
import { renderPostContent } from '~/models/post-content.server'
import {
  getPublishedPostBySlug,
  listPublishedPosts,
  listPublishedPostsInCategory,
  listPublishedPostsWithTag,
} from '~/models/posts.server'
import { listReviews } from '~/models/reviews.server'
import { getSettings } from '~/models/settings.server'
import { listCategories, listTags } from '~/models/taxonomy.server'
import { DEFAULT_SETTINGS } from '~/schemas/settings'
import { BRAND_SLUGS } from '~/seed/data/brands'
import { CONTENT_TABLES, seedContent, seedDemoContent } from '~/seed/seed.server'

import { useTestDatabase } from '../support/test-db'

const PUBLIC = join(import.meta.dirname, '..', '..', 'public')
const DAY = 86_400_000
// 21:30 on November 22 in Norman, already November 23 in UTC: "today" must be the store's day.
const NOW = new Date('2026-11-23T03:30:00.000Z')
const TODAY = '2026-11-22'

const TABLES = [
  'posts',
  'categories',
  'tags',
  'post_categories',
  'post_tags',
  'brands',
  'deals_slides',
  'reviews',
  'contact_inquiries',
  'settings',
] as const

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of TABLES) {
    const row = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    counts[table] = Number(row.n)
  }
  return counts
}

useTestDatabase()

describe('demo content seed', () => {
  it('fills every table on a fresh database and reports what it added', async () => {
    const result = await seedDemoContent(NOW)
    expect(result.inserted).toBe(true)
    expect(result.summary).toBe('settings, 14 brands, 7 deal slides, 20 posts, 14 reviews, 9 inquiries')
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
    const counts = await rowCounts()
    for (const table of TABLES) expect(counts[table], table).toBeGreaterThan(0)
  })

  it('adds nothing when run a second time', async () => {
    await seedDemoContent(NOW)
    const before = await rowCounts()
    const again = await seedDemoContent(new Date(NOW.getTime() + DAY))
    expect(again).toEqual({ inserted: false, summary: '' })
    expect(await rowCounts()).toEqual(before)
  })

  it('does not bring demo posts back after staff deleted them all', async () => {
    await seedDemoContent(NOW)
    await db().deleteFrom('posts').execute()
    await seedDemoContent(NOW)
    expect((await rowCounts()).posts).toBe(0)
  })

  it('seeds an emptied database again (every content table empty)', async () => {
    await seedDemoContent(NOW)
    for (const table of CONTENT_TABLES) {
      await db().deleteFrom(table).execute()
    }
    const result = await seedDemoContent(NOW)
    expect(result.summary).toBe('14 brands, 7 deal slides, 20 posts, 14 reviews, 9 inquiries')
  })
})

describe('the seed writes as the app does (through the models)', () => {
  it('keeps each post’s first version, dated as the post, and logs what it added by no one', async () => {
    await seedDemoContent(NOW)
    const posts = await db().selectFrom('posts').select(['id', 'created_at', 'updated_at']).execute()
    for (const post of posts) {
      const versions = await db()
        .selectFrom('post_revisions')
        .select(['saved_at', 'saved_by_id'])
        .where('post_id', '=', post.id)
        .execute()
      expect(versions).toEqual([{ saved_at: post.created_at, saved_by_id: null }])
      expect(post.updated_at).toBe(post.created_at)
      expect(new Date(post.created_at).getTime()).toBeLessThan(NOW.getTime())
    }
    const logged = await db()
      .selectFrom('activity_log')
      .select(['kind', 'action', (eb) => eb.fn.countAll<number>().as('n')])
      .where('actor_id', 'is', null)
      .groupBy(['kind', 'action'])
      .orderBy('kind')
      .execute()
    expect(logged.map((row) => [row.kind, row.action, Number(row.n)])).toEqual([
      ['brand', 'created', 14],
      ['deal', 'created', 7],
      ['inquiry', 'status changed', 6],
      ['post', 'created', 20],
    ])
  })

  it('finishes a seed stopped before the settings were written', async () => {
    await seedContent('store', NOW)
    await db().deleteFrom('settings').execute()
    await db().deleteFrom('reviews').execute()
    expect(await seedContent('store', NOW)).toEqual({ inserted: true, summary: 'settings, 14 reviews' })
    expect((await rowCounts()).brands).toBe(14)
  })
})

describe('store content seed (a production first start)', () => {
  it("adds the store's own content and no sample posts or inquiries", async () => {
    const result = await seedContent('store', NOW)
    expect(result.summary).toBe('settings, 14 brands, 7 deal slides, 14 reviews')
    const counts = await rowCounts()
    for (const table of ['posts', 'categories', 'tags', 'post_categories', 'post_tags', 'contact_inquiries'] as const) {
      expect(counts[table], table).toBe(0)
    }
    for (const table of ['brands', 'deals_slides', 'reviews', 'settings'] as const) {
      expect(counts[table], table).toBeGreaterThan(0)
    }
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
  })

  it('adds nothing at the next start, demo or not', async () => {
    await seedContent('store', NOW)
    const before = await rowCounts()
    expect(await seedContent('store', NOW)).toEqual({ inserted: false, summary: '' })
    expect(await seedContent('demo', NOW)).toEqual({ inserted: false, summary: '' })
    expect(await rowCounts()).toEqual(before)
  })
})

describe('seeded posts', () => {
  beforeEach(async () => {
    await seedDemoContent(NOW)
  })

  it('has at least 16 visible published posts, 2 drafts and 1 scheduled in the future', async () => {
    const { posts, total } = await listPublishedPosts({ now: NOW, pageSize: 100 })
    expect(total).toBeGreaterThanOrEqual(16)

    const drafts = await db().selectFrom('posts').selectAll().where('status', '=', 'draft').execute()
    expect(drafts).toHaveLength(2)
    for (const d of drafts) {
      expect(d.published_at).toBeNull()
      expect(await getPublishedPostBySlug(d.slug, NOW)).toBeUndefined()
    }

    const scheduled = await db().selectFrom('posts').selectAll().where('status', '=', 'scheduled').execute()
    expect(scheduled).toHaveLength(1)
    const at = new Date(scheduled[0].published_at!).getTime()
    expect(Math.round((at - NOW.getTime()) / DAY)).toBe(14)
    expect(await getPublishedPostBySlug(scheduled[0].slug, NOW)).toBeUndefined()

    // Dates are distinct and spread over roughly the last ten months.
    const dates = posts.map((p) => p.published_at!)
    expect(new Set(dates).size).toBe(dates.length)
    const ages = dates.map((d) => (NOW.getTime() - new Date(d).getTime()) / DAY)
    expect(Math.min(...ages)).toBeGreaterThan(0)
    expect(Math.min(...ages)).toBeLessThan(14)
    expect(Math.max(...ages)).toBeGreaterThan(240)
    expect(Math.max(...ages)).toBeLessThan(330)
  })

  it('gives every post a real markdown body with a heading, a list, a link and an image', async () => {
    const posts = await db().selectFrom('posts').selectAll().execute()
    for (const post of posts) {
      const words = markdownToPlainText(post.content).split(/\s+/).filter(Boolean).length
      expect(words, post.slug).toBeGreaterThanOrEqual(250)
      expect(words, post.slug).toBeLessThanOrEqual(700)
      expect(post.content, post.slug).toMatch(/^## \S/m)
      expect(post.content, post.slug).toMatch(/^(- |\d+\. )\S/m)
      expect(post.content, post.slug).toMatch(/[^!]\[[^\]]+\]\((\/|https:\/\/)[^)]+\)/)
      expect(post.content, post.slug).toMatch(/!\[[^\]]{10,}\]\(\/images\/[^)]+\)/)
      if (post.hero_image_url)
        expect(post.content, `${post.slug} repeats its hero image`).not.toContain(`](${post.hero_image_url})`)
      expect(post.excerpt!.length, post.slug).toBeLessThan(500)
      expect(post.read_minutes).toBe(readMinutes(post.content))
      if (post.meta_title) expect(post.meta_title.length).toBeLessThanOrEqual(60)
      if (post.meta_description) expect(post.meta_description.length).toBeLessThanOrEqual(160)
    }
    expect(posts.filter((p) => p.meta_title && p.meta_description).length).toBeGreaterThanOrEqual(3)
    expect(posts.filter((p) => p.hero_image_url).length).toBeGreaterThanOrEqual(3)
    expect(new Set(posts.map((p) => p.author)).size).toBeGreaterThanOrEqual(3)
  })

  it('stores every post rendered, its images with their width and height', async () => {
    await seedDemoContent(NOW)
    const posts = await db().selectFrom('posts').selectAll().execute()
    expect(posts.length).toBeGreaterThan(0)
    for (const post of posts) {
      const rendered = await renderPostContent(post.content)
      expect(post.content_html, post.slug).toBe(rendered.content_html)
      expect(post.content_summary, post.slug).toBe(rendered.content_summary)
      const images = post.content_html!.match(/<img [^>]*>/g) ?? []
      expect(images.length, post.slug).toBeGreaterThan(0)
      for (const img of images) expect(img, post.slug).toMatch(/ width="\d+" height="\d+"/)
    }
  })

  it('files posts under at least 3 categories and 5 tags, each with visible posts', async () => {
    const categories = await listCategories()
    const tags = await listTags()
    expect(categories.length).toBeGreaterThanOrEqual(3)
    expect(tags.length).toBeGreaterThanOrEqual(5)
    for (const c of categories) {
      expect((await listPublishedPostsInCategory(c.id, { now: NOW })).total, c.slug).toBeGreaterThan(0)
    }
    const tagged = await Promise.all(tags.map((t) => listPublishedPostsWithTag(t.id, { now: NOW })))
    expect(tagged.filter((page) => page.total > 0).length).toBeGreaterThanOrEqual(5)
  })

  it('keeps to medical-only copy: no recreational framing, no curative claims', async () => {
    const posts = await db().selectFrom('posts').select(['title', 'excerpt', 'content']).execute()
    const deals = await db().selectFrom('deals_slides').select(['title', 'description']).execute()
    const text = JSON.stringify([posts, deals])
    expect(text).not.toMatch(/\b(recreational|cures?|curative|therapeutic|heals?|relieves?|relief)\b/i)
    expect(text).toMatch(/medical card/i)
  })
})

describe('seeded brands, deals, reviews and inquiries', () => {
  beforeEach(async () => {
    await seedDemoContent(NOW)
  })

  it('lists the 14 brands, the 10 carousel brands first, each with its own logo', async () => {
    const brands = await listBrands()
    expect(brands.map((b) => b.logo_url)).toEqual(BRAND_SLUGS.map((s) => `/brands/${s}.svg`))
    expect(brands.slice(0, 10).map((b) => b.name)).toEqual([
      'Prairie Gold',
      'Red Dirt Remedies',
      'Sooner Leaf',
      'Canadian River Co.',
      'Wildflower Labs',
      'Thunderbird Extracts',
      'Plains Apothecary',
      'Bluestem Botanicals',
      'Cimarron Craft',
      'Okie Orchard',
    ])
    expect(brands.filter((b) => b.site_url?.startsWith('https://')).length).toBeGreaterThanOrEqual(10)
    expect(brands.some((b) => b.is_featured === 0)).toBe(true)
  })

  it('has live deal slides for the store day, one upcoming, one expired and one switched off', async () => {
    expect(todayInStore(NOW)).toBe(TODAY)
    const live = await listLiveDealSlides(NOW)
    expect(live.length).toBeGreaterThanOrEqual(3)
    expect(live.length).toBeLessThanOrEqual(4)
    expect(live.some((s) => s.start_date === null && s.end_date === null)).toBe(true)
    expect(live.map((s) => s.sort_order)).toEqual([...live.map((s) => s.sort_order)].sort((a, b) => a - b))

    const upcoming = await listDealSlides({ filter: 'upcoming', now: NOW })
    expect(upcoming.map((s) => s.start_date)).toEqual(['2026-12-02'])
    const expired = await listDealSlides({ filter: 'expired', now: NOW })
    expect(expired.map((s) => s.end_date)).toEqual(['2026-11-12'])
    const all = await listDealSlides({ now: NOW })
    expect(all.filter((s) => dealStatus(s, NOW) === 'Inactive')).toHaveLength(1)
    expect(all.every((s) => s.image_url?.startsWith('/images/deals/'))).toBe(true)

    // A hundred days on, only the open-ended slide is still live.
    expect((await listLiveDealSlides(new Date(NOW.getTime() + 100 * DAY))).length).toBe(1)
  })

  it('has 6 to 8 reviews per store, mostly 5 stars, some long quotes, spread over a year', async () => {
    for (const store of ['Lindsey', 'BlueWater'] as const) {
      const reviews = await listReviews(store)
      expect(reviews.length).toBeGreaterThanOrEqual(6)
      expect(reviews.length).toBeLessThanOrEqual(8)
      expect(reviews.some((r) => r.quote.length > 150)).toBe(true)
      expect(reviews.filter((r) => r.rating === 5).length).toBeGreaterThan(reviews.length / 2)
      expect(reviews.every((r) => r.rating >= 4)).toBe(true)
      expect(reviews.every((r) => r.review_date <= TODAY && r.review_date > '2025-11-22')).toBe(true)
    }
    const all = [...(await listReviews('Lindsey')), ...(await listReviews('BlueWater'))]
    expect(all.filter((r) => r.quote.length > 150).length).toBeGreaterThanOrEqual(3)
    expect(new Set(all.map((r) => r.source)).size).toBeGreaterThanOrEqual(3)
  })

  it('has inquiries in every status and topic, with at least 3 career applications', async () => {
    const counts = await countInquiriesByStatus()
    expect(counts.new).toBeGreaterThanOrEqual(2)
    expect(counts['in-progress']).toBeGreaterThanOrEqual(2)
    expect(counts.closed).toBeGreaterThanOrEqual(2)
    expect((await listInquiries({ topic: 'career' })).length).toBeGreaterThanOrEqual(3)
    const inquiries = await listInquiries()
    expect(new Set(inquiries.map((i) => i.topic))).toEqual(
      new Set(['product-suggestion', 'career', 'review', 'general']),
    )
    for (const i of inquiries) expect(new Date(i.created_at).getTime()).toBeLessThan(NOW.getTime())
  })

  it('refers only to images that exist in public/', async () => {
    const paths = new Set<string>()
    for (const b of await db().selectFrom('brands').select('logo_url').execute()) paths.add(b.logo_url)
    for (const d of await db().selectFrom('deals_slides').select('image_url').execute())
      if (d.image_url) paths.add(d.image_url)
    for (const p of await db().selectFrom('posts').select(['hero_image_url', 'og_image_url', 'content']).execute()) {
      if (p.hero_image_url) paths.add(p.hero_image_url)
      if (p.og_image_url) paths.add(p.og_image_url)
      for (const m of p.content.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) paths.add(m[1])
    }
    expect(paths.size).toBeGreaterThan(20)
    for (const path of paths) {
      expect(path, path).toMatch(/^\/[a-z0-9/_.-]+$/)
      expect(existsSync(join(PUBLIC, path)), path).toBe(true)
    }
  })
})

describe('the site images', () => {
  const svgs = [
    ...readdirSync(join(PUBLIC, 'brands')).map((f) => `brands/${f}`),
    ...readdirSync(join(PUBLIC, 'images', 'deals')).map((f) => `images/deals/${f}`),
    ...readdirSync(join(PUBLIC, 'images', 'gallery')).map((f) => `images/gallery/${f}`),
    'images/logo.svg',
    'images/logo-wordmark.svg',
    'images/hero.svg',
    'favicon.svg',
  ]

  it('are small SVGs with a viewBox and explicit size', () => {
    expect(svgs.filter((f) => f.startsWith('brands/'))).toHaveLength(14)
    for (const file of svgs) {
      const text = readFileSync(join(PUBLIC, file), 'utf8')
      expect(text, file).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"[^>]*width="\d+"[^>]*height="\d+"/)
      const limit = /gallery|hero/.test(file) ? 40_000 : 8_000
      expect(statSync(join(PUBLIC, file)).size, file).toBeLessThan(limit)
    }
  })

  it('include the rendered social card and touch icon as PNGs of the right size', () => {
    for (const [file, width, height] of [
      ['images/social-default.png', 1200, 630],
      ['apple-touch-icon.png', 180, 180],
    ] as const) {
      const png = readFileSync(join(PUBLIC, file))
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], file).toEqual([width, height])
    }
    const manifest = JSON.parse(readFileSync(join(PUBLIC, 'site.webmanifest'), 'utf8'))
    expect(manifest).toMatchObject({ theme_color: '#1c432c', background_color: '#faf6ee' })
    for (const icon of manifest.icons) expect(existsSync(join(PUBLIC, icon.src))).toBe(true)
  })
})
