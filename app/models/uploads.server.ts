import { db } from '~/db/db.server'
import type { Upload } from '~/db/types'
import { imageDimensions } from '~/lib/image-type'

/** Uploaded images live inside the SQLite file (DECISIONS.md: one file is the whole backup). */

export const UPLOAD_BUCKETS = ['deals', 'blog-images', 'brands'] as const
export type UploadBucketName = (typeof UPLOAD_BUCKETS)[number]

export function isUploadBucket(value: unknown): value is UploadBucketName {
  return typeof value === 'string' && (UPLOAD_BUCKETS as readonly string[]).includes(value)
}

/** Stores an image with its byte size and its pixel size (read from its header; null when unreadable). */
export async function insertUpload(values: {
  bucket: UploadBucketName
  file_name: string
  content_type: string
  data: Buffer
}): Promise<number> {
  const dimensions = imageDimensions(values.data)
  const row = await db()
    .insertInto('uploads')
    .values({
      ...values,
      size: values.data.length,
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export type UploadMeta = Omit<Upload, 'data' | 'width' | 'height'>

/** Metadata only (no bytes): enough for ETag / 304 answers. */
export async function getUploadMeta(bucket: string, fileName: string): Promise<UploadMeta | undefined> {
  return db()
    .selectFrom('uploads')
    .select(['id', 'bucket', 'file_name', 'content_type', 'size', 'created_at'])
    .where('bucket', '=', bucket)
    .where('file_name', '=', fileName)
    .executeTakeFirst()
}

export async function getUpload(bucket: string, fileName: string): Promise<Upload | undefined> {
  return db()
    .selectFrom('uploads')
    .selectAll()
    .where('bucket', '=', bucket)
    .where('file_name', '=', fileName)
    .executeTakeFirst()
}

/** Whether any deal, post (hero or social image) or brand (logo) still points at `url`. */
export async function isImageUrlReferenced(url: string): Promise<boolean> {
  const [deal, post, brand] = await Promise.all([
    db().selectFrom('deals_slides').select('id').where('image_url', '=', url).limit(1).executeTakeFirst(),
    db()
      .selectFrom('posts')
      .select('id')
      .where((eb) => eb.or([eb('hero_image_url', '=', url), eb('og_image_url', '=', url)]))
      .limit(1)
      .executeTakeFirst(),
    db().selectFrom('brands').select('id').where('logo_url', '=', url).limit(1).executeTakeFirst(),
  ])
  return Boolean(deal || post || brand)
}

export async function deleteUpload(bucket: string, fileName: string): Promise<boolean> {
  const result = await db()
    .deleteFrom('uploads')
    .where('bucket', '=', bucket)
    .where('file_name', '=', fileName)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
