import { etagMatches } from '~/http/http-cache.server'
import { contentTypeForFileName } from '~/lib/image-type'
import { isUploadBucket } from '~/lib/record-lists'
import { getUploadData, getUploadMeta } from '~/models/uploads.server'

import type { Route } from './+types/uploads.$bucket.$file'

/**
 * Serves an uploaded image from `/uploads/{bucket}/{uuid}.{ext}`, and its
 * narrower copies from `/uploads/{bucket}/{uuid}-{width}.{avif|webp|jpg|png}`:
 * the stored bytes with their type and length, a strong ETag, a year of
 * immutable caching, and 404 for anything unknown or oddly named.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable'

function notFound() {
  return new Response('Image not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { bucket, file } = params
  // Only names we create ({uuid}.{ext}) are ever looked up: traversal and odd names are simply unknown.
  if (!isUploadBucket(bucket) || !file || !contentTypeForFileName(file)) return notFound()

  const meta = await getUploadMeta(bucket, file)
  if (!meta) return notFound()
  const etag = `"${meta.id}-${meta.size}"`
  const headers = new Headers({
    ETag: etag,
    'Cache-Control': IMMUTABLE,
    // X-Content-Type-Options: nosniff is set on every response by the HTTP server (app/http/server.server.ts; setting it here too would double it).
    'Content-Type': meta.content_type,
  })
  if (etagMatches(request.headers.get('If-None-Match'), etag)) {
    return new Response(null, { status: 304, headers })
  }
  headers.set('Content-Length', String(meta.size))
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers })

  const data = await getUploadData(bucket, file)
  if (!data) return notFound()
  return new Response(new Uint8Array(data), { status: 200, headers })
}
