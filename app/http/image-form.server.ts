import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'

import { RECORD_LISTS, type RecordKind, type UploadBucketName, type UploadMessages } from '~/lib/record-lists'
import { readFormWithImage, storeImage } from '~/models/upload-files.server'
import { BRAND_LOGO_FILE_FIELD, BrandSchema } from '~/schemas/brand'
import { DEAL_IMAGE_FILE_FIELD, DealSchema } from '~/schemas/deal'

/**
 * Reads a form that may carry an image file (brands, deals): the streamed,
 * size-limited body via `readFormWithImage`; an uploaded file fills the URL
 * field; then the zod schema. The image is stored only when the whole form
 * is valid, so a refused form leaves no image behind. Gives either the parsed
 * value or the conform reply plus the first message (for the failure toast).
 */
export async function parseFormWithImage<Schema extends z.ZodType>(
  request: Request,
  options: { schema: Schema; bucket: UploadBucketName; fileField: string; urlField: string; messages: UploadMessages },
): Promise<
  | { ok: true; value: z.output<Schema> }
  | { ok: false; result: SubmissionResult<string[]>; message: string; uploadFailed: boolean }
> {
  const { formData, image, error } = await readFormWithImage(request, options)
  if (image) formData.set(options.urlField, image.url)
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
    // Conform lists only the fields that have messages, so the first one has some.
    const first = Object.values(result.error ?? {})[0]
    // Stryker disable next-line StringLiteral,OptionalChaining: equivalent mutants ("" for the fallback, first[0] without ?.): a refused form always has a field with a message, so the fallback is never shown
    return { ok: false, result, message: first?.[0] ?? 'Please check the form', uploadFailed: false }
  }
  if (image && !(await storeImage(image))) {
    const message = options.messages.failed
    return {
      ok: false,
      result: submission.reply({ fieldErrors: { [options.urlField]: [message] } }),
      message,
      uploadFailed: true,
    }
  }
  return { ok: true, value: submission.value as z.output<Schema> }
}

/** A list's form with a picture: its schema and fields, with the list, folder and messages of its definition. */
function recordImageForm<Kind extends RecordKind, Schema extends z.ZodType>(
  kind: Kind,
  form: { schema: Schema; fileField: string; urlField: string },
) {
  const { list, bucket, uploadMessages } = RECORD_LISTS[kind]
  return { ...form, list, bucket, messages: uploadMessages }
}

/** The brand form: its logo stored in the brands folder. */
export const BRAND_FORM = recordImageForm('brand', {
  schema: BrandSchema,
  fileField: BRAND_LOGO_FILE_FIELD,
  urlField: 'logo_url',
})

/** The deal slide form: its image stored in the deals folder. */
export const DEAL_FORM = recordImageForm('deal', {
  schema: DealSchema,
  fileField: DEAL_IMAGE_FILE_FIELD,
  urlField: 'image_url',
})

/**
 * The admin lists whose add and edit forms carry a picture, by the list's
 * address: their forms need the image body limit (see body-limit.server.ts)
 * and their bucket's upload messages. Add a new list's form here.
 */
export const RECORD_IMAGE_FORMS = [BRAND_FORM, DEAL_FORM] as const

/**
 * The answer to a refused form: its errors beside the fields and the failure
 * toast, with 413 when the image was too large and 400 otherwise.
 */
export function refusedForm<Failure>(
  refused: { result: SubmissionResult<string[]>; message: string; uploadFailed: boolean },
  messages: UploadMessages,
  failure: Failure,
) {
  const status = refused.uploadFailed && refused.message === messages.tooLarge ? 413 : 400
  return data({ result: refused.result, failure }, { status })
}
