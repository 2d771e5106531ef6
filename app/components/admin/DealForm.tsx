import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { showToast } from '~/components/ui/Toaster'
import type { DealSlide } from '~/db/types'
import { DEAL_IMAGE_FILE_FIELD, DealSchema } from '~/schemas/deal'
import { adminStyles } from './adminStyles'
import { ImageUploadField } from './ImageUploadField'
import { FormActions } from './FormActions'

/** What the deal actions answer when they do not redirect. */
export interface DealActionData {
  result: SubmissionResult<string[]>
  /** The failure toast: the server message, or 'Failed to create deal' / 'Failed to update deal'. */
  failure?: { title: string }
}

export const DEAL_UPLOAD_TEXTS = {
  tooLarge: 'Image must be less than 5MB',
  badType: 'Only JPEG, PNG, WebP, and GIF images are allowed',
  failed: 'Failed to upload image',
}

function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, 'key'> {
  const { key: _key, ...rest } = props
  return rest
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className={adminStyles.error}>
      {errors[0]}
    </p>
  ) : null
}

/**
 * The add/edit deal form, the same in the dialog (with JavaScript) and on its
 * own page (without): a multipart form posting to `action`.
 */
export function DealForm({
  action,
  deal,
  lastResult,
  submitLabel,
  onCancel,
  cancelHref = '/admin/deals',
}: {
  action: string
  deal?: DealSlide
  lastResult?: DealActionData
  submitLabel: string
  onCancel?: () => void
  cancelHref?: string
}) {
  const fetcher = useFetcher<DealActionData>()
  const answer = fetcher.data ?? lastResult
  const [form, fields] = useForm({
    id: deal ? `deal-${deal.id}` : 'deal-new',
    lastResult: answer?.result,
    defaultValue: deal
      ? {
          title: deal.title,
          description: deal.description ?? '',
          image_url: deal.image_url ?? '',
          start_date: deal.start_date ?? '',
          end_date: deal.end_date ?? '',
          is_active: deal.is_active ? 'on' : '',
          sort_order: String(deal.sort_order),
        }
      : { is_active: 'on', sort_order: '0' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DealSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  useEffect(() => {
    if (fetcher.data?.failure) showToast({ type: 'error', title: fetcher.data.failure.title })
  }, [fetcher.data])

  const failure = answer?.failure
  const busy = fetcher.state !== 'idle'
  // What was sent comes back as typed; a field sent twice comes back as a list, which no input can show.
  const echoed = answer?.result.initialValue?.image_url
  const initialImage = typeof echoed === 'string' ? echoed : (deal?.image_url ?? '')

  return (
    <fetcher.Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-4"
    >
      {failure ? (
        <p role="alert" className="rounded-md border border-danger-600 bg-danger-50 p-3 font-semibold text-danger-700">
          {failure.title}
        </p>
      ) : null}

      <div>
        <label htmlFor={fields.title.id} className={adminStyles.label}>
          Title <span className="text-danger-700">(required)</span>
        </label>
        <input
          {...withoutKey(getInputProps(fields.title, { type: 'text' }))}
          className={adminStyles.input}
          autoComplete="off"
        />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} />
      </div>

      <div>
        <label htmlFor={fields.description.id} className={adminStyles.label}>
          Description
        </label>
        <textarea {...withoutKey(getTextareaProps(fields.description))} rows={3} className={adminStyles.input} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>

      <ImageUploadField
        key={`${form.id}-${initialImage}`}
        bucket="deals"
        name="image_url"
        fileName={DEAL_IMAGE_FILE_FIELD}
        defaultUrl={initialImage}
        label="Image"
        urlLabel="Image URL"
        messages={DEAL_UPLOAD_TEXTS}
        successMessage="Image uploaded successfully"
        errors={fields.image_url.errors}
        hint="Optional. The page prints the title and description beside the picture, so leave words out of the image. Without an image the slide is a green card with a gift icon and the title in large type. A wide picture (2:1) fits best; JPEG, PNG, WebP or GIF, up to 5 MB."
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.start_date.id} className={adminStyles.label}>
            Start date
          </label>
          <input {...withoutKey(getInputProps(fields.start_date, { type: 'date' }))} className={adminStyles.input} />
          <FieldError id={fields.start_date.errorId} errors={fields.start_date.errors} />
        </div>
        <div>
          <label htmlFor={fields.end_date.id} className={adminStyles.label}>
            End date
          </label>
          <input {...withoutKey(getInputProps(fields.end_date, { type: 'date' }))} className={adminStyles.input} />
          <FieldError id={fields.end_date.errorId} errors={fields.end_date.errors} />
        </div>
      </div>
      <p className={adminStyles.hint}>
        Leave a date empty for an open start or end. Dates are store days (Norman, OK).
      </p>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.sort_order.id} className={adminStyles.label}>
            Sort order
          </label>
          <input
            {...withoutKey(getInputProps(fields.sort_order, { type: 'number' }))}
            step={1}
            className={adminStyles.input}
          />
          {fields.sort_order.errors ? (
            <FieldError id={fields.sort_order.errorId} errors={fields.sort_order.errors} />
          ) : (
            <p className={adminStyles.hint}>Lower numbers come first.</p>
          )}
        </div>
        <div className="flex items-center gap-2 sm:pt-7">
          <input
            {...withoutKey(getInputProps(fields.is_active, { type: 'checkbox' }))}
            className="h-5 w-5 rounded border-ink-500 accent-brand-800"
          />
          <label htmlFor={fields.is_active.id} className="text-sm font-medium text-ink-900">
            Active
          </label>
        </div>
      </div>

      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
