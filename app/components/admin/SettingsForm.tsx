import { getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'

import { Field, withoutKey } from '~/components/forms'
import { STORE_KEYS } from '~/db/types'
import { DAY_NAMES } from '~/lib/store-hours'
import type { SiteSettings } from '~/schemas/settings'
import { SettingsFormSchema } from '~/schemas/settings-form'
import { WEEKDAYS } from '~/schemas/weekdays'

import { adminStyles } from './adminStyles'

/** Headings of the parts of a store's group. */
const subheading = 'font-display text-base font-semibold text-ink-900'

const STORE_LINKS = [
  { key: 'maps_url', label: 'Maps link', hint: 'Opens the store in a maps app.' },
  { key: 'map_embed_url', label: 'Map embed link', hint: 'The address of the map shown on the locations page.' },
  { key: 'directions_url', label: 'Directions link', hint: "Used by the 'Get Directions' buttons." },
  { key: 'website_url', label: 'Website', hint: 'Optional; the partner store shows a link to it.' },
  { key: 'review_url', label: 'Review link', hint: 'Where patients write a review.' },
  { key: 'listing_url', label: 'Listing link', hint: "The store's page on a cannabis listing service." },
] as const

/**
 * Store settings (brand name, phones, hours, links and ratings of both stores,
 * one record every page reads; see docs/decisions/store-facts.md): one form over
 * SettingsSchema, its nested parts as conform fieldsets (field names such as
 * `stores.Lindsey.hours.monday.opens`); server-validated, checked live with
 * JavaScript.
 */
export function SettingsForm({
  settings,
  lastResult,
}: {
  settings: SiteSettings
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm<SiteSettings>({
    id: 'settings',
    lastResult,
    defaultValue: settings,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: SettingsFormSchema })
    },
  })
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formAction === '/admin/settings'
  const social = fields.social.getFieldset()
  const stores = fields.stores.getFieldset()

  function group(title: string, children: ReactNode, key: string) {
    return (
      <fieldset key={key} id={`settings-group-${key}`} className={`${adminStyles.card} min-w-0 scroll-mt-4`}>
        <legend className="px-1 font-display text-lg font-semibold text-ink-900">{title}</legend>
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      </fieldset>
    )
  }

  const storeTitle = (store: (typeof STORE_KEYS)[number]) => `Store: ${settings.stores[store].name || store}`
  const sections = [
    { key: 'brand', title: 'Brand and contact' },
    { key: 'social', title: 'Social links' },
    ...STORE_KEYS.map((store) => ({ key: store, title: storeTitle(store) })),
  ]

  return (
    <Form
      method="post"
      id={form.id}
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      className="mt-4 space-y-6 [&_input]:scroll-mb-28"
    >
      <nav aria-label="Settings sections" className="text-sm">
        <ul className="flex flex-wrap gap-2">
          {sections.map((section) => (
            <li key={section.key}>
              <a
                href={`#settings-group-${section.key}`}
                className="inline-flex min-h-11 items-center rounded-full border border-cream-300 bg-white px-3 font-semibold text-brand-800 hover:bg-cream-100"
              >
                {section.title.replace(/^Store: /, '')}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {Object.keys(form.allErrors).length > 0 ? (
        <p
          role="alert"
          className="rounded-md border border-danger-600 bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700"
        >
          Some fields need attention; the settings are saved once they are fixed.
        </p>
      ) : null}

      {group(
        'Brand and contact',
        <>
          <Field
            field={fields.brand_name}
            label="Brand name"
            hint="Shown in the header, page titles, the age gate and the footer."
          />
          <Field field={fields.contact_email} label="Contact email" type="email" />
          <Field
            field={fields.live_menu_url}
            label="Live menu address"
            type="url"
            hint="The embedded menu on /live-menu."
            className="sm:col-span-2"
          />
        </>,
        'brand',
      )}

      {group(
        'Social links',
        <>
          <Field field={social.facebook} label="Facebook" type="url" />
          <Field field={social.instagram} label="Instagram" type="url" />
          <Field field={social.leafly} label="Leafly" type="url" />
          <Field field={social.weedmaps} label="Weedmaps" type="url" />
        </>,
        'social',
      )}

      {STORE_KEYS.map((store) => {
        const facts = stores[store].getFieldset()
        const hours = facts.hours.getFieldset()
        return group(
          storeTitle(store),
          <>
            <Field field={facts.name} label="Store name" />
            <Field field={facts.phone} label="Phone" type="tel" />
            <Field field={facts.street} label="Street" className="sm:col-span-2" />
            <Field field={facts.city} label="City" />
            <div className="grid grid-cols-2 gap-4">
              <Field field={facts.region} label="State" />
              <Field field={facts.postal_code} label="ZIP code" />
            </div>

            <fieldset className="min-w-0 sm:col-span-2">
              <legend className={subheading}>Opening hours</legend>
              <p className={adminStyles.hint}>
                Pick each time as the clock shows it, such as 9:00 AM or 10:00 PM. A closing time of 12:00 AM means the
                store closes at midnight.
              </p>
              <div className="mt-2 divide-y divide-cream-200 rounded-md border border-cream-300">
                {WEEKDAYS.map((day) => {
                  const dayFields = hours[day]
                  const { opens, closes, closed } = dayFields.getFieldset()
                  const dayErrors = [...(opens.errors ?? []), ...(closes.errors ?? [])]
                  const dayErrorId = `${dayFields.id}-error`
                  const timeProps = (field: typeof opens) => ({
                    ...withoutKey(getInputProps(field, { type: 'time', ariaAttributes: false })),
                    'aria-invalid': field.errors?.length ? true : undefined,
                    'aria-describedby': field.errors?.length ? dayErrorId : undefined,
                  })
                  return (
                    <div
                      key={day}
                      className="grid grid-cols-2 items-center gap-2 px-3 py-2 sm:grid-cols-[8rem_10rem_10rem_auto]"
                    >
                      <span className="col-span-2 text-sm font-semibold text-ink-900 sm:col-span-1">
                        {DAY_NAMES[day]}
                      </span>
                      <label className="text-xs text-ink-700">
                        Opens
                        <input
                          {...timeProps(opens)}
                          className={`${adminStyles.input} mt-0.5 min-w-0 px-2 py-1 text-sm`}
                        />
                      </label>
                      <label className="text-xs text-ink-700">
                        Closes
                        <input
                          {...timeProps(closes)}
                          className={`${adminStyles.input} mt-0.5 min-w-0 px-2 py-1 text-sm`}
                        />
                      </label>
                      <label className="col-span-2 inline-flex items-center gap-2 text-sm sm:col-span-1">
                        <input
                          {...withoutKey(getInputProps(closed, { type: 'checkbox', ariaAttributes: false }))}
                          className="size-4 accent-brand-800"
                        />
                        Closed all day
                      </label>
                      {dayErrors.length ? (
                        <p id={dayErrorId} className={`${adminStyles.error} col-span-2 sm:col-span-4`}>
                          {DAY_NAMES[day]}: {dayErrors.join(' ')}
                        </p>
                      ) : null}
                    </div>
                  )
                })}
              </div>
            </fieldset>

            <fieldset className="min-w-0 sm:col-span-2">
              <legend className={subheading}>Maps and links</legend>
              <div className="mt-2 grid gap-4 sm:grid-cols-2">
                {STORE_LINKS.map((link) => (
                  <Field key={link.key} field={facts[link.key]} label={link.label} type="url" hint={link.hint} />
                ))}
              </div>
            </fieldset>

            <fieldset className="min-w-0 sm:col-span-2">
              <legend className={subheading}>Overall rating</legend>
              <p className={adminStyles.hint}>
                As a review page shows it; the reviews page repeats these figures with a link to that page.
              </p>
              <div className="mt-2 grid gap-4 sm:grid-cols-2">
                <Field field={facts.rating} label="Rating out of 5" inputMode="decimal" hint="For example 4.9." />
                <Field field={facts.review_count} label="Number of reviews" inputMode="numeric" />
                <Field
                  field={facts.rating_source_url}
                  label="Rating source page"
                  type="url"
                  hint="The page where patients can read these reviews."
                  className="sm:col-span-2"
                />
              </div>
            </fieldset>
          </>,
          store,
        )
      })}

      {/* Save stays in reach at the bottom of the screen while any part of the long form is in view. */}
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 rounded-t-lg border border-cream-300 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)]">
        <button type="submit" className={`${adminStyles.primary} min-h-11`} disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </Form>
  )
}
