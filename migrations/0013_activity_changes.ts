import { type Kysely, sql } from 'kysely'

/**
 * Each activity entry keeps what it changed as structured data: a JSON list
 * of { field, label, format, before, after }, every value whole, so the log
 * can show each change in the store's words and no change is lost to a cut
 * summary. Entries written before keep NULL and are read from their summary.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE activity_log ADD COLUMN changes TEXT`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE activity_log DROP COLUMN changes`.execute(db)
}
