import sharp, { type OutputInfo, type Sharp } from 'sharp'

import type { DetectedImageType } from '~/lib/image-type'
import { variantWidths } from '~/lib/responsive-image'

/**
 * Uploaded photos are decoded and encoded again before they are stored: turned
 * upright by their EXIF orientation, metadata (EXIF, GPS, XMP, ICC) dropped,
 * colours in sRGB, and made at most 1600 px wide. Beside that main file each
 * upload gets a few narrower copies (see `variantWidths`) as AVIF and WebP,
 * and in its own format as the fallback for browsers with neither, so a phone
 * downloads a picture the size of its screen. GIFs are kept as they are (an
 * animation would be lost).
 */

/** Decoding a bigger picture is refused: at 4 bytes a pixel that is 200 MB of memory. */
const MAX_INPUT_PIXELS = 50_000_000

// One image at a time, without libvips' operation cache: a 512 MB machine must
// survive several 5 MB uploads arriving together.
sharp.cache(false)
sharp.concurrency(1)

export type VariantFormat = 'avif' | 'webp' | 'jpg' | 'png'

const CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
}

export interface EncodedImage {
  contentType: string
  width: number
  height: number
  data: Buffer
}

export interface ImageVariant extends EncodedImage {
  /** What follows the upload's UUID in the variant's file name: `-800.avif`. */
  suffix: string
}

export interface ProcessedImage {
  /** The bytes stored under the upload's own name. */
  main: EncodedImage
  variants: ImageVariant[]
}

function encode(pipeline: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'avif':
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: encoder settings change how many bytes a copy takes, not what it shows
      return pipeline.avif({ quality: 50, effort: 2 })
    case 'webp':
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: encoder settings change how many bytes a copy takes, not what it shows
      return pipeline.webp({ quality: 72, effort: 4 })
    case 'jpg':
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: encoder settings change how many bytes a copy takes, not what it shows
      return pipeline.jpeg({ quality: 78, mozjpeg: true })
    case 'png':
      // Stryker disable next-line ObjectLiteral: the defaults are lossless too (no palette); only the file size differs
      return pipeline.png({ compressionLevel: 9, palette: false })
  }
}

/** The upright picture at `width`, decoded once, as raw pixels to encode from. */
interface Decoded {
  data: Buffer
  info: OutputInfo
}

async function render(source: Decoded, width: number, format: VariantFormat): Promise<EncodedImage> {
  const { info } = source
  let pipeline = sharp(source.data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  // Stryker disable next-line ConditionalExpression,EqualityOperator: resizing to the width it has changes nothing
  if (width < info.width) pipeline = pipeline.resize({ width })
  const { data, info: out } = await encode(pipeline, format).toBuffer({ resolveWithObject: true })
  return { contentType: CONTENT_TYPES[format], width: out.width, height: out.height, data }
}

export interface ProcessOptions {
  /**
   * Cut away the empty margin around the picture (transparent, or the colour
   * of its corner pixel): a logo then fills the box it is shown in, whatever
   * shape and padding it was uploaded with.
   */
  trim?: boolean
}

/** The picture without its empty margin, upright and still encoded in its own format; the bytes as they were when there is none. */
async function trimmed(bytes: Buffer, type: DetectedImageType): Promise<Buffer> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .trim({ threshold: 12 })
      .toFormat(type.extension === 'jpg' ? 'jpeg' : type.extension === 'webp' ? 'webp' : 'png', {
        quality: 100,
        lossless: type.extension === 'webp',
      })
      .toBuffer({ resolveWithObject: true })
    // A picture that is all margin (one colour) is kept as it came.
    return info.width > 0 && info.height > 0 ? data : bytes
  } catch {
    return bytes
  }
}

async function processNow(
  uploaded: Buffer,
  type: DetectedImageType,
  options: ProcessOptions,
): Promise<ProcessedImage | null> {
  if (type.extension === 'gif') return null
  const bytes = options.trim ? await trimmed(uploaded, type) : uploaded
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata()
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: sharp gives every picture it can open a width and a height
  if (!meta.width || !meta.height) throw new Error('Image without a size')
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width
  const widths = variantWidths(uprightWidth)
  const largest = widths[widths.length - 1]
  // Decoded once (JPEG shrinks while it decodes), upright, in sRGB, without metadata.
  const decoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
  const own: VariantFormat = type.extension
  const main = await render(decoded, largest, own)
  const variants: ImageVariant[] = []
  for (const width of widths) {
    const formats: VariantFormat[] = own === 'webp' ? ['avif', 'webp'] : ['avif', 'webp', own]
    for (const format of formats) {
      // The fallback at full width is the main file itself.
      if (format === own && width === largest) continue
      const image = await render(decoded, width, format)
      variants.push({ ...image, suffix: `-${width}.${format}` })
    }
  }
  return { main, variants }
}

let queue: Promise<unknown> = Promise.resolve()

/**
 * Re-encodes an uploaded image (see above); null for a GIF, which is stored as
 * it came. Throws when the bytes cannot be decoded or the picture is too big.
 * Images are processed one after another.
 */
export function processImage(
  bytes: Buffer,
  type: DetectedImageType,
  options: ProcessOptions = {},
): Promise<ProcessedImage | null> {
  const result = queue.then(() => processNow(bytes, type, options))
  queue = result.catch(() => undefined)
  return result
}
