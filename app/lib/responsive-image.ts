/**
 * Which copies of an uploaded image exist, and how a page asks for them. An
 * upload `/uploads/{bucket}/{uuid}.{ext}` (JPEG, PNG or WebP) is stored at most
 * 1600 px wide, with narrower copies named `{uuid}-{width}.{avif|webp|ext}`;
 * all of them keep their name for ever, so they are cached as immutable.
 */

import { parseUploadUrl } from './upload-buckets'

export const IMAGE_WIDTHS = [400, 800, 1200, 1600] as const
export const MAX_IMAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]

/** The widths stored for a picture `width` pixels wide (upright): the standard ones below it, and itself up to 1600. */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, MAX_IMAGE_WIDTH)
  return [...IMAGE_WIDTHS.filter((w) => w < top), top]
}

/** Width and height given to images whose real size we do not know (16:9, cropped to fit). */
export const FALLBACK_IMAGE_SIZE = { width: 1600, height: 900 } as const

export interface ImageSize {
  width: number
  height: number
}

export interface ImageSources {
  avif: string
  webp: string
  /** srcset in the image's own format, for the `<img>` itself. */
  fallback: string
}

/**
 * The srcset of each format for one of our uploads whose stored size is known,
 * or null for any other image (a file in public/, another site's, a GIF).
 */
export function responsiveSources(
  url: string | null | undefined,
  size: ImageSize | null | undefined,
): ImageSources | null {
  if (!url || !size) return null
  const upload = parseUploadUrl(url)
  // A GIF is kept as it came: it may move, and the copies would not.
  const own = upload?.fileName.slice(upload.fileName.lastIndexOf('.') + 1)
  if (!own || own === 'gif') return null
  const base = url.slice(0, -own.length - 1)
  const widths = variantWidths(size.width)
  const largest = widths[widths.length - 1]
  const set = (format: string) =>
    widths
      .map((w) => `${w === largest && format === own && own !== 'webp' ? url : `${base}-${w}.${format}`} ${w}w`)
      .join(', ')
  return { avif: set('avif'), webp: set('webp'), fallback: set(own) }
}
