import type { StoreKey } from '~/db/types'
import type { DayHours, SiteSettings, StoreFacts } from '~/schemas/settings'
import { type Weekday, WEEKDAYS } from '~/schemas/weekdays'

import { formatPhone } from './tel-href'

/** Sunday-first order, the way US stores print their hours. */
const WEEK_FROM_SUNDAY: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
]

const SHORT_DAY: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
}

/** Full day names, as schema.org's openingHours and the settings form write them. */
export const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
}

export type WeekHours = Record<Weekday, DayHours>

/** '09:00' → '9 AM', '21:30' → '9:30 PM', '00:00' → '12 AM', '12:00' → '12 PM'. */
export function formatClock(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm)
  if (!match) return hhmm
  const hours = Number(match[1]) % 24
  const minutes = match[2]
  const suffix = hours < 12 ? 'AM' : 'PM'
  const twelve = hours % 12 === 0 ? 12 : hours % 12
  return minutes === '00' ? `${twelve} ${suffix}` : `${twelve}:${minutes} ${suffix}`
}

/** '9 AM – 10 PM', or 'Closed'. */
export function formatDayHours(day: DayHours): string {
  return day.closed ? 'Closed' : `${formatClock(day.opens)} – ${formatClock(day.closes)}`
}

function sameHours(a: DayHours, b: DayHours): boolean {
  if (a.closed || b.closed) return a.closed === b.closed
  return a.opens === b.opens && a.closes === b.closes
}

/** Whether the store keeps Monday's hours every day of the week (a closed day's times do not matter). */
export function sameEveryDay(week: WeekHours): boolean {
  return WEEKDAYS.every((d) => sameHours(week[d], week.monday))
}

export interface HoursGroup {
  /** 'Daily', 'Sun–Thu', 'Fri–Sat', 'Wed', 'Mon, Wed–Fri' */
  days: string
  /** '9 AM – 10 PM' or 'Closed' */
  hours: string
}

interface Run {
  first: Weekday
  last: Weekday
  /** Where the run sits in a Monday-first week (a run that takes in Sunday and Monday counts as Monday's). */
  order: number
}

const runLabel = (run: Run) =>
  run.first === run.last ? SHORT_DAY[run.first] : `${SHORT_DAY[run.first]}–${SHORT_DAY[run.last]}`

/**
 * The week's hours grouped the way a shop door writes them:
 * - every day alike is one group, 'Daily';
 * - otherwise runs of consecutive days with the same hours, Monday first;
 *   a lone Sunday with Monday's hours joins Monday's run ('Sun–Thu');
 * - runs with the same hours share a group ('Mon, Wed–Fri');
 * - open groups come in the order of their first day, closed days last.
 * So: 'Mon–Sat 9 AM – 9 PM · Sun closed', 'Sun–Thu 9 AM – 10 PM · Fri–Sat 9 AM – 12 AM'.
 */
export function groupHours(week: WeekHours): HoursGroup[] {
  if (sameEveryDay(week)) return [{ days: 'Daily', hours: formatDayHours(week.monday) }]
  const runs: Run[] = []
  WEEKDAYS.forEach((day, index) => {
    const current = runs[runs.length - 1]
    if (current && sameHours(week[current.last], week[day])) current.last = day
    else runs.push({ first: day, last: day, order: index })
  })
  const sunday = runs[runs.length - 1]
  if (runs.length > 1 && sunday.first === 'sunday' && sameHours(week.sunday, week.monday)) {
    runs.pop()
    runs[0].first = 'sunday'
  }
  const groups = new Map<string, Run[]>()
  for (const run of runs) {
    const hours = formatDayHours(week[run.last])
    groups.set(hours, [...(groups.get(hours) ?? []), run])
  }
  return [...groups.entries()]
    .sort(([hoursA, runsA], [hoursB, runsB]) => {
      const closedA = hoursA === 'Closed' ? 1 : 0
      const closedB = hoursB === 'Closed' ? 1 : 0
      return closedA - closedB || runsA[0].order - runsB[0].order
    })
    .map(([hours, sameRuns]) => ({ days: sameRuns.map(runLabel).join(', '), hours }))
}

/** 'Daily 9 AM – 10 PM' or 'Sun–Thu 9 AM – 10 PM / Fri–Sat 9 AM – 12 AM'. */
export function formatHoursSummary(week: WeekHours): string {
  return groupHours(week)
    .map((g) => `${g.days} ${g.hours}`)
    .join(' / ')
}

/** schema.org closing time: midnight at the end of the day ('00:00') is written '23:59'. */
function schemaClose(closes: string): string {
  return closes === '00:00' ? '23:59' : closes
}

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification'
  dayOfWeek: string[]
  opens: string
  closes: string
}

/**
 * schema.org openingHoursSpecification from the settings' hours: one entry per
 * set of identical hours (Monday-first day lists); closed days are left out.
 */
export function openingHoursSpecification(week: WeekHours): OpeningHoursSpecification[] {
  const entries: OpeningHoursSpecification[] = []
  for (const day of WEEKDAYS) {
    const hours = week[day]
    if (hours.closed) continue
    const closes = schemaClose(hours.closes)
    const existing = entries.find((e) => e.opens === hours.opens && e.closes === closes)
    if (existing) existing.dayOfWeek.push(DAY_NAMES[day])
    else entries.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: [DAY_NAMES[day]], opens: hours.opens, closes })
  }
  return entries
}

export interface StoreJsonLdOptions {
  /** the site's origin, for the store's url when it has no website of its own */
  siteUrl: string
  /** 'Store' on the locations page, 'LocalBusiness' with ratings on the reviews page */
  type?: 'Store' | 'LocalBusiness'
  aggregateRating?: { ratingValue: number; reviewCount: number }
}

/** One schema.org Store (or LocalBusiness) object for a store of the settings. */
export function storeJsonLd(store: StoreFacts, options: StoreJsonLdOptions): Record<string, unknown> {
  const url = store.website_url || new URL('/locations', options.siteUrl).toString()
  const value: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': options.type ?? 'Store',
    name: store.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.street,
      addressLocality: store.city,
      addressRegion: store.region,
      postalCode: store.postal_code,
      addressCountry: 'US',
    },
    telephone: formatPhone(store.phone),
    url,
    hasMap: store.maps_url,
    openingHoursSpecification: openingHoursSpecification(store.hours),
  }
  if (options.aggregateRating) {
    value.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: options.aggregateRating.ratingValue,
      reviewCount: options.aggregateRating.reviewCount,
      bestRating: 5,
      worstRating: 1,
    }
  }
  return value
}

// Kept in its own module so a page that only dials does not load the hours code.
export { formatPhone, telHref } from './tel-href'

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/** When a day's doors close, in minutes after its midnight: '00:00' and times before opening are past midnight. */
function closingMinutes(day: DayHours): number {
  const closes = minutesOf(day.closes)
  return closes <= minutesOf(day.opens) ? closes + 24 * 60 : closes
}

/** Runs of consecutive days (Sunday first, wrapping round the week) picked by `keep`: 'Fri–Sat', 'Sat–Sun', 'Mon'. */
function dayRuns(keep: (day: Weekday) => boolean): string[] {
  const days = WEEK_FROM_SUNDAY
  if (days.every(keep)) return ['daily']
  const start = days.findIndex((d, i) => keep(d) && !keep(days[(i + 6) % 7]))
  if (start < 0) return []
  const ordered = [...days.slice(start), ...days.slice(0, start)]
  const runs: { first: Weekday; last: Weekday }[] = []
  let previousKept = false
  for (const day of ordered) {
    if (!keep(day)) {
      previousKept = false
      continue
    }
    if (previousKept) runs[runs.length - 1].last = day
    else runs.push({ first: day, last: day })
    previousKept = true
  }
  return runs.map(({ first, last }) => (first === last ? SHORT_DAY[first] : `${SHORT_DAY[first]}–${SHORT_DAY[last]}`))
}

/**
 * The week in a sentence, for running text:
 * '9 AM – 10 PM daily', 'Sun–Thu 9 AM – 10 PM, Fri–Sat 9 AM – 12 AM',
 * 'Tue–Sat 9 AM – 10 PM, Sun 10 AM – 6 PM, Mon closed', 'closed every day'.
 * Groups that list several runs of days are set apart with semicolons.
 */
export function hoursPhrase(week: WeekHours): string {
  const groups = groupHours(week)
  if (groups.length === 1 && groups[0].days === 'Daily') {
    return week.monday.closed ? 'closed every day' : `${groups[0].hours} daily`
  }
  const separator = groups.some((g) => g.days.includes(',')) ? '; ' : ', '
  return groups.map(groupText).join(separator)
}

const groupText = (g: HoursGroup) => (g.hours === 'Closed' ? `${g.days} closed` : `${g.days} ${g.hours}`)
const allClosed = (week: WeekHours) => WEEKDAYS.every((d) => week[d].closed)

/** The short form of a store's hours: 'Open 9 AM – 10 PM daily'; 'Closed for now' when every day is closed. */
export function openShort(week: WeekHours): string {
  return allClosed(week) ? 'Closed for now' : `Open ${hoursPhrase(week)}`
}

/**
 * A store's hours on one line, for cards: 'Open daily 9 AM – 10 PM', or the
 * groups apart with middle dots: 'Mon–Sat 9 AM – 9 PM · Sun closed'.
 */
export function hoursLine(week: WeekHours): string {
  if (allClosed(week)) return 'Closed for now'
  const groups = groupHours(week)
  if (groups.length === 1) return `Open daily ${groups[0].hours}`
  return groups.map(groupText).join(' · ')
}

/**
 * The footer's line: with the same hours every day it keeps the product's own
 * words, 'Open 9 AM – 10 PM Daily (7 days a week)' (with the store's times);
 * only when the days differ are they grouped, as on the cards.
 */
export function footerHoursLine(week: WeekHours): string {
  if (allClosed(week)) return 'Closed for now'
  const groups = groupHours(week)
  if (groups.length === 1) return `Open ${groups[0].hours} Daily (7 days a week)`
  return hoursLine(week)
}

/** Closing at this time or later counts as late. */
const LATE_FROM = 21 * 60

/**
 * The days a store stays open latest, when that is 9 PM or later:
 * 'Open late Fri–Sat', 'Open late daily'; null when it never closes late.
 */
export function lateShort(week: WeekHours): string | null {
  const open = WEEKDAYS.filter((d) => !week[d].closed)
  if (open.length === 0) return null
  const latest = Math.max(...open.map((d) => closingMinutes(week[d])))
  if (latest < LATE_FROM) return null
  const runs = dayRuns((d) => !week[d].closed && closingMinutes(week[d]) === latest)
  return `Open late ${runs.join(', ')}`
}

export interface HoursInShort {
  /** 'Open daily 9 AM – 10 PM', 'Mon–Sat 9 AM – 9 PM · Sun closed' */
  open: string
  /** 'Open 9 AM – 10 PM Daily (7 days a week)', or the grouped line */
  footer: string
  /** 'Open late Fri–Sat', or null */
  late: string | null
}

/**
 * Each store's hours in their short forms, worked out by the root loader for
 * every page: the footer and the contact page show them without loading the
 * hours code into the browser.
 */
export function hoursInShort(settings: SiteSettings): Record<StoreKey, HoursInShort> {
  const short = (week: WeekHours) => ({ open: hoursLine(week), footer: footerHoursLine(week), late: lateShort(week) })
  return { Lindsey: short(settings.stores.Lindsey.hours), BlueWater: short(settings.stores.BlueWater.hours) }
}
