import { getFormProps, useForm } from '@conform-to/react'
import { type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useId, useRef, useState } from 'react'

import { Field } from '~/components/forms'
import { pictureMarkdown } from '~/lib/post-picture'
import type { UploadMessages } from '~/lib/record-lists'
import { PICTURE_ALT_HINT, PICTURE_CAPTION_HINT, PICTURE_LIMITS, PictureDetailsSchema } from '~/schemas/post-picture'

import { adminStyles } from './adminStyles'

const MAX_BYTES = 5 * 1024 * 1024
/** A picture's alt text (required, with its hint) and caption, in the dialog and on the no-JavaScript page. */
export function PictureTextFields({ alt, caption }: { alt: FieldMetadata<string>; caption: FieldMetadata<string> }) {
  return (
    <>
      <Field
        field={alt}
        label={
          <>
            Alt text <span className="font-normal text-ink-600">(required)</span>
          </>
        }
        maxLength={PICTURE_LIMITS.alt}
        hint={PICTURE_ALT_HINT}
      />
      <Field field={caption} label="Caption" maxLength={PICTURE_LIMITS.caption} hint={PICTURE_CAPTION_HINT} />
    </>
  )
}

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif']

/** The first picture among pasted or dropped files, if any. */
export function pictureIn(files: FileList | null | undefined): File | null {
  for (const file of files ?? []) if (PICTURE_TYPES.includes(file.type)) return file
  return null
}

/**
 * The editor's picture dialog (JavaScript only; without it the editor links
 * to the picture page). A picture chosen here, pasted or dropped into the
 * content is uploaded at once through the post images' pipeline, while alt
 * text (required) and an optional caption are asked; Insert hands the
 * markdown line to the editor, which puts it at the caret.
 */
export function PictureDialog({
  file,
  messages,
  onInsert,
  onClose,
}: {
  /** A file pasted or dropped into the content, uploaded as soon as the dialog opens. */
  file: File | null
  messages: UploadMessages
  onInsert: (markdown: string) => void
  onClose: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const id = `picture-${useId().replace(/[^\w-]/g, '')}`
  const [url, setUrl] = useState<string | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [status, setStatus] = useState<'idle' | 'uploading' | 'done'>('idle')
  const [fileError, setFileError] = useState<string | null>(null)

  const [form, fields] = useForm({
    id: `${id}-form`,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: PictureDetailsSchema })
    },
    onSubmit(event, { submission }) {
      event.preventDefault()
      if (status === 'uploading') return setFileError('Wait a moment: the picture is still uploading.')
      if (!url) return setFileError('Choose a picture to upload')
      if (submission?.status !== 'success') return
      onInsert(pictureMarkdown({ url, ...submission.value }))
    },
  })

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  useEffect(() => {
    if (file) void upload(file)
    // Only the file the dialog was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  function fail(message: string) {
    setFileError(message)
    setStatus('idle')
    setUrl(null)
    setPreview(null)
    if (fileRef.current) fileRef.current.value = ''
  }

  async function upload(chosen: File) {
    setFileError(null)
    if (chosen.size > MAX_BYTES) return fail(messages.tooLarge)
    if (!PICTURE_TYPES.includes(chosen.type)) return fail(messages.badType)
    setPreview(URL.createObjectURL(chosen))
    setUrl(null)
    setStatus('uploading')
    const body = new FormData()
    body.append('file', chosen)
    try {
      const response = await fetch('/admin/uploads/blog-images', {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      })
      const result = (await response.json().catch(() => null)) as { url?: string; error?: string } | null
      if (!response.ok || !result?.url) return fail(result?.error || messages.failed)
      setUrl(result.url)
      setStatus('done')
    } catch {
      fail(messages.failed)
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto max-h-[calc(100svh-1rem)] w-[calc(100%-1rem)] max-w-lg overflow-y-auto rounded-lg border border-cream-300 bg-white p-4 text-ink-900 shadow-xl backdrop:bg-ink-900/50 sm:p-6"
    >
      <h2 id={`${id}-title`} className={adminStyles.h2}>
        Insert a picture
      </h2>
      <form {...getFormProps(form)} className="mt-3 space-y-4">
        <div className="flex items-start gap-3">
          <div
            className="flex h-20 w-28 shrink-0 items-center justify-center overflow-hidden rounded border border-cream-300 bg-cream-100"
            aria-busy={status === 'uploading'}
          >
            {preview ? (
              <img src={preview} alt="" width={112} height={80} className="h-full w-full object-cover" />
            ) : (
              <span className="px-2 text-center text-xs text-ink-600">No picture yet</span>
            )}
          </div>
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-file`} className={adminStyles.label}>
              Picture
            </label>
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept={PICTURE_TYPES.join(',')}
              aria-describedby={`${id}-file-hint ${id}-status${fileError ? ` ${id}-file-error` : ''}`}
              aria-invalid={fileError ? true : undefined}
              onChange={(event) => {
                const chosen = event.currentTarget.files?.[0]
                if (chosen) void upload(chosen)
              }}
              className="mt-1 block w-full min-w-0 text-sm text-ink-900 file:mr-3 file:rounded-md file:border file:border-ink-500 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink-900 hover:file:bg-cream-100"
            />
            <p id={`${id}-file-hint`} className={adminStyles.hint}>
              JPEG, PNG, WebP or GIF, up to 5 MB.
            </p>
            <p id={`${id}-status`} role="status" className="text-sm text-ink-700">
              {status === 'uploading' ? 'Uploading…' : status === 'done' ? 'Picture uploaded.' : ''}
            </p>
            {fileError ? (
              <p id={`${id}-file-error`} className={adminStyles.error}>
                {fileError}
              </p>
            ) : null}
          </div>
        </div>
        <PictureTextFields alt={fields.alt} caption={fields.caption} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            className={`${adminStyles.secondary} min-h-11`}
            onClick={() => dialogRef.current?.close()}
          >
            Cancel
          </button>
          <button type="submit" className={`${adminStyles.primary} min-h-11`}>
            Insert picture
          </button>
        </div>
      </form>
    </dialog>
  )
}
