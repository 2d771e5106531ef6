import { type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import type { z } from 'zod'

import { showToast } from '~/components/ui/Toaster'

/** What a brand or deal action answers when it does not redirect. */
export interface RecordActionData {
  result: SubmissionResult<string[]>
  /** The failure toast: the server's message under the action's title. */
  failure?: { title: string; description?: string }
}

/** The upload limits and messages of the brand and deal forms (the server checks the same). */
export const RECORD_UPLOAD_TEXTS = {
  tooLarge: 'Image must be less than 5MB',
  badType: 'Only JPEG, PNG, WebP, and GIF images are allowed',
  failed: 'Failed to upload image',
}

/**
 * The add/edit form of a brand or a deal, the same in the list's dialog (with
 * JavaScript, posted by a fetcher) and on its own page (without, posted as a
 * page whose `lastResult` comes back). Checked on submit with the schema, then
 * as the person types; a failure the server reports also shows as a toast.
 */
export function useRecordForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string
  lastResult?: RecordActionData
  defaultValue: Record<string, string>
  schema: Schema
}) {
  const fetcher = useFetcher<RecordActionData>()
  const answer = fetcher.data ?? options.lastResult
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: answer?.result,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  useEffect(() => {
    if (fetcher.data?.failure) showToast({ type: 'error', ...fetcher.data.failure })
  }, [fetcher.data])

  /**
   * The image field's starting address: what a refused submission sent back
   * (when it was one address, not a repeated field), else the record's.
   */
  const initialImage = (name: string, saved: string | null | undefined) => {
    const sent = answer?.result.initialValue?.[name]
    return typeof sent === 'string' ? sent : (saved ?? '')
  }

  return { fetcher, form, fields, failure: answer?.failure, busy: fetcher.state !== 'idle', initialImage }
}
