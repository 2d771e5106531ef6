import { RECORD_KINDS, RECORD_LISTS, type RecordKind, type UploadMessages } from './record-lists'

/**
 * The folders uploaded images are kept in, one for each admin list with
 * pictures (its `bucket` in record-lists.ts). Addresses, the upload endpoint,
 * the image fields and the clean-up of unused images all read this list.
 */
export type UploadBucketName = (typeof RECORD_LISTS)[RecordKind]['bucket']
export const UPLOAD_BUCKETS: readonly UploadBucketName[] = RECORD_KINDS.map((kind) => RECORD_LISTS[kind].bucket)

/** Each folder's upload messages: the upload endpoint and the forms with a picture read them here. */
export const UPLOAD_MESSAGES = Object.fromEntries(
  RECORD_KINDS.map((kind) => [RECORD_LISTS[kind].bucket, RECORD_LISTS[kind].uploadMessages]),
) as Record<UploadBucketName, UploadMessages>

export function isUploadBucket(value: unknown): value is UploadBucketName {
  return typeof value === 'string' && (UPLOAD_BUCKETS as readonly string[]).includes(value)
}

/** `/uploads/{bucket}/{uuid}.{jpg|png|webp|gif}`: the address of one of our uploaded images. */
const UPLOAD_URL_PATTERN = new RegExp(`^/uploads/(${UPLOAD_BUCKETS.join('|')})/([0-9a-f-]{36}\\.(?:jpg|png|webp|gif))$`)

/** The bucket and file name of one of our upload URLs, or null for any other URL. */
export function parseUploadUrl(url: string | null | undefined): { bucket: UploadBucketName; fileName: string } | null {
  if (!url) return null
  const match = UPLOAD_URL_PATTERN.exec(url)
  return match ? { bucket: match[1] as UploadBucketName, fileName: match[2]! } : null
}
