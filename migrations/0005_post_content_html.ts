import { type Kysely, sql } from 'kysely'

/**
 * Posts are rendered once, when written (issue: "Markdown: linear in its input,
 * rendered once"):
 * - posts.content_html and posts.content_summary hold the sanitised HTML and
 *   the start of its plain text, so a page view does no markdown work;
 * - uploads.width and uploads.height hold each image's pixel size, so the
 *   `<img>` tags of a post carry them and the page does not shift;
 * - a trigger clears the HTML when content changes without it (a write that
 *   bypassed the app): the next view renders and stores it again.
 *
 * Filling the new columns for rows stored before needs the image reader and
 * the markdown renderer, which keep changing; a migration must do the same
 * thing for ever, so it only asks for that work in `upkeep_tasks` and the app
 * does it after the migrations (app/models/upkeep.server.ts): sizes of the
 * uploads without one, then every post rendered. Until then a post's page
 * renders it on its first view (the HTML is empty).
 *
 * The first version of this migration did that work itself. A database that
 * ran it holds the same columns, index and trigger, its sizes and HTML filled;
 * 0018_upkeep_tasks gives it the (empty) task table.
 */
const statements = [
  `ALTER TABLE posts ADD COLUMN content_html TEXT`,
  `ALTER TABLE posts ADD COLUMN content_summary TEXT`,
  `ALTER TABLE uploads ADD COLUMN width INTEGER CHECK (width IS NULL OR width BETWEEN 1 AND 65535)`,
  `ALTER TABLE uploads ADD COLUMN height INTEGER CHECK (height IS NULL OR height BETWEEN 1 AND 65535)`,
  // Saving a post looks up the size of the uploads it shows by file name. The new
  // columns sit after the image bytes in each row; the index answers without them.
  `CREATE INDEX uploads_dimensions ON uploads (file_name, bucket, width, height)`,
  `CREATE TRIGGER posts_content_html_stale AFTER UPDATE OF content ON posts
    WHEN NEW.content IS NOT OLD.content AND NEW.content_html IS OLD.content_html
    BEGIN
      UPDATE posts SET content_html = NULL, content_summary = NULL WHERE id = NEW.id;
    END`,
  // Work the app does after the migrations, by task name (see above).
  `CREATE TABLE IF NOT EXISTS upkeep_tasks (
    task TEXT PRIMARY KEY,
    requested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`,
  `INSERT OR IGNORE INTO upkeep_tasks (task) SELECT 'upload-sizes' WHERE EXISTS (SELECT 1 FROM uploads)`,
  `INSERT OR IGNORE INTO upkeep_tasks (task) SELECT 'render-posts' WHERE EXISTS (SELECT 1 FROM posts)`,
]

export async function up(db: Kysely<unknown>) {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx)
  })
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`DROP TABLE IF EXISTS upkeep_tasks`).execute(db)
  await sql.raw(`DROP TRIGGER IF EXISTS posts_content_html_stale`).execute(db)
  await sql.raw(`DROP INDEX IF EXISTS uploads_dimensions`).execute(db)
  for (const [table, column] of [
    ['uploads', 'height'],
    ['uploads', 'width'],
    ['posts', 'content_summary'],
    ['posts', 'content_html'],
  ]) {
    await sql.raw(`ALTER TABLE ${table} DROP COLUMN ${column}`).execute(db)
  }
}
