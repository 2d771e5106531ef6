import { randomUUID } from 'node:crypto'

import {
  type FileUpload,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser'

import { hasFormShape, UNREADABLE_FORM_MESSAGE, withSingleLineBreaks } from '~/lib/form-shape'
import { type DetectedImageType, detectImageType } from '~/lib/image-type'
import type { UploadBucketName, UploadMessages } from '~/lib/record-lists'
import { parseUploadUrl } from '~/lib/upload-buckets'
import { ImageRefused, type ProcessedImage, processImage } from '~/models/image-pipeline.server'
import { deleteUpload, insertUpload, isImageUrlReferenced } from '~/models/uploads.server'

/**
 * Image uploads (JPEG, PNG, WebP or GIF, at most 5 MB): multipart bodies are
 * read as a stream with the limit enforced while reading (never a whole body
 * buffered first), the type is taken from the file's bytes, and the image is
 * stored inside SQLite under a random UUID with the extension of its real type,
 * served from `/uploads/{bucket}/{file}`.
 */

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024

/** Room for the text fields of a form beside its one image (a post's content is up to 100000 characters). */
const MAX_FIELDS_BYTES = 1024 * 1024
export const UPLOAD_MAX_BODY_BYTES = UPLOAD_MAX_BYTES + MAX_FIELDS_BYTES
/**
 * How much of a form with a picture is read: twice the largest body it may
 * have. A phone photo over the 5 MB limit is still read to the end (and
 * dropped), so the form comes back with everything typed beside it; a body
 * past this is refused unread.
 */
export const UPLOAD_READ_MAX_BYTES = 2 * UPLOAD_MAX_BODY_BYTES
const MAX_HEADER_BYTES = 8 * 1024
const MAX_PARTS = 300

/** A valid image read from a form, not stored yet (see storeImage). */
export interface PendingImage {
  bucket: UploadBucketName
  fileName: string
  /** The public URL it is served from once stored. */
  url: string
  contentType: string
  bytes: Buffer
  /** The re-encoded image and its narrower copies; null for a GIF, stored as it came. */
  processed: ProcessedImage | null
}

export interface ReadFormWithImageResult {
  /** The form's text fields (empty when the body could not be read at all). The file itself is not included. */
  formData: FormData
  /**
   * A valid non-empty image from `fileField`, read but NOT stored: call
   * storeImage once the whole form has passed validation, so a refused form
   * leaves nothing behind.
   */
  image: PendingImage | null
  /** One of the bucket's messages when the body or the image was refused. */
  error: string | null
}

export function uploadUrl(bucket: UploadBucketName, fileName: string): string {
  return `/uploads/${bucket}/${fileName}`
}

function isFormContentType(contentType: string | null): boolean {
  if (!contentType) return false
  const type = contentType.split(';')[0].trim().toLowerCase()
  return type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded'
}

/**
 * `request` with its media type written in lower case (its parameters, the
 * boundary among them, as they were). Media types are case-insensitive, but the
 * multipart parser recognises only `multipart/` as written: it read a body sent
 * as `Multipart/Form-Data` whole into memory, file included, and the picture
 * never reached the checks and the limits here.
 */
function withLowerCaseMediaType(request: Request): Request {
  const contentType = request.headers.get('Content-Type') ?? ''
  const [mediaType, ...parameters] = contentType.split(';')
  const normal = [mediaType.trim().toLowerCase(), ...parameters].join(';')
  if (normal === contentType) return request
  const headers = new Headers(request.headers)
  headers.set('Content-Type', normal)
  return new Request(request.url, {
    method: request.method,
    headers,
    body: request.body,
    duplex: 'half',
  } as RequestInit)
}

/**
 * Reads a multipart/form-data (or urlencoded) body AS A STREAM, at most
 * UPLOAD_READ_MAX_BYTES, 300 parts, one file, 8 KB of part headers. A file
 * over the 5 MB limit is refused with the form's other fields kept (a refused
 * form comes back filled in), as are the fields beside a file of the wrong
 * type; a body too large to read gives the message without them. A
 * non-empty file in `fileField` is type-checked by its bytes (JPEG, PNG, GIF,
 * WebP), decoded and re-encoded (`processImage`: upright, no metadata, narrower
 * copies) and named `${randomUUID()}.${ext}`; it is returned as a pending image
 * for the caller to store after validation. Files in other fields are ignored.
 * The form must carry at most one file input. Never throws for bad input:
 * malformed or oversized bodies give `error` with the bucket's message.
 */
export async function readFormWithImage(
  request: Request,
  options: { bucket: UploadBucketName; fileField: string; messages: UploadMessages },
): Promise<ReadFormWithImageResult> {
  const { bucket, fileField, messages } = options
  const refused = (error: string, formData = new FormData()): ReadFormWithImageResult => ({
    formData,
    image: null,
    error,
  })

  if (!isFormContentType(request.headers.get('Content-Type'))) return refused(messages.failed)
  // A body announced as too large is refused before a byte of it is read.
  const declared = Number(request.headers.get('Content-Length') ?? NaN)
  if (Number.isFinite(declared) && declared > UPLOAD_READ_MAX_BYTES) return refused(messages.tooLarge)

  let image: { bytes: Uint8Array; type: DetectedImageType } | null = null
  let badType = false
  let tooLarge = false

  async function uploadHandler(file: FileUpload) {
    if (file.fieldName !== fileField || file.size === 0) return null
    if (file.size > UPLOAD_MAX_BYTES) {
      tooLarge = true
      return null
    }
    const bytes = new Uint8Array(await file.arrayBuffer())
    const type = detectImageType(bytes)
    if (type) image = { bytes, type }
    else badType = true
    // Keep the bytes out of the FormData; the caller gets the URL instead.
    return null
  }

  let formData: FormData
  try {
    formData = await parseFormData(
      withLowerCaseMediaType(request),
      {
        maxFileSize: UPLOAD_READ_MAX_BYTES,
        maxFiles: 1,
        maxHeaderSize: MAX_HEADER_BYTES,
        maxParts: MAX_PARTS,
        maxTotalSize: UPLOAD_READ_MAX_BYTES,
      },
      uploadHandler,
    )
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return refused(messages.tooLarge)
    }
    return refused(messages.failed)
  }

  if (!hasFormShape(formData)) return refused(UNREADABLE_FORM_MESSAGE)
  // Line breaks as one character each, as the page counted them.
  formData = withSingleLineBreaks(formData)
  if (tooLarge) return refused(messages.tooLarge, formData)
  if (badType) return refused(messages.badType, formData)
  if (!image) return { formData, image: null, error: null }

  const { bytes, type } = image as { bytes: Uint8Array; type: DetectedImageType }
  const original = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let processed: ProcessedImage | null
  try {
    // Brand logos lose their empty margins, so every logo fills the same box alike.
    processed = await processImage(original, type, { trim: bucket === 'brands' })
  } catch (error) {
    // Too big to take (in words saying so), or right first bytes but no picture a decoder can read.
    if (error instanceof ImageRefused) return refused(error.message, formData)
    return refused(messages.badType, formData)
  }
  const fileName = `${randomUUID()}.${type.extension}`
  return {
    formData,
    image: {
      bucket,
      fileName,
      url: uploadUrl(bucket, fileName),
      contentType: type.contentType,
      bytes: processed?.main.data ?? original,
      processed,
    },
    error: null,
  }
}

/** Stores a pending image under its URL. False (logged) when the database refused it. */
export async function storeImage(image: PendingImage): Promise<boolean> {
  try {
    await insertUpload({
      bucket: image.bucket,
      file_name: image.fileName,
      content_type: image.contentType,
      data: image.bytes,
      size: image.processed ? { width: image.processed.main.width, height: image.processed.main.height } : undefined,
      variants: image.processed?.variants,
    })
    return true
  } catch (error) {
    console.error('Could not store an uploaded image', error)
    return false
  }
}

/**
 * Deletes an uploaded image (a /uploads/{bucket}/{file} URL) when nothing shows
 * it any more: no deal, post (hero_image_url, og_image_url, markdown), brand
 * (logo_url) or setting (see isImageUrlReferenced).
 * No-op for other URLs. Never throws: a failure is logged.
 */
/**
 * After a record changed or was deleted: every image it named before and no
 * longer names is deleted, unless something else still uses it.
 */
export async function deleteImagesLeftBehind(
  before: readonly (string | null | undefined)[],
  after: readonly (string | null | undefined)[] = [],
): Promise<void> {
  for (const url of new Set(before)) {
    if (url && !after.includes(url)) await deleteImageIfUnreferenced(url)
  }
}

export async function deleteImageIfUnreferenced(url: string | null | undefined): Promise<void> {
  const parsed = parseUploadUrl(url)
  if (!parsed || !url) return
  try {
    if (await isImageUrlReferenced(url)) return
    await deleteUpload(parsed.bucket, parsed.fileName)
  } catch (error) {
    console.error('Could not delete an unreferenced upload', error)
  }
}
