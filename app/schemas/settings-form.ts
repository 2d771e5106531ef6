import { linksFollowingAddress } from '~/lib/map-links'
import { formatClock } from '~/lib/store-hours'
import { type DayHours, DayHoursSchema, SettingsSchema, StoreSchema } from '~/schemas/settings'

import { type Weekday, WEEKDAYS } from './weekdays'
import { z } from './z'

/**
 * SettingsSchema as the admin form submits it. Beyond the stored record, the
 * form carries a few answers that shape it and are not stored:
 * - a day's "Closes after midnight" tick: a closing time not after the
 *   opening time (22:00 – 09:00) is refused unless staff confirm the store
 *   closes after midnight (12:00 AM alone always means midnight);
 * - a store's "Same hours every day" tick: Monday's hours go to every day;
 * - map links left empty, or in the shape made from an address, are rebuilt
 *   from the store's address (lib/map-links.ts); hand-set ones stay.
 * Conform turns an empty field into undefined, so the optional website and
 * map links read undefined as ''.
 */

/** Whether a day's closing time comes at or before its opening time (midnight, 00:00, aside). */
export function closesAfterMidnight(day: { opens?: string; closes?: string }): boolean {
  if (!day.opens || !day.closes || day.closes === '00:00') return false
  return day.closes <= day.opens
}

export function overnightQuestion(day: { opens: string; closes: string }): string {
  return `Closes at ${formatClock(day.closes)}, not after it opens at ${formatClock(day.opens)}. If the store closes after midnight, tick “Closes after midnight”; otherwise correct the time.`
}

const DayFormSchema = DayHoursSchema.extend({ overnight: z.boolean().default(false) })

const optionalLink = z.union([z.literal(''), StoreSchema.shape.maps_url]).optional()

const StoreFormSchema = StoreSchema.extend({
  website_url: StoreSchema.shape.website_url.optional().transform((value) => value ?? ''),
  maps_url: optionalLink.transform((value) => value ?? ''),
  map_embed_url: optionalLink.transform((value) => value ?? ''),
  directions_url: optionalLink.transform((value) => value ?? ''),
  hours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, DayFormSchema])) as Record<Weekday, typeof DayFormSchema>),
  same_every_day: z.boolean().default(false),
})
  .superRefine((store, ctx) => {
    // With "Same hours every day" ticked, Monday's row stands for the week (the other rows are hidden).
    for (const day of store.same_every_day ? (['monday'] as const) : WEEKDAYS) {
      const hours = store.hours[day]
      if (hours.closed || hours.overnight || !closesAfterMidnight(hours)) continue
      ctx.addIssue({ code: 'custom', path: ['hours', day, 'closes'], message: overnightQuestion(hours) })
    }
  })
  .transform(({ same_every_day, hours, ...store }) => {
    const week = Object.fromEntries(
      WEEKDAYS.map((day) => {
        const { overnight: _overnight, ...kept } = hours[same_every_day ? 'monday' : day]
        return [day, kept]
      }),
    ) as Record<Weekday, DayHours>
    return linksFollowingAddress({ ...store, hours: week })
  })

export const SettingsFormSchema = SettingsSchema.extend({
  stores: z.object({ Lindsey: StoreFormSchema, BlueWater: StoreFormSchema }),
})

/** The name and values of the "Copy Monday to all days" buttons (one per store). */
export const HOURS_SHORTCUT = 'hours_shortcut'
export const copyMondayValue = (store: string) => `copy-monday:${store}`

/**
 * A shortcut button pressed without JavaScript: the form as posted, with
 * Monday's hours copied to the other days of that store, to show again
 * unsaved (with JavaScript the button does this at once in the page). Null
 * when the post is a plain save.
 */
export function applyHoursShortcut(formData: FormData): { formData: FormData; store: string } | null {
  const pressed = formData.get(HOURS_SHORTCUT)
  const store = typeof pressed === 'string' ? /^copy-monday:(Lindsey|BlueWater)$/.exec(pressed)?.[1] : undefined
  if (!store) return null
  const next = new FormData()
  for (const [name, value] of formData) if (name !== HOURS_SHORTCUT) next.append(name, value)
  const field = (day: Weekday, part: string) => `stores.${store}.hours.${day}.${part}`
  for (const day of WEEKDAYS.slice(1)) {
    for (const part of ['opens', 'closes', 'closed', 'overnight']) {
      next.delete(field(day, part))
      const monday = formData.get(field('monday', part))
      if (monday !== null) next.set(field(day, part), monday)
    }
  }
  return { formData: next, store }
}
