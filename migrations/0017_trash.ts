import { type Kysely, sql } from 'kysely'

/**
 * Deleting a post, deal or brand moves it to the Trash: the row stays, marked
 * with when and by whom, and every public and admin query leaves it out until
 * it is restored or removed for good after 30 days.
 *
 * A post in the Trash gives up its slug (kept in `deleted_slug`) so a new post
 * may take it; its own slug column holds a placeholder meanwhile.
 *
 * The public list index gains `deleted_at` before `published_at`, so the blog
 * list still pages straight off the index (a row in the Trash is skipped there
 * without reading the table).
 */
export async function up(db: Kysely<unknown>) {
  for (const table of ['posts', 'brands', 'deals_slides']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN deleted_at TEXT`.execute(db)
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN deleted_by TEXT`.execute(db)
    await sql`CREATE INDEX ${sql.raw(`${table}_deleted_at`)} ON ${sql.table(table)} (deleted_at) WHERE deleted_at IS NOT NULL`.execute(
      db,
    )
  }
  await sql`ALTER TABLE posts ADD COLUMN deleted_slug TEXT`.execute(db)
  await sql`DROP INDEX posts_status_published_at`.execute(db)
  await sql`CREATE INDEX posts_status_published_at ON posts (status, deleted_at, published_at DESC)`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX posts_status_published_at`.execute(db)
  await sql`CREATE INDEX posts_status_published_at ON posts (status, published_at DESC)`.execute(db)
  await sql`ALTER TABLE posts DROP COLUMN deleted_slug`.execute(db)
  for (const table of ['posts', 'brands', 'deals_slides']) {
    await sql`DROP INDEX ${sql.raw(`${table}_deleted_at`)}`.execute(db)
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN deleted_by`.execute(db)
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN deleted_at`.execute(db)
  }
}
