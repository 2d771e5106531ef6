import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'

import { type ImageDimensions, imageDimensions, svgDimensions } from '~/lib/image-type'

/**
 * The pixel size of an image shipped in public/ (served from the build's client
 * folder in production), read from the file's first bytes. Used when a post is
 * saved, so its `<img>` tags carry width and height; never on a page view.
 */

/** A path the static server could answer with an image: plain segments, an image extension. */
const PUBLIC_IMAGE_PATH = /^\/(?:[\w-][\w.-]*\/){0,8}[\w-][\w.-]*\.(?:png|jpe?g|gif|webp|svg)$/i

/** Enough for any header we read: SOF follows EXIF and ICC segments, which can be large. */
const HEAD_BYTES = 1024 * 1024

function roots(): string[] {
  return [resolve('public'), resolve(process.env.BUILD_DIR ?? 'build', 'client')]
}

const cache = new Map<string, { mtimeMs: number; size: ImageDimensions | null }>()

function readHead(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    const read = readSync(fd, buffer, 0, bytes, 0)
    return buffer.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

function sizeOfFile(file: string): ImageDimensions | null {
  // A missing file throws here, and a folder when it is read below:
  // publicImageSize then moves on to the next folder.
  const stat = statSync(file)
  const cached = cache.get(file)
  // Stryker disable next-line ConditionalExpression: equivalent mutant (false): without the cache the same size is read again, only slower
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.size
  // Stryker disable next-line MethodExpression: equivalent mutant (Math.max): a larger buffer holds the same bytes read
  const head = readHead(file, Math.min(stat.size, HEAD_BYTES))
  const size = extname(file).toLowerCase() === '.svg' ? svgDimensions(head.toString('utf8')) : imageDimensions(head)
  // Stryker disable next-line ObjectLiteral: equivalent mutant ({}): an entry that never matches only means reading again, as above
  cache.set(file, { mtimeMs: stat.mtimeMs, size })
  return size
}

/** The size of `/images/…` (a URL path; query and fragment ignored) in public/, or null when unknown. */
export function publicImageSize(urlPath: string): ImageDimensions | null {
  const path = urlPath.split(/[?#]/, 1)[0]
  if (!PUBLIC_IMAGE_PATH.test(path) || path.includes('..')) return null
  for (const root of roots()) {
    // The path pattern and the '..' check above keep the file inside the folder.
    const file = join(root, path)
    try {
      const size = sizeOfFile(file)
      if (size) return size
    } catch {
      // Unreadable: try the next folder.
    }
  }
  return null
}
