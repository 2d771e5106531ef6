/**
 * Image type sniffing from a file's first bytes (the type comes from the bytes, never from the name or the browser's claim). Pure; no I/O.
 */

export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif'

export interface DetectedImageType {
  contentType: ImageContentType
  extension: 'jpg' | 'png' | 'webp' | 'gif'
}

/** How many leading bytes `detectImageType` needs to decide. */
export const IMAGE_SNIFF_BYTES = 12

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  // A byte past the end reads as undefined, which equals no signature byte.
  return signature.every((byte, i) => bytes[offset + i] === byte)
}

function ascii(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0))
}

/**
 * JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A), GIF (GIF87a / GIF89a) or
 * WebP (RIFF....WEBP); anything else is null.
 */
export function detectImageType(bytes: Uint8Array): DetectedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' }
  if (startsWith(bytes, PNG_SIGNATURE)) return { contentType: 'image/png', extension: 'png' }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { contentType: 'image/gif', extension: 'gif' }
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp' }
  }
  return null
}

const CONTENT_TYPE_BY_EXTENSION: Record<string, ImageContentType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
}

/**
 * The content type an upload's stored file name implies (`{uuid}.{ext}`, or a
 * narrower copy `{uuid}-{width}.{ext}` which may also be AVIF), or null.
 */
export function contentTypeForFileName(fileName: string): ImageContentType | 'image/avif' | null {
  const match = /^[0-9a-f-]{36}\.(jpg|png|webp|gif)$/.exec(fileName)
  if (match) return CONTENT_TYPE_BY_EXTENSION[match[1]]
  const copy = /^[0-9a-f-]{36}-[1-9]\d{0,3}\.(avif|jpg|png|webp)$/.exec(fileName)
  if (!copy) return null
  return copy[1] === 'avif' ? 'image/avif' : CONTENT_TYPE_BY_EXTENSION[copy[1]]
}

export interface ImageDimensions {
  width: number
  height: number
}

const MAX_DIMENSION = 65_535

function dimensions(width: number, height: number): ImageDimensions | null {
  // Every reader gives whole numbers (header fields, rounded SVG sizes), or
  // Infinity for an SVG length of hundreds of digits, which is too large.
  if (width < 1 || height < 1 || width > MAX_DIMENSION || height > MAX_DIMENSION) return null
  return { width, height }
}

function u16be(bytes: Uint8Array, at: number): number {
  return (bytes[at] << 8) | bytes[at + 1]
}

function u16le(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8)
}

function u24le(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16)
}

function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) >>> 0) + ((bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3])
}

function pngDimensions(bytes: Uint8Array): ImageDimensions | null {
  // Signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
  // A size field cut short would read its missing bytes as 0: a wrong size, not none.
  if (bytes.length < 24 || !startsWith(bytes, ascii('IHDR'), 12)) return null
  return dimensions(u32be(bytes, 16), u32be(bytes, 20))
}

function gifDimensions(bytes: Uint8Array): ImageDimensions | null {
  // As for PNG: a height cut short is no height.
  if (bytes.length < 10) return null
  return dimensions(u16le(bytes, 6), u16le(bytes, 8))
}

function webpDimensions(bytes: Uint8Array): ImageDimensions | null {
  if (bytes.length < 30) return null
  if (startsWith(bytes, ascii('VP8 '), 12)) {
    // Lossy: a key frame's start code 9D 01 2A, then 14-bit width and height.
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null
    return dimensions(u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff)
  }
  if (startsWith(bytes, ascii('VP8L'), 12)) {
    // Lossless: signature 0x2F, then width-1 and height-1 in 14 bits each.
    if (bytes[20] !== 0x2f) return null
    const bits = (bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24)) >>> 0
    return dimensions((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  if (startsWith(bytes, ascii('VP8X'), 12)) {
    // Extended: canvas width-1 and height-1, 24 bits each.
    return dimensions(u24le(bytes, 24) + 1, u24le(bytes, 27) + 1)
  }
  return null
}

/** The EXIF orientation (1–8) in an APP1 segment's body, or 1. */
function exifOrientation(bytes: Uint8Array, start: number, end: number): number {
  // "Exif\0\0", then a TIFF header: byte order, 42, offset of IFD0.
  if (end - start < 14 || !startsWith(bytes, [...ascii('Exif'), 0, 0], start)) return 1
  const tiff = start + 6
  const little = bytes[tiff] === 0x49 && bytes[tiff + 1] === 0x49
  if (!little && !(bytes[tiff] === 0x4d && bytes[tiff + 1] === 0x4d)) return 1
  const u16 = (at: number) => (little ? u16le(bytes, at) : u16be(bytes, at))
  const u32 = (at: number) => (little ? (u16le(bytes, at) | (u16le(bytes, at + 2) << 16)) >>> 0 : u32be(bytes, at))
  const ifd = tiff + u32(tiff + 4)
  if (ifd + 2 > end) return 1
  const entries = u16(ifd)
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12
    if (entry + 12 > end) return 1
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8)
      return value >= 1 && value <= 8 ? value : 1
    }
  }
  return 1
}

/** Start-of-frame markers: baseline, progressive, lossless, arithmetic (not DHT C4, JPG C8, DAC CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

function jpegDimensions(bytes: Uint8Array): ImageDimensions | null {
  let at = 2
  let orientation = 1
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]
    if (marker === 0xff) {
      at++ // fill byte
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2 // markers without a length
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end of image, or scan data before any frame
    const length = u16be(bytes, at + 2)
    if (length < 2) return null
    const body = at + 4
    const end = at + 2 + length
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(bytes, body, Math.min(end, bytes.length))
    if (isStartOfFrame(marker)) {
      if (body + 5 > bytes.length) return null
      const height = u16be(bytes, body + 1)
      const width = u16be(bytes, body + 3)
      // Orientations 5–8 turn the picture a quarter: browsers show it with the sides swapped.
      return orientation >= 5 ? dimensions(height, width) : dimensions(width, height)
    }
    at = end
  }
  return null
}

/**
 * The pixel size of a JPEG, PNG, GIF or WebP from its bytes (the header the
 * browser will read), with a JPEG's EXIF rotation applied as browsers show it;
 * null when the bytes are none of those or are cut short. Pure; no I/O.
 */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const type = detectImageType(bytes)
  if (!type) return null
  switch (type.contentType) {
    case 'image/png':
      return pngDimensions(bytes)
    case 'image/gif':
      return gifDimensions(bytes)
    case 'image/webp':
      return webpDimensions(bytes)
    case 'image/jpeg':
      return jpegDimensions(bytes)
  }
}

function svgLength(value: string | undefined): number | null {
  if (value === undefined) return null
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value)
  return match ? Number(match[1]) : null
}

/**
 * The size an SVG file is drawn at by default: its root's width and height in
 * pixels, else its viewBox (scaled to a width or height given alone). Looks at
 * the first `<svg …>` tag only; null when neither is there.
 */
export function svgDimensions(text: string): ImageDimensions | null {
  const tag = /<svg\b([^>]{0,4000})>/i.exec(text.slice(0, 16_384))
  if (!tag) return null
  const attributes = new Map<string, string>()
  for (const match of tag[1].matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1].toLowerCase(), match[2] ?? match[3])
  }
  const width = svgLength(attributes.get('width'))
  const height = svgLength(attributes.get('height'))
  const box = (attributes.get('viewbox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  const boxSize = box.length === 4 && box[2] > 0 && box[3] > 0 ? { width: box[2], height: box[3] } : null
  let size: { width: number; height: number } | null = null
  if (width && height) size = { width, height }
  else if (boxSize && width) size = { width, height: (width * boxSize.height) / boxSize.width }
  else if (boxSize && height) size = { width: (height * boxSize.width) / boxSize.height, height }
  else if (boxSize) size = boxSize
  return size ? dimensions(Math.round(size.width), Math.round(size.height)) : null
}
