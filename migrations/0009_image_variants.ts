import { type Kysely, sql } from 'kysely'

/**
 * Uploaded images get narrower copies in AVIF, WebP and their own format
 * (`upload_variants`, deleted with their upload), and the upload itself is
 * re-encoded: upright, without metadata, at most 1600 px wide.
 *
 * Images stored before need the image pipeline, which keeps changing, so this
 * migration only asks for their conversion in `upkeep_tasks`; the app converts
 * them after the migrations, one at a time (app/models/upkeep.server.ts). A
 * GIF, or an image that cannot be decoded, is left as it was.
 *
 * The first version of this migration converted them itself. A database that
 * ran it holds the same table and index with the copies made;
 * 0018_upkeep_tasks gives it the (empty) task table.
 */
const statements = [
  `CREATE TABLE upload_variants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    upload_id INTEGER NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
    bucket TEXT NOT NULL,
    file_name TEXT NOT NULL CHECK (file_name NOT LIKE '%/%' AND file_name NOT LIKE '%..%'),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/avif', 'image/webp', 'image/jpeg', 'image/png')),
    width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 65535),
    height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 65535),
    size INTEGER NOT NULL CHECK (size >= 1),
    data BLOB NOT NULL,
    UNIQUE (bucket, file_name)
  )`,
  `CREATE INDEX upload_variants_upload ON upload_variants (upload_id)`,
  `CREATE TABLE IF NOT EXISTS upkeep_tasks (
    task TEXT PRIMARY KEY,
    requested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`,
  `INSERT OR IGNORE INTO upkeep_tasks (task)
    SELECT 'upload-variants'
    WHERE EXISTS (SELECT 1 FROM uploads WHERE content_type IN ('image/jpeg', 'image/png', 'image/webp'))`,
]

export async function up(db: Kysely<unknown>) {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx)
  })
}

export async function down(db: Kysely<unknown>) {
  const tasks = await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'upkeep_tasks'`.execute(db)
  if (tasks.rows.length > 0) await sql`DELETE FROM upkeep_tasks WHERE task = 'upload-variants'`.execute(db)
  await sql.raw(`DROP TABLE IF EXISTS upload_variants`).execute(db)
}
