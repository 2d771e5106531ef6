import { type Kysely, sql } from 'kysely'

/**
 * Pictures inside a post: a picture alone in its paragraph with a title
 * (`![alt](src "caption")`) is now drawn as a figure with that caption, and
 * every uploaded picture in a body offers its narrower AVIF, WebP and
 * own-format copies. Every post's stored HTML must be rendered again so
 * existing posts get both. Rendering is the app's live code, so this migration
 * only asks for it in `upkeep_tasks`; the app renders every post after the
 * migrations (app/models/upkeep.server.ts). Nothing in the schema changes.
 *
 * The first version of this migration rendered the posts itself; a database
 * that ran it holds the same HTML, and 0018_upkeep_tasks gives it the (empty)
 * task table.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE IF NOT EXISTS upkeep_tasks (
    task TEXT PRIMARY KEY,
    requested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`.execute(db)
  await sql`INSERT OR IGNORE INTO upkeep_tasks (task) SELECT 'render-posts' WHERE EXISTS (SELECT 1 FROM posts)`.execute(
    db,
  )
}

export async function down() {
  // The HTML rendered for this is what any later save would store too.
}
