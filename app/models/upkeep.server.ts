import type { Kysely } from 'kysely'

import { db as appDb } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import type { Database } from '~/db/types'
import { detectImageType, imageDimensions } from '~/lib/image-type'
import { processImage } from '~/models/image-pipeline.server'
import { renderAllPosts } from '~/models/post-content.server'
import { insertVariants } from '~/models/uploads.server'

/**
 * Work a migration asks for but cannot do itself. A migration runs once and
 * must do the same thing for ever, so it never calls the app's code (which
 * keeps changing): it changes the schema in SQL and, where stored rows need
 * that code (a post's HTML, an image's copies), writes a task name into
 * `upkeep_tasks`. After the migrations the app runs each waiting task with
 * its current code, then removes it. A task can run again without harm: it
 * skips what is already done, or does it again the same way.
 */

type Db = Kysely<Database>

/** Rows read per query: a task never holds more than this many ids, nor more than one image's bytes. */
export const UPKEEP_BATCH = 50

const TASKS: Record<string, (database: Db) => Promise<number>> = {
  // Sizes first: the copies and the posts' HTML read them.
  'upload-sizes': storeMissingUploadSizes,
  'upload-variants': convertStoredUploads,
  'render-posts': (database) => renderAllPosts(database),
}

/** The order tasks run in, whatever order the migrations asked for them. */
export const UPKEEP_ORDER = Object.keys(TASKS)

/**
 * Runs every waiting task in UPKEEP_ORDER and removes it once done; returns
 * what was done, for the log. A task name this version does not know is left
 * for a version that does (and said so).
 */
export async function runUpkeep(database: Db = appDb()): Promise<{ task: string; count: number }[]> {
  const waiting = new Set((await database.selectFrom('upkeep_tasks').select('task').execute()).map((row) => row.task))
  const done: { task: string; count: number }[] = []
  for (const task of UPKEEP_ORDER) {
    if (!waiting.has(task)) continue
    const count = await TASKS[task](database)
    await database.deleteFrom('upkeep_tasks').where('task', '=', task).execute()
    done.push({ task, count })
  }
  for (const task of waiting)
    if (!(task in TASKS)) console.warn(`Upkeep task ${task} is unknown to this version; left.`)
  return done
}

/** Applies the pending migrations, then does the work they asked for: what every start and command runs first. */
export async function migrateAndUpkeep(database: Db = appDb()) {
  const migrated = await migrateToLatest(database)
  const upkeep = await runUpkeep(database)
  return { migrated, upkeep }
}

/** Ids of `uploads` matching `where`, UPKEEP_BATCH at a time, in id order. */
async function* uploadIds(
  database: Db,
  where: (query: ReturnType<typeof uploadQuery>) => ReturnType<typeof uploadQuery>,
) {
  let after = 0
  for (;;) {
    const rows = await where(uploadQuery(database).where('id', '>', after))
      .limit(UPKEEP_BATCH)
      .execute()
    for (const { id } of rows) yield id
    if (rows.length < UPKEEP_BATCH) return
    after = rows[rows.length - 1].id
  }
}

function uploadQuery(database: Db) {
  return database.selectFrom('uploads').select('id').orderBy('id')
}

/** Reads the pixel size of each upload stored without one from its header; returns how many got one. */
export async function storeMissingUploadSizes(database: Db = appDb()): Promise<number> {
  let stored = 0
  for await (const id of uploadIds(database, (query) => query.where('width', 'is', null))) {
    const row = await database.selectFrom('uploads').select('data').where('id', '=', id).executeTakeFirst()
    const size = row ? imageDimensions(new Uint8Array(row.data)) : null
    if (!size) continue
    await database.updateTable('uploads').set(size).where('id', '=', id).execute()
    stored++
  }
  return stored
}

/**
 * Re-encodes each JPEG, PNG or WebP upload stored without copies, as a new
 * upload is (app/models/image-pipeline.server.ts), and stores its copies;
 * returns how many were converted. An image that cannot be decoded is kept as
 * it was, and logged.
 */
export async function convertStoredUploads(database: Db = appDb()): Promise<number> {
  const started = Date.now()
  let converted = 0
  const unconverted = (query: ReturnType<typeof uploadQuery>) =>
    query
      .where('content_type', 'in', ['image/jpeg', 'image/png', 'image/webp'])
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('upload_variants').select('id').whereRef('upload_id', '=', 'uploads.id'))),
      )
  for await (const id of uploadIds(database, unconverted)) {
    // One image's bytes at a time (up to 5 MB each).
    const row = await database
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
    await database.transaction().execute(async (trx) => {
      await trx
        .updateTable('uploads')
        .set({ data: main.data, size: main.data.length, width: main.width, height: main.height })
        .where('id', '=', id)
        .execute()
      await insertVariants(trx, { id, bucket: row.bucket, file_name: row.file_name }, variants)
    })
    converted++
  }
  if (converted > 0)
    console.log(`Converted ${converted} stored images in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return converted
}
