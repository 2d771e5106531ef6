import type { Kysely } from 'kysely'

import type { Database } from '~/db/types'
import { renderAllPosts } from '~/models/post-content.server'

/**
 * Pictures inside a post: a picture alone in its paragraph with a title
 * (`![alt](src "caption")`) is now drawn as a figure with that caption, and
 * every uploaded picture in a body offers its narrower AVIF, WebP and
 * own-format copies. Every post's stored HTML is rendered again so existing
 * posts get both; nothing in the schema changes, so there is nothing to undo.
 */
export async function up(untyped: Kysely<unknown>) {
  const db = untyped as unknown as Kysely<Database>
  await db.transaction().execute(async (trx) => {
    await renderAllPosts(trx)
  })
}

export async function down() {
  // The HTML rendered here is what any later save would store too.
}
