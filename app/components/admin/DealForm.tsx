import { getFormProps } from '@conform-to/react'

import { CheckboxField, Field, TextareaField } from '~/components/forms'
import type { DealSlide } from '~/db/types'
import { DEAL_IMAGE_FILE_FIELD, DealSchema } from '~/schemas/deal'

import { adminStyles } from './adminStyles'
import { FormActions } from './FormActions'
import { ImageUploadField } from './ImageUploadField'
import { RECORD_UPLOAD_TEXTS, type RecordActionData, useRecordForm } from './useRecordForm'

/** What the deal actions answer when they do not redirect: the server message, or 'Failed to create deal' / 'Failed to update deal'. */
export type DealActionData = RecordActionData

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
  const { fetcher, form, fields, failure, busy, initialImage } = useRecordForm({
    id: deal ? `deal-${deal.id}` : 'deal-new',
    lastResult,
    schema: DealSchema,
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
  })
  const initialImageUrl = initialImage('image_url', deal?.image_url)

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

      <Field
        field={fields.title}
        label={
          <>
            Title <span className="text-danger-700">(required)</span>
          </>
        }
      />
      <TextareaField field={fields.description} label="Description" rows={3} />

      <ImageUploadField
        key={`${form.id}-${initialImageUrl}`}
        bucket="deals"
        name="image_url"
        fileName={DEAL_IMAGE_FILE_FIELD}
        defaultUrl={initialImageUrl}
        label="Image"
        urlLabel="Image URL"
        messages={RECORD_UPLOAD_TEXTS}
        successMessage="Image uploaded successfully"
        errors={fields.image_url.errors}
        hint="Optional. The page prints the title and description beside the picture, so leave words out of the image. Without an image the slide is a green card with a gift icon and the title in large type. A wide picture (2:1) fits best; JPEG, PNG, WebP or GIF, up to 5 MB."
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.start_date} label="Start date" type="date" />
        <Field field={fields.end_date} label="End date" type="date" />
      </div>
      <p className={adminStyles.hint}>
        Leave a date empty for an open start or end. Dates are store days (Norman, OK).
      </p>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.sort_order} label="Sort order" type="number" step={1} hint="Lower numbers come first." />
        <CheckboxField field={fields.is_active} label="Active" className="flex items-center gap-2 sm:pt-7" />
      </div>

      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
