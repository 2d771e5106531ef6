import { type Kysely, sql } from 'kysely'

/**
 * Staff describe a post's featured image in their own words. Posts without a
 * description (NULL) keep the one made from the title.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE posts ADD COLUMN hero_image_alt TEXT`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await sql`ALTER TABLE posts DROP COLUMN hero_image_alt`.execute(db)
}
