/**
 * The folders uploaded images are kept in, one for each admin list with
 * pictures (its `bucket` in record-lists.ts must be one of them). Addresses,
 * the upload endpoint, the image fields and the clean-up of unused images all
 * read this list. It stands apart from the lists' definitions because public
 * pages read it (to find the copies of an uploaded picture) and should not
 * load the admin's words with it.
 */
export const UPLOAD_BUCKETS = ['blog-images', 'deals', 'brands'] as const
export type UploadBucketName = (typeof UPLOAD_BUCKETS)[number]

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
