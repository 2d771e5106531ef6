import { requireAdmin } from '~/auth/session.server'
import { isUploadBucket, UPLOAD_MESSAGES } from '~/lib/record-lists'
import { readFormWithImage, storeImage } from '~/models/upload-files.server'

import type { Route } from './+types/admin.uploads.$bucket'

/**
 * The image fields' script endpoint: POST one file in `file`, get `{url}` (or
 * `{error}` with 400 / 413) so the preview and the URL fill in before saving.
 */
export const UPLOAD_FILE_FIELD = 'file'

const noStore = { 'Cache-Control': 'private, no-store' }

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return Response.json({ error: 'Send the image with POST' }, { status: 405, headers: { ...noStore, Allow: 'POST' } })
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  if (request.method !== 'POST') {
    return Response.json({ error: 'Send the image with POST' }, { status: 405, headers: { ...noStore, Allow: 'POST' } })
  }
  if (!isUploadBucket(params.bucket))
    return Response.json({ error: 'Unknown upload folder' }, { status: 404, headers: noStore })
  const messages = UPLOAD_MESSAGES[params.bucket]
  const { image, error } = await readFormWithImage(request, {
    bucket: params.bucket,
    fileField: UPLOAD_FILE_FIELD,
    messages,
  })
  if (error) {
    return Response.json({ error }, { status: error === messages.tooLarge ? 413 : 400, headers: noStore })
  }
  if (!image) return Response.json({ error: messages.failed }, { status: 400, headers: noStore })
  // Stored now so the form can show it; if the form is never saved, the sweep of unused uploads removes it.
  if (!(await storeImage(image))) return Response.json({ error: messages.failed }, { status: 500, headers: noStore })
  return Response.json({ url: image.url }, { headers: noStore })
}
