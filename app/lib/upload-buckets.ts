/**
 * The address of one of our uploaded images. Public pages read it to find a
 * picture's narrower copies, so it knows no folder by name: the folders are
 * the admin lists' (`bucket` in record-lists.ts), whose words these pages
 * should not load. Whatever serves or stores a file checks its folder there.
 */

/** `/uploads/{folder}/{uuid}.{jpg|png|webp|gif}`. */
const UPLOAD_URL_PATTERN = /^\/uploads\/([a-z0-9-]+)\/([0-9a-f-]{36}\.(?:jpg|png|webp|gif))$/

/** The folder and file name of one of our upload URLs, or null for any other URL. */
export function parseUploadUrl(url: string | null | undefined): { bucket: string; fileName: string } | null {
  if (!url) return null
  const match = UPLOAD_URL_PATTERN.exec(url)
  return match ? { bucket: match[1]!, fileName: match[2]! } : null
}
