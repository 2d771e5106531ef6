import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'

import { RECORD_LISTS, type RecordKind } from '~/lib/record-lists'
import { readFormWithImage, storeImage } from '~/models/upload-files.server'

/**
 * A list's form with a picture, declared beside its schema: the list it
 * belongs to (whose folder keeps the picture, and whose messages a refused
 * file gets), the file field, and the address field an uploaded file fills.
 */
export interface ImageForm<Schema extends z.ZodType> {
  kind: RecordKind
  schema: Schema
  fileField: string
  urlField: string
}

/**
 * A form read and valid: its values, and the reply for a save that then
 * failed (the database refused it, or the record went away): the message,
 * with everything typed kept, so the page comes back filled in.
 */
interface Parsed<Value> {
  ok: true
  value: Value
  reply: (message: string) => SubmissionResult<string[]>
}

/** A refused form: the conform reply, the first message (for the failure toast), and 413 for a picture too large, else 400. */
interface Refused {
  ok: false
  result: SubmissionResult<string[]>
  message: string
  status: 400 | 413
}

/**
 * Reads a form that may carry an image file (brands, deals): the streamed,
 * size-limited body via `readFormWithImage`; an uploaded file fills the URL
 * field; then the zod schema. The image is stored only when the whole form
 * is valid, so a refused form leaves no image behind. Gives either the parsed
 * value or the refusal.
 */
export async function parseFormWithImage<Schema extends z.ZodType>(
  request: Request,
  form: ImageForm<Schema>,
): Promise<Parsed<z.output<Schema>> | Refused> {
  const { bucket, uploadMessages: messages } = RECORD_LISTS[form.kind]
  const { formData, image, error } = await readFormWithImage(request, { bucket, fileField: form.fileField, messages })
  if (image) formData.set(form.urlField, image.url)
  const submission = parseWithZod(formData, { schema: form.schema })
  const refusedPicture = (message: string): Refused => ({
    ok: false,
    result: submission.reply({ fieldErrors: { [form.urlField]: [message] } }),
    message,
    status: message === messages.tooLarge ? 413 : 400,
  })
  if (error) return refusedPicture(error)
  if (submission.status !== 'success') {
    const result = submission.reply()
    // Conform lists only the fields that have messages, so the first one has some.
    const first = Object.values(result.error ?? {})[0]
    // Stryker disable next-line StringLiteral,OptionalChaining: equivalent mutants ("" for the fallback, first[0] without ?.): a refused form always has a field with a message, so the fallback is never shown
    return { ok: false, result, message: first?.[0] ?? 'Please check the form', status: 400 }
  }
  if (image && !(await storeImage(image))) return refusedPicture(messages.failed)
  return {
    ok: true,
    value: submission.value as z.output<Schema>,
    reply: (message) => submission.reply({ formErrors: [message] }),
  }
}

/** The answer to a refused form: its errors beside the fields and the failure toast, with its status. */
export function refusedForm<Failure>(refused: Refused, failure: Failure) {
  return data({ result: refused.result, failure }, { status: refused.status })
}

/**
 * The answer to a save that did not happen (the database refused it, or the
 * record went away): the message beside the form and the failure toast, with
 * what was typed kept once the form was read (`reply` of a parsed form).
 */
export function failedSave<Failure>(
  message: string,
  failure: Failure,
  status: number,
  reply?: Parsed<unknown>['reply'],
) {
  const result: SubmissionResult<string[]> = reply ? reply(message) : { status: 'error', error: { '': [message] } }
  return data({ result, failure }, { status })
}
