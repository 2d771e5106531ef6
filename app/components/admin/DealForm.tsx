import { Field, TextareaField } from '~/components/forms'
import type { DealSlide } from '~/db/types'
import { DEAL_IMAGE_FILE_FIELD, DealSchema } from '~/schemas/deal'

import { adminStyles } from './adminStyles'
import { ImageUploadField } from './ImageUploadField'
import { RecordForm, requiredLabel } from './RecordForm'
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
  const record = useRecordForm({
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
  const { form, fields } = record
  const initialImageUrl = record.initialImage('image_url', deal?.image_url)

  return (
    <RecordForm
      record={record}
      action={action}
      sortOrder={fields.sort_order}
      toggle={{ field: fields.is_active, label: 'Active' }}
      submitLabel={submitLabel}
      onCancel={onCancel}
      cancelHref={cancelHref}
    >
      <Field field={fields.title} label={requiredLabel('Title')} />
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
    </RecordForm>
  )
}
