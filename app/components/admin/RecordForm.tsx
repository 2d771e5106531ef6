import { type FormMetadata, getFormProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import type { FetcherWithComponents } from 'react-router'

import { type AnyField, CheckboxField, Field } from '~/components/forms'

import { adminStyles } from './adminStyles'
import { FormActions } from './FormActions'
import type { RecordActionData } from './useRecordForm'

/** A field's label with the red "(required)" after it. */
export function requiredLabel(text: string) {
  return (
    <>
      {text} <span className="text-danger-700">(required)</span>
    </>
  )
}

/**
 * The add or edit page of a list (what the list's dialog shows, on a page of
 * its own for a browser without JavaScript): the heading, the name of the
 * record being edited under it, and the form in a card.
 */
export function RecordFormPage({ heading, name, children }: { heading: string; name?: string; children: ReactNode }) {
  return (
    <main className={adminStyles.page}>
      <div className="mx-auto max-w-2xl">
        <h1 className={adminStyles.h1}>{heading}</h1>
        {name !== undefined && <p className="mt-1 text-sm text-ink-700">{name}</p>}
        <div className={`${adminStyles.card} mt-4`}>{children}</div>
      </div>
    </main>
  )
}

/**
 * The frame of the brand and deal forms (see useRecordForm): a multipart form
 * posting to `action`, the failure the server reported, the record's own
 * fields, then its sort order beside its on/off checkbox (Featured, Active)
 * and the Cancel and Save row.
 */
export function RecordForm<Values extends Record<string, unknown>>({
  record,
  action,
  sortOrder,
  toggle,
  submitLabel,
  onCancel,
  cancelHref,
  children,
}: {
  record: {
    fetcher: FetcherWithComponents<RecordActionData>
    form: FormMetadata<Values, string[]>
    failure?: RecordActionData['failure']
    busy: boolean
  }
  action: string
  sortOrder: AnyField
  toggle: { field: AnyField; label: string }
  submitLabel: string
  onCancel?: () => void
  cancelHref: string
  children: ReactNode
}) {
  const { fetcher, form, failure, busy } = record
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
          {failure.description ? <p className="text-sm">{failure.description}</p> : null}
        </div>
      ) : null}

      {children}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={sortOrder} label="Sort order" type="number" step={1} hint="Lower numbers come first." />
        <CheckboxField field={toggle.field} label={toggle.label} className="flex items-center gap-2 sm:pt-7" />
      </div>

      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
