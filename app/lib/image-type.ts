/**
 * Image type sniffing from a file's first bytes (DECISIONS.md: the type comes
 * from the bytes, never from the name or the browser's claim). Pure; no I/O.
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
  if (bytes.length < offset + signature.length) return false
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

/** The content type an upload's stored file name implies (`{uuid}.{ext}`), or null. */
export function contentTypeForFileName(fileName: string): ImageContentType | null {
  const match = /^[0-9a-f-]{36}\.(jpg|png|webp|gif)$/.exec(fileName)
  return match ? CONTENT_TYPE_BY_EXTENSION[match[1]] : null
}
