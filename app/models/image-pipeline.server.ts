import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp'

import type { DetectedImageType } from '~/lib/image-type'
import { variantWidths } from '~/lib/responsive-image'
import { WorkQueue } from '~/lib/work-queue'

/**
 * Uploaded photos are decoded and encoded again before they are stored: turned
 * upright by their EXIF orientation, metadata (EXIF, GPS, XMP, ICC) dropped,
 * colours in sRGB, and made at most 1600 px wide. Beside that main file each
 * upload gets a few narrower copies (see `variantWidths`) as AVIF and WebP,
 * and in its own format as the fallback for browsers with neither, so a phone
 * downloads a picture the size of its screen. GIFs are kept as they are (an
 * animation would be lost), unless they are too big to show (see below).
 *
 * What a picture may declare, read from its header before a single pixel is
 * decoded: at most 12,000 px on a side and 32 megapixels in all. A 5 MB JPEG
 * from a phone is 12–24 MP (4000×3000 to 6000×4000), a wide panorama 12,000 ×
 * 2,500; anything larger cannot come from a camera within the 5 MB limit, but
 * a crafted PNG of a few kilobytes can declare 50 million pixels, and a side
 * of millions of pixels costs minutes even when the count is small. 32 MP
 * decoded at 4 bytes a pixel is 128 MB at worst; read sequentially and shrunk
 * while it is read, a refusal costs nothing and an accepted photo far less.
 * An animated GIF is sent to visitors as it is, so its frames count too: at
 * most 300 frames and 50 MP across all of them (what a phone must decode to
 * play it).
 */
export const IMAGE_LIMITS = { maxSide: 12_000, maxPixels: 32_000_000, gifFrames: 300, gifPixels: 50_000_000 }

/** No picture takes longer than this to decode and encode; past it the upload is refused. */
const PROCESS_TIMEOUT_SECONDS = 20

/** Why a picture was refused, in words for the person who uploaded it. */
export class ImageRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImageRefused'
  }
}

/** Without libvips' operation cache, one thread per image: a 512 MB machine must survive several uploads at once. */
sharp.cache(false)
sharp.concurrency(1)

const DECODE: SharpOptions = { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error', sequentialRead: true }

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`

/** Refuses a picture by the size its header declares, before anything is decoded; returns what the header says. */
async function checkDeclaredSize(bytes: Buffer, type: DetectedImageType): Promise<Metadata> {
  // Only the header is read (for a GIF, each frame's too, to count them). No pixel limit here: the
  // limits below say what was too big, where the decoder's own limit would only fail.
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  // For an animation, the size of one frame.
  const { width, height } = meta
  const { maxSide, maxPixels, gifFrames, gifPixels } = IMAGE_LIMITS
  if (width > maxSide || height > maxSide || width * height > maxPixels) {
    throw new ImageRefused(
      `This picture is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; we take at most ${maxSide.toLocaleString('en-US')} pixels on a side and ${megapixels(maxPixels)}. Make it smaller and upload it again.`,
    )
  }
  // Only a GIF is kept animated: another picture is stored as its first frame.
  const frames = type.extension === 'gif' ? (meta.pages ?? 1) : 1
  if (frames > gifFrames || width * height * frames > gifPixels) {
    throw new ImageRefused(
      `This animated GIF has ${frames.toLocaleString('en-US')} frames of ${width} × ${height} pixels; we take at most ${gifFrames} frames and ${megapixels(gifPixels)} in all. Shorten or shrink the animation, or upload a still picture.`,
    )
  }
  return meta
}

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
  // Stryker disable ObjectLiteral,BooleanLiteral: equivalent mutants (the encoder's default settings, mozjpeg and palette flipped): they change how many bytes a copy takes, not its format, size or what it shows; the PNG defaults are lossless too
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 2 })
    case 'webp':
      return pipeline.webp({ quality: 72, effort: 4 })
    case 'jpg':
      return pipeline.jpeg({ quality: 78, mozjpeg: true })
    case 'png':
      return pipeline.png({ compressionLevel: 9, palette: false })
  }
  // Stryker restore ObjectLiteral,BooleanLiteral
}

/** The upright picture at `width`, decoded once, as raw pixels to encode from. */
interface Decoded {
  data: Buffer
  info: OutputInfo
}

async function render(source: Decoded, width: number, format: VariantFormat): Promise<EncodedImage> {
  const { info } = source
  let pipeline = sharp(source.data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent mutants (true, <=): no copy is asked wider than the picture, and resizing to the width it has changes nothing
  if (width < info.width) pipeline = pipeline.resize({ width })
  const { data, info: out } = await encode(pipeline.timeout({ seconds: PROCESS_TIMEOUT_SECONDS }), format).toBuffer({
    resolveWithObject: true,
  })
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

/** Where a picture's pixels are read from to make its copies, and how wide it stands upright. */
interface Source {
  image: Sharp
  uprightWidth: number
}

/** The upload as it came, turned upright as it is read. */
function untouched(bytes: Buffer, declared: Metadata): Source {
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (declared.orientation ?? 1) >= 5 ? declared.height : declared.width
  return { image: sharp(bytes, DECODE).rotate(), uprightWidth }
}

/**
 * The picture upright without its empty margin, as raw pixels: encoded again
 * in between, a PNG would lose colours to a palette and a JPEG its quality
 * twice. Trimming needs the whole picture at once, so it is not read
 * sequentially. A picture all of one colour is kept whole.
 */
async function trimmed(bytes: Buffer): Promise<Source> {
  const { data, info } = await sharp(bytes, { ...DECODE, sequentialRead: false })
    .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
    .rotate()
    .trim({ threshold: 12 })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width, height, channels } = info
  return { image: sharp(data, { raw: { width, height, channels } }), uprightWidth: width }
}

async function processNow(
  uploaded: Buffer,
  type: DetectedImageType,
  options: ProcessOptions,
): Promise<ProcessedImage | null> {
  const declared = await checkDeclaredSize(uploaded, type)
  if (type.extension === 'gif') return null
  // Sharp trims nothing under 3 pixels on a side, and so small a picture has no margin to lose.
  const trim = options.trim && Math.min(declared.width, declared.height) >= 3
  const source = trim ? await trimmed(uploaded) : untouched(uploaded, declared)
  const widths = variantWidths(source.uprightWidth)
  const largest = widths[widths.length - 1]
  // Decoded once (JPEG shrinks while it decodes), in sRGB, without metadata.
  const decoded = await source.image
    .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
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

/**
 * Two images are processed at once, so one slow picture (at most
 * PROCESS_TIMEOUT_SECONDS) never holds up another; a few more wait their turn,
 * and past that an upload is refused with a message to try again.
 */
const images = new WorkQueue(2, 8, 60_000)

/**
 * Re-encodes an uploaded image (see above); null for a GIF, which is stored as
 * it came. Throws ImageRefused (with a message for the uploader) when the
 * picture is too big or the line of images is full, and another error when
 * the bytes cannot be decoded.
 */
export async function processImage(
  bytes: Buffer,
  type: DetectedImageType,
  options: ProcessOptions = {},
): Promise<ProcessedImage | null> {
  try {
    return await images.run(() => processNow(bytes, type, options))
  } catch (error) {
    if ((error as Error).name === 'Busy') {
      throw new ImageRefused('Many pictures are being processed right now. Please upload this one again in a minute.')
    }
    throw error
  }
}
