import { type Kysely, sql } from 'kysely'

import { db } from '~/db/db.server'
import type { Database, Upload } from '~/db/types'
import { imageDimensions } from '~/lib/image-type'
import { RECORD_KINDS, RECORD_LISTS, type UploadBucketName } from '~/lib/record-lists'
import { parseUploadUrl } from '~/lib/upload-buckets'

/** Uploaded images live inside the SQLite file, so one file is the whole backup. */

/** A narrower copy of an image as the pipeline makes it. */
export interface UploadVariantBytes {
  suffix: string
  contentType: string
  width: number
  height: number
  data: Buffer
}

/**
 * Stores an image with its byte size and its pixel size, and its narrower
 * copies when it was re-encoded (`variants`, named `{uuid}{suffix}`), in one
 * transaction. Without `size`, the size is read from the image's header.
 */
export async function insertUpload(values: {
  bucket: UploadBucketName
  file_name: string
  content_type: string
  data: Buffer
  size?: { width: number; height: number }
  variants?: UploadVariantBytes[]
}): Promise<number> {
  const dimensions = values.size ?? imageDimensions(values.data)
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('uploads')
        .values({
          bucket: values.bucket,
          file_name: values.file_name,
          content_type: values.content_type,
          data: values.data,
          size: values.data.length,
          width: dimensions?.width ?? null,
          height: dimensions?.height ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await insertVariants(
        trx,
        { id: row.id, bucket: values.bucket, file_name: values.file_name },
        values.variants ?? [],
      )
      return row.id
    })
}

/** The narrower copies of an upload, each named `{stem}{suffix}` after it; run inside the caller's transaction. */
export async function insertVariants(
  trx: Kysely<Database>,
  upload: { id: number; bucket: string; file_name: string },
  variants: UploadVariantBytes[],
): Promise<void> {
  const stem = upload.file_name.replace(/\.[a-z]+$/, '')
  for (const variant of variants) {
    await trx
      .insertInto('upload_variants')
      .values({
        upload_id: upload.id,
        bucket: upload.bucket,
        file_name: `${stem}${variant.suffix}`,
        content_type: variant.contentType,
        width: variant.width,
        height: variant.height,
        size: variant.data.length,
        data: variant.data,
      })
      .execute()
  }
}

export type UploadMeta = Omit<Upload, 'data' | 'width' | 'height'>

/** Metadata only (no bytes) of an upload or one of its copies: enough for ETag / 304 answers. */
export async function getUploadMeta(bucket: string, fileName: string): Promise<UploadMeta | undefined> {
  const upload = await db()
    .selectFrom('uploads')
    .select(['id', 'bucket', 'file_name', 'content_type', 'size', 'created_at'])
    .where('bucket', '=', bucket)
    .where('file_name', '=', fileName)
    .executeTakeFirst()
  if (upload) return upload
  const variant = await db()
    .selectFrom('upload_variants')
    .innerJoin('uploads', 'uploads.id', 'upload_variants.upload_id')
    .select([
      'upload_variants.id',
      'upload_variants.bucket',
      'upload_variants.file_name',
      'upload_variants.content_type',
      'upload_variants.size',
      'uploads.created_at',
    ])
    .where('upload_variants.bucket', '=', bucket)
    .where('upload_variants.file_name', '=', fileName)
    .executeTakeFirst()
  // A copy's id lives in another table: its ETag must not collide with an upload's.
  return variant ? { ...variant, id: -variant.id } : undefined
}

/** The bytes of an upload or of one of its copies. */
export async function getUploadData(bucket: string, fileName: string): Promise<Buffer | undefined> {
  const upload = await db()
    .selectFrom('uploads')
    .select('data')
    .where('bucket', '=', bucket)
    .where('file_name', '=', fileName)
    .executeTakeFirst()
  if (upload) return upload.data
  const variant = await db()
    .selectFrom('upload_variants')
    .select('data')
    .where('bucket', '=', bucket)
    .where('file_name', '=', fileName)
    .executeTakeFirst()
  return variant?.data
}

export async function getUpload(bucket: string, fileName: string): Promise<Upload | undefined> {
  return db()
    .selectFrom('uploads')
    .selectAll()
    .where('bucket', '=', bucket)
    .where('file_name', '=', fileName)
    .executeTakeFirst()
}

/** The stored pixel size of each of these upload URLs (`/uploads/{bucket}/{file}`) that is ours; others are left out. */
export async function uploadSizes(
  urls: (string | null | undefined)[],
): Promise<Record<string, { width: number; height: number }>> {
  const wanted = new Map<string, string>()
  for (const url of urls) {
    const upload = parseUploadUrl(url)
    if (upload && url) wanted.set(`${upload.bucket}/${upload.fileName}`, url)
  }
  if (wanted.size === 0) return {}
  const names = [...wanted.keys()].map((key) => key.split('/')[1])
  const rows = await db()
    .selectFrom('uploads')
    .select(['bucket', 'file_name', 'width', 'height'])
    .where('file_name', 'in', names)
    .execute()
  const sizes: Record<string, { width: number; height: number }> = {}
  for (const row of rows) {
    const url = wanted.get(`${row.bucket}/${row.file_name}`)
    if (url && row.width && row.height) sizes[url] = { width: row.width, height: row.height }
  }
  return sizes
}

/**
 * The file name of one of our uploads ({uuid}.{ext}), wherever it appears:
 * '/uploads/deals/…', an absolute address, or inside markdown.
 */
const UPLOAD_FILE_NAME = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp|gif)/gi

/** Each admin list's table with the columns that hold a picture's address or text that may show pictures. */
const PICTURE_COLUMNS = RECORD_KINDS.map((kind) => {
  const { table, columns } = RECORD_LISTS[kind]
  return { table, pictures: columns.pictures, texts: 'texts' in columns ? columns.texts : [] }
})

/** Every upload file name that some record of an admin list (its pictures or its markdown), a kept version of a post or the settings mention. */
async function referencedUploadNames(trx: Kysely<Database>): Promise<Set<string>> {
  const texts: unknown[] = []
  const mentionsUploads = 'uploads'
  const mentioning = (columns: readonly string[]) => async (table: keyof Database) => {
    const rows = await trx
      .selectFrom(table)
      .select(columns.map((column) => sql.ref(column).as(column)))
      .where((eb) => eb.or(columns.map((column) => sql<boolean>`instr(${sql.ref(column)}, ${mentionsUploads}) > 0`)))
      .execute()
    for (const row of rows) texts.push(...Object.values(row))
  }
  for (const { table, pictures, texts: markdown } of PICTURE_COLUMNS)
    await mentioning([...pictures, ...markdown])(table)
  // A kept version of a post holds its images too, so restoring it brings them back.
  await mentioning(['hero_image_url', 'og_image_url', 'content'])('post_revisions')
  // The settings are one row, read whole.
  for (const row of await trx.selectFrom('settings').select('data').execute()) texts.push(row.data)
  const names = new Set<string>()
  for (const text of texts) {
    if (typeof text !== 'string') continue
    for (const match of text.matchAll(UPLOAD_FILE_NAME)) names.add(match[0].toLowerCase())
  }
  return names
}

export interface SweptUpload {
  bucket: string
  file_name: string
  size: number
  created_at: string
}

/**
 * Deletes every upload created before `cutoff` that nothing refers to: no
 * deal image, brand logo, post hero or social image, post markdown or setting
 * mentions its file name. Check and delete run in one transaction, so an image
 * saved into a form meanwhile is never lost. Returns what was deleted.
 */
export async function deleteUnreferencedUploads(cutoff: Date): Promise<SweptUpload[]> {
  return db()
    .transaction()
    .execute(async (trx) => {
      // Uses the created_at index; the image bytes are not read.
      const candidates = await trx
        .selectFrom('uploads')
        .select(['id', 'bucket', 'file_name', 'size', 'created_at'])
        .where('created_at', '<', cutoff.toISOString())
        .execute()
      if (candidates.length === 0) return []
      const referenced = await referencedUploadNames(trx)
      const orphans = candidates.filter((upload) => !referenced.has(upload.file_name.toLowerCase()))
      for (let start = 0; start < orphans.length; start += 500) {
        const ids = orphans.slice(start, start + 500).map((upload) => upload.id)
        await trx.deleteFrom('uploads').where('id', 'in', ids).execute()
      }
      return orphans.map(({ bucket, file_name, size, created_at }) => ({ bucket, file_name, size, created_at }))
    })
}

/**
 * Whether anything still shows the image at `url`: a record of an admin list
 * (a deal's slide, a brand's logo, a post's hero or social image) or a kept
 * version of a post by its address; or, by its file name as the sweep reads
 * them, a post's markdown (or a kept version's) or the settings.
 */
export async function isImageUrlReferenced(url: string): Promise<boolean> {
  const fileName = (url.match(UPLOAD_FILE_NAME) ?? [])[0]?.toLowerCase()
  const mentions = (column: string) =>
    fileName ? sql<boolean>`instr(lower(${sql.ref(column)}), ${fileName}) > 0` : sql<boolean>`0`
  const showing = (table: keyof Database, pictures: readonly string[], texts: readonly string[]) =>
    db()
      .selectFrom(table)
      .select(sql.lit(1).as('found'))
      .where((eb) =>
        eb.or([...pictures.map((column) => eb(sql.ref(column), '=', url)), ...texts.map((column) => mentions(column))]),
      )
      .limit(1)
      .executeTakeFirst()
  const found = await Promise.all([
    ...PICTURE_COLUMNS.map(({ table, pictures, texts }) => showing(table, pictures, texts)),
    showing('post_revisions', ['hero_image_url', 'og_image_url'], ['content']),
    showing('settings', [], ['data']),
  ])
  return found.some(Boolean)
}

export async function deleteUpload(bucket: string, fileName: string): Promise<boolean> {
  const result = await db()
    .deleteFrom('uploads')
    .where('bucket', '=', bucket)
    .where('file_name', '=', fileName)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
