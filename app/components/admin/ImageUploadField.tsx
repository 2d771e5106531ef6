import { useEffect, useId, useRef, useState } from 'react'

import { showToast } from '~/components/ui/Toaster'
import type { UploadBucketName, UploadMessages } from '~/lib/record-lists'

import { adminStyles } from './adminStyles'

const MAX_BYTES = 5 * 1024 * 1024
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'

/**
 * An image field: the image's URL (a text input, or hidden), a file chooser and
 * a preview. With JavaScript the chosen file is shown at once, uploaded to
 * `/admin/uploads/{bucket}` and its URL filled in before the form is saved.
 * Without JavaScript the file simply travels with the form (which must be
 * `encType="multipart/form-data"`; the action reads it with
 * `readFormWithImage({ fileField: fileName })`).
 */
export function ImageUploadField({
  bucket,
  name,
  fileName = `${name}_file`,
  defaultUrl,
  label,
  urlLabel = 'Image URL',
  urlInput = 'text',
  messages,
  successMessage,
  errors,
  required = false,
  hint,
  preview = 'photo',
}: {
  bucket: UploadBucketName
  /** Name of the URL field the form saves (e.g. `image_url`). */
  name: string
  /** Name of the file input (default `${name}_file`). */
  fileName?: string
  defaultUrl?: string | null
  /** Label of the file chooser, e.g. 'Image'. */
  label: string
  urlLabel?: string
  urlInput?: 'text' | 'hidden'
  messages: UploadMessages
  /** Toast after a successful upload with JavaScript, e.g. 'Image uploaded successfully'. */
  successMessage?: string
  /** Server or client validation errors of the URL field. */
  errors?: string[]
  required?: boolean
  hint?: string
  /** 'logo': the preview is the 2:1 box the public pages show a brand logo in, with the uploaded result in it */
  preview?: 'photo' | 'logo'
}) {
  const id = useId()
  const urlId = `${id}-url`
  const fileId = `${id}-file`
  const statusId = `${id}-status`
  const errorId = `${id}-error`
  const fileRef = useRef<HTMLInputElement>(null)
  const [url, setUrl] = useState(defaultUrl ?? '')
  const [localPreview, setLocalPreview] = useState<string | null>(null)
  const [status, setStatus] = useState<'idle' | 'uploading' | 'done'>('idle')
  const [uploadError, setUploadError] = useState<string | null>(null)

  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview)
    },
    [localPreview],
  )

  const previewSrc = localPreview ?? (url.trim() !== '' ? url.trim() : null)
  const shownErrors = [uploadError, ...(errors ?? [])].filter((e): e is string => Boolean(e))

  function fail(message: string) {
    setUploadError(message)
    setStatus('idle')
    setLocalPreview(null)
    if (fileRef.current) fileRef.current.value = ''
    showToast({ type: 'error', title: message })
  }

  async function onFileChange(file: File | undefined) {
    setUploadError(null)
    if (!file) {
      setLocalPreview(null)
      return
    }
    if (file.size > MAX_BYTES) return fail(messages.tooLarge)
    if (file.type && !ACCEPT.split(',').includes(file.type)) return fail(messages.badType)
    setLocalPreview(URL.createObjectURL(file))
    setStatus('uploading')
    const body = new FormData()
    body.append('file', file)
    try {
      const response = await fetch(`/admin/uploads/${bucket}`, {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      })
      const result = (await response.json().catch(() => null)) as { url?: string; error?: string } | null
      if (!response.ok || !result?.url) return fail(result?.error || messages.failed)
      setUrl(result.url)
      // Show what was stored (a logo trimmed of its margins), not the file as chosen.
      setLocalPreview(null)
      setStatus('done')
      // The file is stored: do not send its bytes again with the form.
      if (fileRef.current) fileRef.current.value = ''
      if (successMessage) showToast({ type: 'success', title: successMessage })
    } catch {
      fail(messages.failed)
    }
  }

  const describedBy = [hint ? `${id}-hint` : null, shownErrors.length ? errorId : null, statusId]
    .filter(Boolean)
    .join(' ')

  return (
    <fieldset className="min-w-0 rounded-md border border-cream-300 p-3">
      <legend className="px-1 text-sm font-medium text-ink-900">
        {label}
        {required ? <span className="text-danger-700"> (required)</span> : null}
      </legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div
          className={`flex shrink-0 items-center justify-center overflow-hidden rounded border border-cream-300 ${
            preview === 'logo' ? 'aspect-[2/1] w-48 bg-cream-50 p-3' : 'h-24 w-40 bg-cream-100'
          }`}
          aria-busy={status === 'uploading'}
        >
          {previewSrc ? (
            <img
              src={previewSrc}
              alt={`Preview of the chosen ${label.toLowerCase()}`}
              width={preview === 'logo' ? 192 : 160}
              height={96}
              className="h-full w-full object-contain"
            />
          ) : (
            <span className="px-2 text-center text-xs text-ink-600">No image yet</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          {urlInput === 'text' ? (
            <div>
              <label htmlFor={urlId} className={adminStyles.label}>
                {urlLabel}
              </label>
              <input
                id={urlId}
                name={name}
                type="text"
                inputMode="url"
                value={url}
                onChange={(event) => {
                  setUrl(event.target.value)
                  setLocalPreview(null)
                }}
                aria-invalid={shownErrors.length > 0 || undefined}
                aria-describedby={describedBy || undefined}
                className={adminStyles.input}
                placeholder="/uploads/… or https://…"
              />
            </div>
          ) : (
            <input type="hidden" name={name} value={url} />
          )}
          <div>
            <label htmlFor={fileId} className={adminStyles.label}>
              Upload an image
            </label>
            <input
              ref={fileRef}
              id={fileId}
              name={fileName}
              type="file"
              accept={ACCEPT}
              onChange={(event) => void onFileChange(event.target.files?.[0])}
              aria-describedby={describedBy || undefined}
              className="mt-1 block w-full min-w-0 text-sm text-ink-900 file:mr-3 file:rounded-md file:border file:border-ink-500 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink-900 hover:file:bg-cream-100"
            />
            <p id={hint ? `${id}-hint` : undefined} className={adminStyles.hint}>
              {hint ?? 'JPEG, PNG, WebP or GIF, up to 5 MB.'}
            </p>
          </div>
          {urlInput === 'hidden' && url ? (
            <button
              type="button"
              className={adminStyles.smallLink}
              onClick={() => {
                setUrl('')
                setLocalPreview(null)
              }}
            >
              Remove image
            </button>
          ) : null}
          <p id={statusId} role="status" className="text-sm text-ink-700">
            {status === 'uploading' ? 'Uploading…' : status === 'done' ? 'Image uploaded.' : ''}
          </p>
          {shownErrors.length ? (
            <p id={errorId} className={adminStyles.error}>
              {shownErrors[0]}
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  )
}
