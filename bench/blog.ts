// npm run bench:blog
// Server-side cost of the public blog queries with 10 and with 10,000 posts, on a
// temporary SQLite file (WAL, the app's pragmas and migrations). For each size it
// times the list, a search, a category page and a post page (its query and the
// HTML stored when the post was saved: a view renders no markdown): median and
// p95 over RUNS calls after a warm-up. Writes
// bench/blog-results.json next to this file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const RUNS = 200
const WARMUP = 20
const SIZES = [10, 10_000]
const CATEGORIES = ['Patient Guides', 'Product Spotlights', 'Store News', 'Wellness', 'Edibles', 'Concentrates']
const TOPICS = ['flower', 'edibles', 'vapes', 'pre-rolls', 'concentrates', 'tinctures', 'topicals', 'accessories']

const dir = mkdtempSync(join(tmpdir(), 'lsc-bench-'))
process.env.DATABASE_PATH = join(dir, 'bench.db')

const { openDatabase, useDatabase, closeDatabase } = await import('~/db/db.server')
const { migrateToLatest } = await import('~/db/migrate.server')
const { listPublishedPosts, listPublishedPostsInCategory, getPublishedPostPage } = await import('~/models/posts.server')
const { storedPostContent } = await import('~/models/post-content.server')

const open = openDatabase(process.env.DATABASE_PATH)
await migrateToLatest(open.db)
useDatabase(open)
const sqlite = open.sqlite

/** About 700 words of markdown with headings, lists, links and an image, like a real post. */
function body(i: number): string {
  const topic = TOPICS[i % TOPICS.length]
  const paragraph = `Choosing ${topic} starts with a conversation at the counter. Our budtenders walk patients through lab results, terpene profiles and the harvest date, and help compare options across price points without pressure. Bring your medical card to every visit, and ask about loyalty points and our price match on local dispensaries.`
  const sections = Array.from({ length: 5 }, (_, s) =>
    [
      `## ${['Reading the label', 'Start low, go slow', 'Storage at home', 'Questions to ask', 'Before you visit'][s]}`,
      '',
      paragraph,
      '',
      `- Check the **test date** for batch ${i}-${s}`,
      `- Compare [this week's deals](/deals) and the [live menu](/live-menu)`,
      `- Read the [state guidance](https://oklahoma.gov/omma.html)`,
      '',
      paragraph,
      '',
    ].join('\n'),
  )
  return `${paragraph}\n\n![Jars on the counter](/images/gallery/shop-counter.svg)\n\n${sections.join('\n')}`
}

const insertPost = sqlite.prepare(`INSERT INTO posts
  (title, slug, excerpt, content, status, published_at, author, hero_image_url, read_minutes, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
const insertLink = sqlite.prepare('INSERT INTO post_categories (post_id, category_id) VALUES (?, ?)')
sqlite.transaction(() => {
  for (const [i, name] of CATEGORIES.entries()) {
    sqlite
      .prepare('INSERT INTO categories (id, name, slug) VALUES (?, ?, ?)')
      .run(i + 1, name, name.toLowerCase().replace(/\W+/g, '-'))
  }
})()

let inserted = 0
/** Adds posts up to `total`: 90% published in the past, 5% drafts, 5% scheduled in the future. */
function growTo(total: number) {
  const now = Date.now()
  sqlite.transaction(() => {
    for (let i = inserted; i < total; i++) {
      const kind = i % 20 === 7 ? 'draft' : i % 20 === 13 ? 'scheduled' : 'published'
      const when =
        kind === 'draft'
          ? null
          : new Date(kind === 'scheduled' ? now + (i + 1) * 3_600_000 : now - (i + 1) * 3_600_000).toISOString()
      const topic = TOPICS[i % TOPICS.length]
      const info = insertPost.run(
        `A patient's guide to ${topic}, part ${i + 1}`,
        `guide-${topic}-${i + 1}`,
        `What to know about ${topic} before your next visit: labels, dosing conversations and storage (${i + 1}).`,
        body(i),
        kind,
        when,
        'Lindsey Street Cannabis Co. Team',
        i % 3 === 0 ? '/images/hero.svg' : null,
        4,
        when ?? new Date(now).toISOString(),
      )
      const id = Number(info.lastInsertRowid)
      insertLink.run(id, (i % CATEGORIES.length) + 1)
      if (i % 4 === 0) insertLink.run(id, ((i + 3) % CATEGORIES.length) + 1)
    }
  })()
  inserted = total
  sqlite.pragma('optimize')
}

interface Row {
  posts: number
  operation: string
  median_ms: number
  p95_ms: number
  result: string
}

async function measure(operation: string, posts: number, fn: () => Promise<string>): Promise<Row> {
  let result = ''
  for (let i = 0; i < WARMUP; i++) result = await fn()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    result = await fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const pick = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]
  return { posts, operation, median_ms: round(pick(0.5)), p95_ms: round(pick(0.95)), result }
}

const round = (n: number) => Math.round(n * 1000) / 1000

const rows: Row[] = []
for (const size of SIZES) {
  growTo(size)
  const visible = (await listPublishedPosts({})).total
  const lastPage = (await listPublishedPosts({})).pageCount
  const slug = (await listPublishedPosts({ page: Math.ceil(lastPage / 2) })).posts[0].slug
  rows.push(
    await measure('list /blog (page 1)', size, async () => {
      const page = await listPublishedPosts({})
      return `${page.posts.length} of ${page.total}`
    }),
    await measure(`list /blog?page=${lastPage} (last)`, size, async () => {
      const page = await listPublishedPosts({ page: lastPage })
      return `${page.posts.length} of ${page.total}`
    }),
    await measure('search /blog?q=edibles', size, async () => {
      const page = await listPublishedPosts({ q: 'edibles' })
      return `${page.posts.length} of ${page.total}`
    }),
    await measure('category /blog/category/wellness', size, async () => {
      const page = await listPublishedPostsInCategory(4, {})
      return `${page.posts.length} of ${page.total}`
    }),
    // Rows are inserted without their HTML: the warm-up's first view renders and stores it, as for any such row.
    await measure('post /blog/{slug} (query, stored HTML)', size, async () => {
      const post = await getPublishedPostPage(slug)
      if (!post) throw new Error('post missing')
      return `${(await storedPostContent(post)).html.length} bytes of HTML`
    }),
  )
  console.log(`${size} posts (${visible} visible) measured`)
}

const header = ['posts', 'operation', 'median ms', 'p95 ms', 'result']
const table = [
  header,
  ...rows.map((r) => [String(r.posts), r.operation, r.median_ms.toFixed(3), r.p95_ms.toFixed(3), r.result]),
]
const widths = header.map((_, c) => Math.max(...table.map((row) => row[c].length)))
console.log()
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, c) => (c >= 2 && c <= 3 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  '))
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
}

const out = join(dirname(fileURLToPath(import.meta.url)), 'blog-results.json')
writeFileSync(
  out,
  `${JSON.stringify(
    { generated_at: new Date().toISOString(), node: process.version, runs: RUNS, warmup: WARMUP, results: rows },
    null,
    2,
  )}\n`,
)
console.log(`\nWrote ${out}`)

await closeDatabase()
rmSync(dir, { recursive: true, force: true })
