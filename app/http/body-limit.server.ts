import type { IncomingMessage } from 'node:http'
import { Transform, type TransformCallback } from 'node:stream'

import { pagePathOf } from '~/lib/data-request'
import { RECORD_KINDS, RECORD_LISTS } from '~/lib/record-lists'
import { UPLOAD_READ_MAX_BYTES } from '~/models/upload-files.server'

/**
 * How many bytes a request body may have, by the kind of form the address
 * takes. A body over its limit is refused while it streams in, before it is
 * buffered, so one request cannot take the process's memory.
 *
 * - Forms that carry an image (brands, deals, posts, the upload endpoint) read
 *   their own body and answer their own "too large" message, with the typed
 *   fields kept; the limit here is the most they read (twice the largest body
 *   they take), so it only stops bodies far past anything a person could mean
 *   to send.
 * - The post preview takes the post's markdown: 100,000 characters, which can
 *   be several bytes each once form-encoded.
 * - Every other form (sign-in, reset, age gate, contact, settings, statuses)
 *   is small.
 */
export const SMALL_FORM_LIMIT = 64 * 1024
export const POST_PREVIEW_LIMIT = 1_250_000
export const IMAGE_FORM_LIMIT = UPLOAD_READ_MAX_BYTES

/** An address pattern with `:id` for one path segment, as a regular expression for the whole path. */
function pathPattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/:id/g, '[^/]+')}/?$`)
}

const IMAGE_FORMS = [
  /^\/admin\/uploads\/[^/]+\/?$/,
  /^\/admin\/blog\/pictures\/?$/,
  // The add and edit pages of every admin list (record-lists.ts): their forms carry a picture.
  ...RECORD_KINDS.flatMap((kind) => [
    pathPattern(RECORD_LISTS[kind].addPath),
    pathPattern(RECORD_LISTS[kind].editPath),
  ]),
]

/** The body limit, in bytes, of a request to `pathname` (client data requests end in `.data`). */
export function bodyLimitFor(pathname: string): number {
  const path = pagePathOf(pathname)
  if (IMAGE_FORMS.some((pattern) => pattern.test(path))) return IMAGE_FORM_LIMIT
  if (/^\/admin\/blog\/preview\/?$/.test(path)) return POST_PREVIEW_LIMIT
  return SMALL_FORM_LIMIT
}

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`)
  }
}

/** Passes bytes through until more than `limit` have gone by, then fails the stream. */
export class BodyLimit extends Transform {
  #seen = 0
  exceeded = false

  constructor(readonly limit: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#seen += chunk.length
    if (this.#seen > this.limit) {
      this.exceeded = true
      callback(new BodyTooLargeError(this.limit))
      return
    }
    callback(null, chunk)
  }
}

/** Where a small form's body starts: most forms fit; a bigger one doubles it. */
const FIRST_BODY_BUFFER = 16 * 1024

/**
 * Reads a small form's body to its end. Gives the bytes; 'too large' as soon
 * as more than `limit` have come (the rest is left unread); or null when the
 * client went away first. A sender too slow to finish is ended by the
 * server's request timeout.
 *
 * Each piece is copied into one buffer as it comes, never kept: a sender who
 * trickles a 64 KB form one byte per packet makes 65,536 pieces, each with
 * its own memory, and keeping them held about 40 MB for one connection.
 */
export function readWholeBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too large' | null> {
  return new Promise((resolve) => {
    let body = Buffer.allocUnsafe(Math.min(limit, FIRST_BODY_BUFFER))
    let seen = 0
    const settle = (outcome: Buffer | 'too large' | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone)
      resolve(outcome)
    }
    const onData = (chunk: Buffer) => {
      if (seen + chunk.length > limit) return settle('too large')
      if (seen + chunk.length > body.length) {
        const bigger = Buffer.allocUnsafe(Math.min(limit, Math.max(body.length * 2, seen + chunk.length)))
        body.copy(bigger, 0, 0, seen)
        body = bigger
      }
      chunk.copy(body, seen)
      seen += chunk.length
    }
    const onEnd = () => settle(body.subarray(0, seen))
    const onGone = () => settle(null)
    req.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onGone)
  })
}

/** "64 KB", "1.3 MB": a limit as a person reads it. */
export function formatLimit(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`
}
