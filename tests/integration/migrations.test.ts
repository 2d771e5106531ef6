import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { openDatabase } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { renderPostContent } from '~/models/post-content.server'
import {
  createPost,
  listPublishedPosts,
  listPublishedPostsInCategory,
  listPublishedPostsWithTag,
} from '~/models/posts.server'
import { findOrCreateCategory, findOrCreateTag, setPostCategories, setPostTags } from '~/models/taxonomy.server'
import { migrateAndUpkeep, runUpkeep } from '~/models/upkeep.server'

import { migrations } from '../../migrations'
import { type TestDatabase, useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

const schemaOf = (s: TestDatabase['sqlite']) =>
  s.prepare(`SELECT type, name, sql FROM sqlite_master ORDER BY type, name`).all()

/** Runs `run` on a database of its own, in a folder of its own, migrated only up to `version`; then removes both. */
async function atVersion(
  version: string,
  run: (open: ReturnType<typeof openDatabase>, migrator: Migrator) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lsc-migrate-'))
  const open = openDatabase(join(dir, 'app.db'))
  try {
    const migrator = new Migrator({ db: open.db, provider: { getMigrations: async () => migrations } })
    await migrator.migrateTo(version)
    await run(open, migrator)
  } finally {
    await open.db.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('migrations', () => {
  it('running them twice changes nothing', async () => {
    const before = schemaOf(t.sqlite)
    const again = await migrateToLatest(t.db)
    expect(again.results ?? []).toEqual([])
    expect(schemaOf(t.sqlite)).toEqual(before)
    const applied = t.sqlite.prepare(`SELECT name FROM kysely_migration ORDER BY name`).pluck().all()
    expect(applied).toEqual(Object.keys(migrations))
    expect(applied).toEqual([
      '0001_initial',
      '0003_attempts_and_mail_queue',
      '0004_upload_sweep',
      '0005_post_content_html',
      '0006_setup_tokens',
      '0007_post_image_alt',
      '0008_staff_accounts',
      '0009_image_variants',
      '0010_post_revisions',
      '0013_activity_changes',
      '0014_inquiry_staff_note',
      '0015_visit_counts',
      '0016_post_pictures',
      '0017_trash',
      '0018_upkeep_tasks',
    ])
  })

  it('create every table of the app', () => {
    const tables = t.sqlite
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely_%' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .pluck()
      .all()
    expect(tables).toEqual([
      'activity_log',
      'attempt_counters',
      'auth_policy',
      'brands',
      'categories',
      'contact_inquiries',
      'deals_slides',
      'mail_queue',
      'password_reset_tokens',
      'post_categories',
      'post_revisions',
      'post_tags',
      'posts',
      'recovery_codes',
      'reviews',
      'sessions',
      'settings',
      'setup_tokens',
      'staff_invitations',
      'tags',
      'totp_factors',
      'upkeep_tasks',
      'upload_variants',
      'uploads',
      'user_roles',
      'users',
      'visit_counts',
    ])
  })

  it('apply to a brand-new file in a folder that does not exist yet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lsc-migrate-'))
    try {
      const open = openDatabase(join(dir, 'a', 'b', 'app.db'))
      const first = await migrateToLatest(open.db)
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
        Object.keys(migrations).map((name) => [name, 'Success']),
      )
      expect((await migrateToLatest(open.db)).results).toEqual([])
      await open.db.destroy()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('0005_post_content_html', () => {
  const PNG = readFileSync(join(__dirname, '../fixtures/images/40x30.png'))
  const JPEG = readFileSync(join(__dirname, '../fixtures/images/40x30.jpg'))
  const UUIDS = ['11111111-2222-4333-8444-555555555555', '66666666-7777-4888-9999-aaaaaaaaaaaa']

  it('stores the sizes of existing uploads and the HTML of existing posts, then keeps HTML fresh', async () => {
    await atVersion('0004_upload_sweep', async (open, migrator) => {
      const db = open.sqlite
      const upload = db.prepare(
        `INSERT INTO uploads (bucket, file_name, content_type, size, data) VALUES (?, ?, ?, ?, ?)`,
      )
      upload.run('blog-images', `${UUIDS[0]}.png`, 'image/png', PNG.length, PNG)
      upload.run('deals', `${UUIDS[1]}.jpg`, 'image/jpeg', JPEG.length, JPEG)
      upload.run('brands', 'broken.png', 'image/png', 4, Buffer.from('nope'))
      const post = db.prepare(`INSERT INTO posts (title, slug, content, status, published_at) VALUES (?, ?, ?, ?, ?)`)
      const content = [
        '## Inside the shop',
        `![Jar](/uploads/blog-images/${UUIDS[0]}.png)`,
        `![Deal](/uploads/deals/${UUIDS[1]}.jpg)`,
        '![Counter](/images/gallery/shop-counter.svg)',
        '[state rules](https://oklahoma.gov/omma.html) <script>x()</script>',
      ].join('\n\n')
      post.run('Shop', 'shop', content, 'published', '2026-01-01T00:00:00.000Z')
      post.run('Empty', 'empty', '', 'draft', null)

      const result = await migrateToLatest(open.db)
      expect(result.results?.[0]).toMatchObject({ migrationName: '0005_post_content_html', status: 'Success' })
      // The migrations themselves only ask for the work: no size read, no post rendered yet.
      expect(db.prepare(`SELECT task FROM upkeep_tasks ORDER BY task`).pluck().all()).toEqual([
        'render-posts',
        'upload-sizes',
        'upload-variants',
      ])
      expect(db.prepare(`SELECT count(*) FROM uploads WHERE width IS NOT NULL`).pluck().get()).toBe(0)
      expect(db.prepare(`SELECT count(*) FROM posts WHERE content_html IS NOT NULL`).pluck().get()).toBe(0)

      // What a start (or npm run db:migrate) does: the migrations, then the work they asked for.
      const { upkeep } = await migrateAndUpkeep(open.db)
      expect(upkeep.map((done) => done.task)).toEqual(['upload-sizes', 'upload-variants', 'render-posts'])
      expect(db.prepare(`SELECT count(*) FROM upkeep_tasks`).pluck().get()).toBe(0)

      const sizes = db.prepare(`SELECT file_name, width, height FROM uploads ORDER BY id`).all()
      expect(sizes).toEqual([
        { file_name: `${UUIDS[0]}.png`, width: 40, height: 30 },
        { file_name: `${UUIDS[1]}.jpg`, width: 40, height: 30 },
        { file_name: 'broken.png', width: null, height: null },
      ])
      const rows = db.prepare(`SELECT slug, content_html, content_summary FROM posts ORDER BY id`).all() as {
        slug: string
        content_html: string
        content_summary: string
      }[]
      expect(rows[0].content_html).toContain('<h2>Inside the shop</h2>')
      expect(rows[0].content_html).toContain(`src="/uploads/blog-images/${UUIDS[0]}.png" width="40" height="30"`)
      expect(rows[0].content_html).toContain(`src="/uploads/deals/${UUIDS[1]}.jpg" width="40" height="30"`)
      expect(rows[0].content_html).toContain('src="/images/gallery/shop-counter.svg" width="1200" height="800"')
      expect(rows[0].content_html).not.toContain('script')
      expect(rows[0].content_summary).toBe('Inside the shop state rules')
      expect(rows[1]).toEqual({ slug: 'empty', content_html: '', content_summary: '' })
      // Done once: the next start finds nothing to do.
      expect((await migrateAndUpkeep(open.db)).upkeep).toEqual([])

      // The trigger: content changed without its HTML clears the HTML.
      db.prepare(`UPDATE posts SET content = 'changed' WHERE slug = 'shop'`).run()
      expect(db.prepare(`SELECT content_html, content_summary FROM posts WHERE slug = 'shop'`).get()).toEqual({
        content_html: null,
        content_summary: null,
      })
      expect(() => upload.run('deals', 'zero.png', 'image/png', 1, Buffer.from('x'))).not.toThrow()
      expect(() => db.prepare(`UPDATE uploads SET width = 0 WHERE file_name = 'zero.png'`).run()).toThrow(/CHECK/)

      // And down again, leaving the 0001 schema.
      await migrator.migrateTo('0004_upload_sweep')
      const columns = db.prepare(`SELECT name FROM pragma_table_info('posts')`).pluck().all()
      expect(columns).not.toContain('content_html')
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger'`).all()).toEqual([])
    })
  })
})

describe('0016_post_pictures', () => {
  it('has every existing post rendered again by the app after the migrations: a captioned picture becomes a figure', async () => {
    await atVersion('0015_visit_counts', async (open) => {
      const db = open.sqlite
      const content = '![The counter](/images/gallery/shop-counter.svg "Our counter on opening day")'
      // HTML as an older renderer stored it, before pictures had captions.
      db.prepare(
        `INSERT INTO posts (title, slug, content, content_html, content_summary, status) VALUES ('Old', 'old', ?, '<p>old</p>', 'old', 'draft')`,
      ).run(content)

      await migrateToLatest(open.db)
      expect(db.prepare(`SELECT task FROM upkeep_tasks`).pluck().all()).toEqual(['render-posts'])
      expect(db.prepare(`SELECT content_html FROM posts`).pluck().get()).toBe('<p>old</p>')

      await runUpkeep(open.db)
      const html = db.prepare(`SELECT content_html FROM posts`).pluck().get() as string
      expect(html).toContain('<figcaption>Our counter on opening day</figcaption></figure>')
      expect(html).toBe((await renderPostContent(content, open.db)).content_html)
      expect(db.prepare(`SELECT count(*) FROM upkeep_tasks`).pluck().get()).toBe(0)
    })
  })

  it('asks for nothing on a database without posts or uploads', async () => {
    expect(t.sqlite.prepare(`SELECT count(*) FROM upkeep_tasks`).pluck().get()).toBe(0)
  })
})

describe('the upkeep after the migrations', () => {
  it('leaves a task it does not know for a version that does', async () => {
    t.sqlite.prepare(`INSERT INTO upkeep_tasks (task) VALUES ('from-a-later-version'), ('render-posts')`).run()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(await runUpkeep(t.db)).toEqual([{ task: 'render-posts', count: 0 }])
      expect(warn.mock.calls).toEqual([['Upkeep task from-a-later-version is unknown to this version; left.']])
    } finally {
      warn.mockRestore()
    }
    expect(t.sqlite.prepare(`SELECT task FROM upkeep_tasks`).pluck().all()).toEqual(['from-a-later-version'])
  })
})

describe('openDatabase', () => {
  it('sets the pragmas the app relies on', () => {
    expect(t.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(t.sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(t.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000)
    expect(t.sqlite.pragma('synchronous', { simple: true })).toBe(1)
  })

  it('sets them on a second connection to the same file too', async () => {
    const other = openDatabase(t.path)
    try {
      expect(other.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
      expect(other.sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
      expect(other.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000)
      expect(other.sqlite.pragma('synchronous', { simple: true })).toBe(1)
    } finally {
      await other.db.destroy()
    }
  })
})

describe('openDatabase for a replicated file', () => {
  it('leaves checkpoints to Litestream only when the file is replicated', async () => {
    // SQLite's default: the app checkpoints every 1000 pages.
    expect(t.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000)
    const replicated = openDatabase(t.path, { replicated: true })
    try {
      expect(replicated.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
      expect(replicated.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
      expect(replicated.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000)
    } finally {
      await replicated.db.destroy()
    }
  })
})

describe('constraints', () => {
  const run =
    (statement: string, ...params: unknown[]) =>
    () =>
      t.sqlite.prepare(statement).run(...params)
  const post = (slug: string, status = 'draft') =>
    run(`INSERT INTO posts (title, slug, content, status) VALUES ('T', ?, 'Body', ?)`, slug, status)
  const inquiry = (status: string) =>
    run(
      `INSERT INTO contact_inquiries (name, email, topic, message, status) VALUES ('Pat', 'pat@example.com', 'general', 'A long enough message', ?)`,
      status,
    )
  const review = (store: string, rating: number) =>
    run(
      `INSERT INTO reviews (store, author, source, rating, quote, review_date) VALUES (?, 'Sam', 'Google', ?, 'Great', '2026-11-01')`,
      store,
      rating,
    )

  it('refuse a post status outside draft / scheduled / published', () => {
    for (const status of ['draft', 'scheduled', 'published']) expect(post(`ok-${status}`, status)).not.toThrow()
    expect(post('bad-status', 'archived')).toThrow(/CHECK constraint failed/)
    expect(post('bad-case', 'Published')).toThrow(/CHECK constraint failed/)
  })

  it('refuse an inquiry status outside new / in-progress / closed', () => {
    for (const status of ['new', 'in-progress', 'closed']) expect(inquiry(status)).not.toThrow()
    expect(inquiry('open')).toThrow(/CHECK constraint failed/)
    expect(inquiry('in progress')).toThrow(/CHECK constraint failed/)
  })

  it('refuse an inquiry topic outside the four topics', () => {
    expect(
      run(
        `INSERT INTO contact_inquiries (name, email, topic, message) VALUES ('Pat', 'pat@example.com', 'sales', 'A long enough message')`,
      ),
    ).toThrow(/CHECK constraint failed/)
  })

  it('refuse a review store other than Lindsey or BlueWater, and ratings outside 1–5', () => {
    expect(review('Lindsey', 1)).not.toThrow()
    expect(review('BlueWater', 5)).not.toThrow()
    expect(review('Downtown', 5)).toThrow(/CHECK constraint failed/)
    expect(review('lindsey', 5)).toThrow(/CHECK constraint failed/)
    expect(review('Lindsey', 0)).toThrow(/CHECK constraint failed/)
    expect(review('Lindsey', 6)).toThrow(/CHECK constraint failed/)
  })

  it('refuse slugs that are not lowercase letters, digits and hyphens', () => {
    expect(post('Upper-Case')).toThrow(/CHECK constraint failed/)
    expect(post('has space')).toThrow(/CHECK constraint failed/)
    expect(post('')).toThrow(/CHECK constraint failed/)
  })

  it('keep slugs unique', () => {
    expect(post('same-slug')).not.toThrow()
    expect(post('same-slug')).toThrow(/UNIQUE constraint failed: posts.slug/)
    expect(run(`INSERT INTO categories (name, slug) VALUES ('A', 'news')`)).not.toThrow()
    expect(run(`INSERT INTO categories (name, slug) VALUES ('B', 'news')`)).toThrow(
      /UNIQUE constraint failed: categories.slug/,
    )
    expect(run(`INSERT INTO tags (name, slug) VALUES ('A', 'edibles')`)).not.toThrow()
    expect(run(`INSERT INTO tags (name, slug) VALUES ('B', 'edibles')`)).toThrow(/UNIQUE constraint failed: tags.slug/)
  })

  it('keep user emails unique without regard to case', () => {
    expect(run(`INSERT INTO users (email, password_hash) VALUES ('Staff@Example.com', 'x')`)).not.toThrow()
    expect(run(`INSERT INTO users (email, password_hash) VALUES ('staff@example.COM', 'x')`)).toThrow(
      /UNIQUE constraint failed: users.email/,
    )
  })

  it('refuse join rows that point nowhere (foreign keys on)', () => {
    expect(run(`INSERT INTO post_categories (post_id, category_id) VALUES (999, 999)`)).toThrow(/FOREIGN KEY/)
    expect(run(`INSERT INTO user_roles (user_id, role) VALUES (999, 'admin')`)).toThrow(/FOREIGN KEY/)
  })

  it('keep exactly one settings row holding valid JSON', () => {
    expect(run(`INSERT INTO settings (id, data) VALUES (1, '{}')`)).not.toThrow()
    expect(run(`INSERT INTO settings (id, data) VALUES (2, '{}')`)).toThrow(/CHECK constraint failed/)
    expect(run(`UPDATE settings SET data = '{not json' WHERE id = 1`)).toThrow(/CHECK constraint failed/)
  })
})

describe('ON DELETE CASCADE', () => {
  it('removes join rows with their post, category or tag', async () => {
    const a = await createPost({ title: 'A', slug: 'a', content: 'x' })
    const b = await createPost({ title: 'B', slug: 'b', content: 'x' })
    const news = (await findOrCreateCategory('News'))!
    const guides = (await findOrCreateCategory('Guides'))!
    const tag = (await findOrCreateTag('Edibles'))!
    await setPostCategories(a, [news.id, guides.id])
    await setPostCategories(b, [news.id])
    await setPostTags(a, [tag.id])
    await setPostTags(b, [tag.id])
    const count = (table: string) => Number(t.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get())

    t.sqlite.prepare(`DELETE FROM posts WHERE id = ?`).run(a)
    expect(count('post_categories')).toBe(1)
    expect(count('post_tags')).toBe(1)

    t.sqlite.prepare(`DELETE FROM categories WHERE id = ?`).run(news.id)
    expect(count('post_categories')).toBe(0)
    t.sqlite.prepare(`DELETE FROM tags WHERE id = ?`).run(tag.id)
    expect(count('post_tags')).toBe(0)
    expect(count('posts')).toBe(1)
  })

  it('removes roles, sessions and reset tokens with their user', () => {
    const user = t.sqlite
      .prepare(`INSERT INTO users (email, password_hash) VALUES ('a@b.co', 'x')`)
      .run().lastInsertRowid
    t.sqlite.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')`).run(user)
    t.sqlite.prepare(`INSERT INTO sessions (id, user_id, expires_at) VALUES ('s', ?, '2099-01-01')`).run(user)
    t.sqlite
      .prepare(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES (?, 'h', '2099-01-01')`)
      .run(user)
    t.sqlite.prepare(`DELETE FROM users WHERE id = ?`).run(user)
    for (const table of ['user_roles', 'sessions', 'password_reset_tokens']) {
      expect(t.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0)
    }
  })
})

describe('query plans', () => {
  /** Records the SQL and parameters of every statement Kysely runs. */
  function recordStatements() {
    const seen: { sql: string; params: unknown[] }[] = []
    const sqlite = t.sqlite
    const prepare = sqlite.prepare.bind(sqlite)
    sqlite.prepare = ((source: string) => {
      const statement = prepare(source)
      const all = statement.all.bind(statement)
      Object.defineProperty(statement, 'all', {
        value: (...params: unknown[]) => {
          seen.push({ sql: source, params: params.flat() })
          return all(...params)
        },
      })
      return statement
    }) as typeof sqlite.prepare
    return {
      seen,
      restore: () => {
        sqlite.prepare = prepare
      },
    }
  }

  function planOf(statement: { sql: string; params: unknown[] }): string[] {
    return (
      t.sqlite.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.params) as { detail: string }[]
    ).map((row) => row.detail)
  }

  // A realistic blog: 500 posts with real-sized bodies, 5 categories, 6 tags.
  beforeEach(async () => {
    const categories = await Promise.all(
      ['News', 'Guides', 'Events', 'Wellness', 'Products'].map((n) => findOrCreateCategory(n)),
    )
    const tags = await Promise.all(
      ['Edibles', 'Flower', 'Vapes', 'Topicals', 'Tinctures', 'Events'].map((n) => findOrCreateTag(n)),
    )
    const addPost = t.sqlite.prepare(
      `INSERT INTO posts (title, slug, content, status, published_at) VALUES (?, ?, ?, ?, ?)`,
    )
    const addCategory = t.sqlite.prepare(`INSERT INTO post_categories (post_id, category_id) VALUES (?, ?)`)
    const addTag = t.sqlite.prepare(`INSERT INTO post_tags (post_id, tag_id) VALUES (?, ?)`)
    const body = `## A heading\n\n${'Patients ask us about this every week. '.repeat(60)}`
    t.sqlite.transaction(() => {
      for (let i = 0; i < 500; i++) {
        const status = i % 10 === 0 ? 'draft' : i % 25 === 0 ? 'scheduled' : 'published'
        const published = new Date(Date.UTC(2024, 0, 1 + i * 2)).toISOString()
        const id = addPost.run(`Post ${i}`, `post-${i}`, body, status, published).lastInsertRowid
        addCategory.run(id, categories[i % 5]!.id)
        addTag.run(id, tags[i % 6]!.id)
        addTag.run(id, tags[(i + 1) % 6]!.id)
      }
    })()
  })

  const NOW = new Date('2026-06-01T00:00:00Z')
  const FULL_SCAN = /^SCAN (posts|post_categories|post_tags)\b/m

  // Checked as a fresh database runs (no statistics) and again after ANALYZE.
  for (const analyze of [false, true]) {
    const when = analyze ? ' (after ANALYZE)' : ''

    it(`the public post list reads posts through an index, never a full scan${when}`, async () => {
      if (analyze) await sql`ANALYZE`.execute(t.db)
      const rec = recordStatements()
      try {
        await listPublishedPosts({ now: NOW })
        await listPublishedPosts({ now: NOW, page: 2 })
      } finally {
        rec.restore()
      }
      expect(rec.seen.length).toBe(4) // a count and a page, twice
      for (const statement of rec.seen) {
        const plan = planOf(statement).join('\n')
        expect(plan, statement.sql).toMatch(/SEARCH posts USING (COVERING )?INDEX posts_status_published_at/)
        expect(plan, statement.sql).not.toMatch(FULL_SCAN)
      }
    })

    it(`the category and tag lists read through indexes, never a full scan${when}`, async () => {
      if (analyze) await sql`ANALYZE`.execute(t.db)
      const category = (await findOrCreateCategory('News'))!
      const tag = (await findOrCreateTag('Edibles'))!
      const rec = recordStatements()
      try {
        await listPublishedPostsInCategory(category.id, { now: NOW })
        await listPublishedPostsWithTag(tag.id, { now: NOW })
      } finally {
        rec.restore()
      }
      expect(rec.seen.length).toBe(4)
      for (const statement of rec.seen) {
        const plan = planOf(statement).join('\n')
        expect(plan, statement.sql).not.toMatch(FULL_SCAN)
        expect(plan, statement.sql).toMatch(/SEARCH (post_categories|post_tags) USING (COVERING )?INDEX/)
      }
    })
  }
})

describe('0017_trash', () => {
  it('keeps every existing post, deal and brand in use, and goes back down cleanly', async () => {
    await atVersion('0015_visit_counts', async (open, migrator) => {
      const db = open.sqlite
      db.prepare(
        `INSERT INTO posts (title, slug, content, status, published_at) VALUES ('Old', 'old', 'x', 'published', '2026-01-01T00:00:00.000Z')`,
      ).run()
      db.prepare(`INSERT INTO brands (name, logo_url) VALUES ('Old brand', '/brands/old.svg')`).run()
      db.prepare(`INSERT INTO deals_slides (title) VALUES ('Old deal')`).run()
      const before = schemaOf(db)
      await migrator.migrateTo('0017_trash')
      for (const table of ['posts', 'brands', 'deals_slides'])
        expect(db.prepare(`SELECT deleted_at, deleted_by FROM ${table}`).all()).toEqual([
          { deleted_at: null, deleted_by: null },
        ])
      expect(db.prepare(`SELECT slug, deleted_slug FROM posts`).get()).toEqual({ slug: 'old', deleted_slug: null })
      await migrator.migrateTo('0015_visit_counts')
      expect(schemaOf(db)).toEqual(before)
      expect(db.prepare(`SELECT count(*) FROM posts`).pluck().get()).toBe(1)
    })
  })
})
