import type { UploadBucketName } from '~/lib/record-lists'
import { getUploadMeta, insertUpload } from '~/models/uploads.server'

import { PNG_1X1 } from './png'

let counter = 0

/**
 * Stores PNG_1X1 in `bucket` of the test database under a new name, as the
 * image forms do, with the picture's `size` when given (else read from its
 * bytes); returns its address, "/uploads/<bucket>/<name>.png".
 */
export async function storeUpload(bucket: UploadBucketName, size?: { width: number; height: number }): Promise<string> {
  const file_name = `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}.png`
  await insertUpload({ bucket, file_name, content_type: 'image/png', data: PNG_1X1, size })
  return `/uploads/${bucket}/${file_name}`
}

/** Whether the upload at an "/uploads/<bucket>/<name>" address is still stored. */
export async function isStored(url: string): Promise<boolean> {
  const [, , bucket, file] = url.split('/')
  return (await getUploadMeta(bucket!, file!)) !== undefined
}
