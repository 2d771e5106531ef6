import { getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type MouseEvent, type ReactNode, useState } from 'react'
import { Form, useNavigation } from 'react-router'

import { Field, withoutKey } from '~/components/forms'
import { STORE_KEYS, type StoreKey } from '~/db/types'
import { followsAddress, MAP_LINK_KEYS, type MapLinkKey } from '~/lib/map-links'
import { DAY_NAMES, formatClock, sameEveryDay } from '~/lib/store-hours'
import type { SiteSettings } from '~/schemas/settings'
import { closesAfterMidnight, copyMondayValue, HOURS_SHORTCUT, SettingsFormSchema } from '~/schemas/settings-form'
import { WEEKDAYS } from '~/schemas/weekdays'

import { adminStyles } from './adminStyles'

/** Headings of the parts of a store's group. */
const subheading = 'font-display text-base font-semibold text-ink-900'

const STORE_LINKS = [
  { key: 'maps_url', label: 'Maps link', hint: 'Opens the store in a maps app.' },
  { key: 'map_embed_url', label: 'Map embed link', hint: 'The map shown on the locations page.' },
  { key: 'directions_url', label: 'Directions link', hint: "Used by the 'Get Directions' buttons." },
  { key: 'website_url', label: 'Website', hint: 'Optional; the partner store shows a link to it.' },
  { key: 'review_url', label: 'Review link', hint: 'Where patients write a review.' },
  { key: 'listing_url', label: 'Listing link', hint: "The store's page on a cannabis listing service." },
] as const

/** The form's starting values: the settings, plus the ticks that shape the hours (not stored). */
function formDefaults(settings: SiteSettings) {
  const store = (key: StoreKey) => {
    const facts = settings.stores[key]
    const hours = Object.fromEntries(
      WEEKDAYS.map((day) => [day, { ...facts.hours[day], overnight: closesAfterMidnight(facts.hours[day]) }]),
    )
    return { ...facts, hours, same_every_day: sameEveryDay(facts.hours) }
  }
  return { ...settings, stores: { Lindsey: store('Lindsey'), BlueWater: store('BlueWater') } }
}

const HOUR_PARTS = ['opens', 'closes', 'closed', 'overnight'] as const

/** Whether a map link follows the street address, in the words under the field. */
function linkNote(key: string, value: string): string {
  if (!(MAP_LINK_KEYS as readonly string[]).includes(key)) return ''
  return followsAddress(key as MapLinkKey, value)
    ? 'Made from the street address: it follows the address when that changes.'
    : 'Fixed by hand: it stays as typed when the address changes (empty it to make it from the address again).'
}

/** "Copy Monday to all days" with JavaScript: the rows change at once (without it, the server fills them in). */
function copyMondayInPage(event: MouseEvent<HTMLButtonElement>, store: StoreKey): boolean {
  const form = event.currentTarget.form
  if (!form) return false
  event.preventDefault()
  const input = (day: string, part: string) =>
    form.elements.namedItem(`stores.${store}.hours.${day}.${part}`) as HTMLInputElement | null
  for (const day of WEEKDAYS.slice(1)) {
    for (const part of HOUR_PARTS) {
      const from = input('monday', part)
      const to = input(day, part)
      if (!from || !to) continue
      if (to.type === 'checkbox') to.checked = from.checked
      else to.value = from.value
      to.dispatchEvent(new Event('input', { bubbles: true }))
      to.dispatchEvent(new Event('change', { bubbles: true }))
    }
  }
  return true
}

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
  copiedMonday,
}: {
  settings: SiteSettings
  lastResult: SubmissionResult<string[]> | undefined
  /** the store whose Monday was copied to every day by the server (the button pressed without JavaScript) */
  copiedMonday?: string
}) {
  const [copiedInPage, setCopiedInPage] = useState<string | undefined>()
  const copied = copiedInPage ?? copiedMonday
  const [form, fields] = useForm<ReturnType<typeof formDefaults>, SiteSettings>({
    id: 'settings',
    lastResult,
    defaultValue: formDefaults(settings),
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
      {/* Enter in a field saves (the first submit button is the one Enter presses, not a shortcut's). */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
        Save settings
      </button>
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

            <fieldset data-hours className="min-w-0 sm:col-span-2">
              <legend className={subheading}>Opening hours</legend>
              <p className={adminStyles.hint}>
                Pick each time as the clock shows it, such as 9:00 AM or 10:00 PM. A closing time of 12:00 AM means the
                store closes at midnight.
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-900">
                  <input
                    {...withoutKey(getInputProps(facts.same_every_day, { type: 'checkbox', ariaAttributes: false }))}
                    key={facts.same_every_day.key}
                    data-same-hours
                    className="size-4 accent-brand-800"
                  />
                  Same hours every day
                </label>
                <button
                  type="submit"
                  name={HOURS_SHORTCUT}
                  value={copyMondayValue(store)}
                  formNoValidate
                  onClick={(event) => {
                    if (copyMondayInPage(event, store)) setCopiedInPage(store)
                  }}
                  className={`${adminStyles.secondary} min-h-11 [[data-hours]:has([data-same-hours]:checked)_&]:hidden`}
                >
                  Copy Monday to all days
                </button>
              </div>
              <p role="status" className="mt-1 text-sm font-medium text-brand-800">
                {copied === store ? 'Monday’s hours copied to every day. Save settings to keep them.' : ''}
              </p>
              <div className="mt-2 divide-y divide-cream-200 rounded-md border border-cream-300">
                {WEEKDAYS.map((day) => {
                  const dayFields = hours[day]
                  const { opens, closes, closed, overnight } = dayFields.getFieldset()
                  const dayErrors = [...(opens.errors ?? []), ...(closes.errors ?? [])]
                  const dayErrorId = `${dayFields.id}-error`
                  const timeProps = (field: typeof opens) => ({
                    ...withoutKey(getInputProps(field, { type: 'time', ariaAttributes: false })),
                    key: field.key,
                    'aria-invalid': field.errors?.length ? true : undefined,
                    'aria-describedby': field.errors?.length ? dayErrorId : undefined,
                  })
                  // A closing time at or before the opening time: ask whether the store closes after midnight.
                  const asks =
                    closed.value !== 'on' &&
                    closesAfterMidnight({ opens: String(opens.value ?? ''), closes: String(closes.value ?? '') })
                  const { key: opensKey, ...opensProps } = timeProps(opens)
                  const { key: closesKey, ...closesProps } = timeProps(closes)
                  return (
                    <div
                      key={day}
                      className={`grid grid-cols-2 items-center gap-2 px-3 py-2 sm:grid-cols-[8rem_10rem_10rem_auto] ${
                        // A row with a problem stays in view even while Monday stands for the week.
                        day === 'monday' || dayErrors.length
                          ? ''
                          : '[[data-hours]:has([data-same-hours]:checked)_&]:hidden'
                      }`}
                    >
                      <span className="col-span-2 text-sm font-semibold text-ink-900 sm:col-span-1">
                        {day === 'monday' ? (
                          <>
                            <span className="[[data-hours]:has([data-same-hours]:checked)_&]:hidden">Monday</span>
                            <span className="hidden [[data-hours]:has([data-same-hours]:checked)_&]:inline">
                              Every day
                            </span>
                          </>
                        ) : (
                          DAY_NAMES[day]
                        )}
                      </span>
                      <label className="text-xs text-ink-700">
                        Opens
                        <input
                          key={opensKey}
                          {...opensProps}
                          className={`${adminStyles.input} mt-0.5 min-w-0 px-2 py-1 text-sm`}
                        />
                      </label>
                      <label className="text-xs text-ink-700">
                        Closes
                        <input
                          key={closesKey}
                          {...closesProps}
                          className={`${adminStyles.input} mt-0.5 min-w-0 px-2 py-1 text-sm`}
                        />
                      </label>
                      <label className="col-span-2 inline-flex items-center gap-2 text-sm sm:col-span-1">
                        <input
                          {...withoutKey(getInputProps(closed, { type: 'checkbox', ariaAttributes: false }))}
                          key={closed.key}
                          className="size-4 accent-brand-800"
                        />
                        Closed all day
                      </label>
                      <label
                        className={`col-span-2 items-center gap-2 text-sm font-medium text-ink-900 sm:col-span-4 ${
                          asks ? 'inline-flex' : 'hidden'
                        }`}
                      >
                        <input
                          {...withoutKey(getInputProps(overnight, { type: 'checkbox', ariaAttributes: false }))}
                          key={overnight.key}
                          className="size-4 accent-brand-800"
                        />
                        Closes after midnight
                        {asks ? (
                          <span className="font-normal text-ink-700">
                            ({formatClock(String(closes.value))} the next morning)
                          </span>
                        ) : null}
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
                  <Field
                    key={link.key}
                    field={facts[link.key]}
                    label={link.label}
                    type="url"
                    hint={
                      <>
                        {link.hint} {linkNote(link.key, String(facts[link.key].value ?? ''))}
                      </>
                    }
                  />
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
