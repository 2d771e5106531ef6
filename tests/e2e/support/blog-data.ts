import { e2eDatabase } from './session'

/** Test posts written straight into the e2e server's database (the server reads it on every request). */
export interface TestPost {
  title: string
  slug: string
  excerpt?: string | null
  content?: string
  status?: 'draft' | 'scheduled' | 'published'
  /** ISO instant; defaults to `minutesAgo` minutes before now. */
  published_at?: string | null
  minutesAgo?: number
  author?: string
  hero_image_url?: string | null
  og_image_url?: string | null
  meta_title?: string | null
  meta_description?: string | null
  read_minutes?: number
  categories?: string[]
  tags?: string[]
}

function slugOf(name: string) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Inserts posts (and their categories and tags by name) in one transaction; existing slugs are left alone. */
export function insertPosts(posts: TestPost[]): void {
  const db = e2eDatabase()
  try {
    const insertPost = db.prepare(`INSERT INTO posts
      (title, slug, excerpt, content, status, published_at, author, hero_image_url, og_image_url, meta_title, meta_description, read_minutes, updated_at)
      VALUES (@title, @slug, @excerpt, @content, @status, @published_at, @author, @hero_image_url, @og_image_url, @meta_title, @meta_description, @read_minutes, @updated_at)
      ON CONFLICT(slug) DO NOTHING`)
    const upsertCategory = db.prepare('INSERT INTO categories (name, slug) VALUES (?, ?) ON CONFLICT(slug) DO NOTHING')
    const categoryId = db.prepare('SELECT id FROM categories WHERE slug = ?')
    const upsertTag = db.prepare('INSERT INTO tags (name, slug) VALUES (?, ?) ON CONFLICT(slug) DO NOTHING')
    const tagId = db.prepare('SELECT id FROM tags WHERE slug = ?')
    const linkCategory = db.prepare('INSERT OR IGNORE INTO post_categories (post_id, category_id) VALUES (?, ?)')
    const linkTag = db.prepare('INSERT OR IGNORE INTO post_tags (post_id, tag_id) VALUES (?, ?)')
    db.transaction(() => {
      for (const p of posts) {
        const published_at =
          p.published_at !== undefined
            ? p.published_at
            : new Date(Date.now() - (p.minutesAgo ?? 60) * 60_000).toISOString()
        const info = insertPost.run({
          title: p.title,
          slug: p.slug,
          excerpt: p.excerpt ?? null,
          content: p.content ?? `${p.title}\n\nA short note for patients.`,
          status: p.status ?? 'published',
          published_at,
          author: p.author ?? 'Lindsey Street Cannabis Co. Team',
          hero_image_url: p.hero_image_url ?? null,
          og_image_url: p.og_image_url ?? null,
          meta_title: p.meta_title ?? null,
          meta_description: p.meta_description ?? null,
          read_minutes: p.read_minutes ?? 3,
          updated_at: published_at ?? new Date().toISOString(),
        })
        // beforeAll may run again in the same worker (fullyParallel): inserting twice adds nothing.
        if (info.changes === 0) continue
        const id = Number(info.lastInsertRowid)
        for (const name of p.categories ?? []) {
          upsertCategory.run(name, slugOf(name))
          linkCategory.run(id, (categoryId.get(slugOf(name)) as { id: number }).id)
        }
        for (const name of p.tags ?? []) {
          upsertTag.run(name, slugOf(name))
          linkTag.run(id, (tagId.get(slugOf(name)) as { id: number }).id)
        }
      }
    })()
  } finally {
    db.close()
  }
}

/** Creates a category or tag with no posts. */
export function insertTaxonomy(kind: 'categories' | 'tags', name: string): void {
  const db = e2eDatabase()
  try {
    db.prepare(`INSERT INTO ${kind} (name, slug) VALUES (?, ?) ON CONFLICT(slug) DO NOTHING`).run(name, slugOf(name))
  } finally {
    db.close()
  }
}

/** Runs a read query on the e2e database. */
export function queryE2e<T>(text: string, ...params: unknown[]): T[] {
  const db = e2eDatabase()
  try {
    return db.prepare(text).all(...params) as T[]
  } finally {
    db.close()
  }
}

/** A token unique to one test run, for titles and slugs that no other test matches. */
export function uniqueToken(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}
