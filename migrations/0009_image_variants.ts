import { type Kysely, sql } from 'kysely'

import type { Database } from '~/db/types'
import { detectImageType } from '~/lib/image-type'
import { processImage } from '~/models/image-pipeline.server'

/**
 * Uploaded images get narrower copies in AVIF, WebP and their own format
 * (`upload_variants`, deleted with their upload), and the upload itself is
 * re-encoded: upright, without metadata, at most 1600 px wide. Images stored
 * before this are converted here, one at a time; a GIF, or an image that cannot
 * be decoded, is left as it was.
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
]

export async function convertStoredUploads(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom('uploads')
    .select(['id', 'file_name'])
    .where('content_type', 'in', ['image/jpeg', 'image/png', 'image/webp'])
    .orderBy('id')
    .execute()
  let converted = 0
  for (const { id } of rows) {
    // One image's bytes at a time (up to 5 MB each).
    const row = await db
      .selectFrom('uploads')
      .select(['bucket', 'file_name', 'data'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) continue
    const type = detectImageType(new Uint8Array(row.data))
    if (!type) continue
    let processed
    try {
      processed = await processImage(Buffer.from(row.data), type)
    } catch (error) {
      console.warn(`Upload ${row.bucket}/${row.file_name} could not be decoded; kept as it was:`, String(error))
      continue
    }
    if (!processed) continue
    const { main, variants } = processed
    await db
      .updateTable('uploads')
      .set({ data: main.data, size: main.data.length, width: main.width, height: main.height })
      .where('id', '=', id)
      .execute()
    const stem = row.file_name.replace(/\.[a-z]+$/, '')
    for (const variant of variants) {
      await db
        .insertInto('upload_variants')
        .values({
          upload_id: id,
          bucket: row.bucket,
          file_name: `${stem}${variant.suffix}`,
          content_type: variant.contentType,
          width: variant.width,
          height: variant.height,
          size: variant.data.length,
          data: variant.data,
        })
        .execute()
    }
    converted++
  }
  return converted
}

export async function up(untyped: Kysely<unknown>) {
  const db = untyped as unknown as Kysely<Database>
  for (const statement of statements) await sql.raw(statement).execute(db)
  const started = Date.now()
  const converted = await convertStoredUploads(db)
  if (converted > 0)
    console.log(`Converted ${converted} stored images in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`DROP TABLE IF EXISTS upload_variants`).execute(db)
}
