import { Field } from '~/components/forms'
import type { Brand } from '~/db/types'
import { BRAND_LOGO_FILE_FIELD, BrandSchema } from '~/schemas/brand'

import { ImageUploadField } from './ImageUploadField'
import { RecordForm, requiredLabel } from './RecordForm'
import { RECORD_UPLOAD_TEXTS, type RecordActionData, useRecordForm } from './useRecordForm'

/** What the brand actions answer when they do not redirect: 'Error creating brand' / 'Error updating brand' with the server message. */
export type BrandActionData = RecordActionData

/**
 * The add/edit brand form, the same in the dialog (with JavaScript) and on its
 * own page (without): a multipart form posting to `action`.
 */
export function BrandForm({
  action,
  brand,
  lastResult,
  submitLabel,
  onCancel,
  cancelHref = '/admin/brands',
}: {
  action: string
  brand?: Brand
  /** The page's own actionData (no-JavaScript round trip). */
  lastResult?: BrandActionData
  submitLabel: string
  /** In the dialog: close it. On a page: a link back to the list. */
  onCancel?: () => void
  cancelHref?: string
}) {
  const record = useRecordForm({
    id: brand ? `brand-${brand.id}` : 'brand-new',
    lastResult,
    schema: BrandSchema,
    defaultValue: brand
      ? {
          name: brand.name,
          logo_url: brand.logo_url,
          site_url: brand.site_url ?? '',
          is_featured: brand.is_featured ? 'on' : '',
          sort_order: String(brand.sort_order),
        }
      : { is_featured: 'on', sort_order: '0' },
  })
  const { form, fields } = record
  const initialLogo = record.initialImage('logo_url', brand?.logo_url)

  return (
    <RecordForm
      record={record}
      action={action}
      sortOrder={fields.sort_order}
      toggle={{ field: fields.is_featured, label: 'Featured' }}
      submitLabel={submitLabel}
      onCancel={onCancel}
      cancelHref={cancelHref}
    >
      <Field field={fields.name} label={requiredLabel('Name')} />

      <ImageUploadField
        key={`${form.id}-${initialLogo}`}
        bucket="brands"
        name="logo_url"
        fileName={BRAND_LOGO_FILE_FIELD}
        defaultUrl={initialLogo}
        label="Logo"
        urlLabel="Logo URL"
        messages={RECORD_UPLOAD_TEXTS}
        successMessage="Image uploaded successfully"
        errors={fields.logo_url.errors}
        required
        preview="logo"
        hint="Works best: a wide logo (about twice as wide as tall) on a transparent or white background. Empty margins are trimmed on upload and the logo is fitted into the same box as every other; the preview shows how it will look. JPEG, PNG, WebP or GIF up to 5 MB, or paste the logo's address."
      />

      <Field field={fields.site_url} label="Website URL" type="url" placeholder="https://example.com" />
    </RecordForm>
  )
}
