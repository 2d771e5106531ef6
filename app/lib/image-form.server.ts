import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { readFormWithImage, type UploadBucket, type UploadMessages } from '~/lib/uploads.server'

/**
 * Reads a form that may carry an image file (brands, deals): the streamed,
 * size-limited body via `readFormWithImage`; an uploaded file fills the URL
 * field; then the zod schema. Gives either the parsed value or the conform
 * reply plus the first message (for the failure toast).
 */
export async function parseFormWithImage<Schema extends z.ZodType>(
  request: Request,
  options: { schema: Schema; bucket: UploadBucket; fileField: string; urlField: string; messages: UploadMessages },
): Promise<
  | { ok: true; value: z.output<Schema> }
  | { ok: false; result: SubmissionResult<string[]>; message: string; uploadFailed: boolean }
> {
  const { formData, imageUrl, error } = await readFormWithImage(request, options)
  if (imageUrl) formData.set(options.urlField, imageUrl)
  const submission = parseWithZod(formData, { schema: options.schema })
  if (error) {
    return {
      ok: false,
      result: submission.reply({ fieldErrors: { [options.urlField]: [error] } }),
      message: error,
      uploadFailed: true,
    }
  }
  if (submission.status !== 'success') {
    const result = submission.reply()
    const first = Object.values(result.error ?? {}).find((messages) => messages && messages.length > 0)
    return { ok: false, result, message: first?.[0] ?? 'Please check the form', uploadFailed: false }
  }
  return { ok: true, value: submission.value as z.output<Schema> }
}

/** A route id parameter: a positive whole number, else null (the route answers 404). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) ? id : null
}
