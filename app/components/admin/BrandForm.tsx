import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { showToast } from '~/components/ui/Toaster'
import type { Brand } from '~/db/types'
import { BRAND_LOGO_FILE_FIELD, BrandSchema } from '~/schemas/brand'
import { adminStyles } from './adminStyles'
import { ImageUploadField } from './ImageUploadField'
import { FormActions } from './FormActions'

/** What the brand actions answer when they do not redirect. */
export interface BrandActionData {
  result: SubmissionResult<string[]>
  /** The failure toast: 'Error creating brand' / 'Error updating brand' with the server message. */
  failure?: { title: string; description: string }
}

export const BRAND_UPLOAD_TEXTS = {
  tooLarge: 'Image must be less than 5MB',
  badType: 'Only JPEG, PNG, WebP, and GIF images are allowed',
  failed: 'Failed to upload image',
}

function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, 'key'> {
  const { key: _key, ...rest } = props
  return rest
}

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
  const fetcher = useFetcher<BrandActionData>()
  const answer = fetcher.data ?? lastResult
  const [form, fields] = useForm({
    id: brand ? `brand-${brand.id}` : 'brand-new',
    lastResult: answer?.result,
    defaultValue: brand
      ? {
          name: brand.name,
          logo_url: brand.logo_url,
          site_url: brand.site_url ?? '',
          is_featured: brand.is_featured ? 'on' : '',
          sort_order: String(brand.sort_order),
        }
      : { is_featured: 'on', sort_order: '0' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BrandSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  useEffect(() => {
    if (fetcher.data?.failure) showToast({ type: 'error', ...fetcher.data.failure })
  }, [fetcher.data])

  const failure = answer?.failure
  const busy = fetcher.state !== 'idle'
  // What was sent comes back as typed; a field sent twice comes back as a list, which no input can show.
  const echoed = answer?.result.initialValue?.logo_url
  const initialLogo = typeof echoed === 'string' ? echoed : (brand?.logo_url ?? '')

  return (
    <fetcher.Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-4"
    >
      {failure ? (
        <div role="alert" className="rounded-md border border-danger-600 bg-danger-50 p-3 text-danger-700">
          <p className="font-semibold">{failure.title}</p>
          <p className="text-sm">{failure.description}</p>
        </div>
      ) : null}

      <div>
        <label htmlFor={fields.name.id} className={adminStyles.label}>
          Name <span className="text-danger-700">(required)</span>
        </label>
        <input
          {...withoutKey(getInputProps(fields.name, { type: 'text' }))}
          className={adminStyles.input}
          autoComplete="off"
        />
        {fields.name.errors ? (
          <p id={fields.name.errorId} className={adminStyles.error}>
            {fields.name.errors[0]}
          </p>
        ) : null}
      </div>

      <ImageUploadField
        key={`${form.id}-${initialLogo}`}
        bucket="brands"
        name="logo_url"
        fileName={BRAND_LOGO_FILE_FIELD}
        defaultUrl={initialLogo}
        label="Logo"
        urlLabel="Logo URL"
        messages={BRAND_UPLOAD_TEXTS}
        successMessage="Image uploaded successfully"
        errors={fields.logo_url.errors}
        required
        hint="Paste the logo's address, or upload a JPEG, PNG, WebP or GIF up to 5 MB."
      />

      <div>
        <label htmlFor={fields.site_url.id} className={adminStyles.label}>
          Website URL
        </label>
        <input
          {...withoutKey(getInputProps(fields.site_url, { type: 'url' }))}
          className={adminStyles.input}
          placeholder="https://example.com"
        />
        {fields.site_url.errors ? (
          <p id={fields.site_url.errorId} className={adminStyles.error}>
            {fields.site_url.errors[0]}
          </p>
        ) : null}
      </div>

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
            <p id={fields.sort_order.errorId} className={adminStyles.error}>
              {fields.sort_order.errors[0]}
            </p>
          ) : (
            <p className={adminStyles.hint}>Lower numbers come first.</p>
          )}
        </div>
        <div className="flex items-center gap-2 sm:pt-7">
          <input
            {...withoutKey(getInputProps(fields.is_featured, { type: 'checkbox' }))}
            className="h-5 w-5 rounded border-ink-500 accent-brand-800"
          />
          <label htmlFor={fields.is_featured.id} className="text-sm font-medium text-ink-900">
            Featured
          </label>
        </div>
      </div>

      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
