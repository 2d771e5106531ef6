import { type Kysely, sql } from 'kysely'

/**
 * The sweep of unused uploads looks for images older than a day. Without an
 * index on created_at that is a scan which, because created_at is stored after
 * the image bytes, reads every stored image (about 100 ms for 400 MB of
 * images); with it, a lookup of well under a millisecond.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX IF NOT EXISTS uploads_created_at ON uploads (created_at)`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX IF EXISTS uploads_created_at`.execute(db)
}
