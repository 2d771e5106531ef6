import { type Kysely, sql } from 'kysely'

/** Staff keep an internal note on an inquiry or application (never shown to the person who wrote). */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE contact_inquiries ADD COLUMN staff_note TEXT NOT NULL DEFAULT ''`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE contact_inquiries DROP COLUMN staff_note`.execute(db)
}
