import { type Kysely, sql } from 'kysely'

/**
 * Every saved version of a post (its words, address, SEO fields, status, time
 * and images), with who saved it and when: the editor's History lists them,
 * shows what changed and restores one. A post's versions go with it when it is
 * finally deleted.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE post_revisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    saved_at TEXT NOT NULL,
    saved_by_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    saved_by_email TEXT,
    title TEXT NOT NULL,
    slug TEXT NOT NULL,
    excerpt TEXT,
    content TEXT NOT NULL,
    hero_image_url TEXT,
    hero_image_alt TEXT,
    og_image_url TEXT,
    author TEXT NOT NULL,
    status TEXT NOT NULL,
    published_at TEXT,
    meta_title TEXT,
    meta_description TEXT
  )`.execute(db)
  await sql`CREATE INDEX post_revisions_post ON post_revisions (post_id, id DESC)`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE post_revisions`.execute(db)
}
