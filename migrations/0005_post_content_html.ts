import { type Kysely, sql } from 'kysely'

import type { Database } from '~/db/types'
import { imageDimensions } from '~/lib/image-type'
import { renderAllPosts } from '~/models/post-content.server'

/**
 * Posts are rendered once, when written (issue: "Markdown: linear in its input,
 * rendered once"):
 * - posts.content_html and posts.content_summary hold the sanitised HTML and
 *   the start of its plain text, so a page view does no markdown work;
 * - uploads.width and uploads.height hold each image's pixel size, so the
 *   `<img>` tags of a post carry them and the page does not shift;
 * - a trigger clears the HTML when content changes without it (a write that
 *   bypassed the app): the next view renders and stores it again.
 * Existing uploads get their sizes from their bytes, then every post is rendered.
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
]

async function backfillUploadSizes(db: Kysely<Database>) {
  const ids = await db.selectFrom('uploads').select('id').where('width', 'is', null).orderBy('id').execute()
  // One image's bytes at a time (up to 5 MB each).
  for (const { id } of ids) {
    const row = await db.selectFrom('uploads').select('data').where('id', '=', id).executeTakeFirst()
    const size = row ? imageDimensions(new Uint8Array(row.data)) : null
    if (size) await db.updateTable('uploads').set(size).where('id', '=', id).execute()
  }
}

export async function up(untyped: Kysely<unknown>) {
  const db = untyped as unknown as Kysely<Database>
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx)
    await backfillUploadSizes(trx)
    await renderAllPosts(trx)
  })
}

export async function down(db: Kysely<unknown>) {
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
