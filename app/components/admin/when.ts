import { STORE_TIME_ZONE } from '~/lib/time'

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** "Nov 23, 2026, 6:05 PM" in the store's time zone, or the fallback for none. */
export function formatWhen(iso: string | null | undefined, fallback = 'Never'): string {
  if (!iso) return fallback
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? fallback : dateTime.format(date)
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, hour: 'numeric', minute: '2-digit' })

/** "6:05 PM" in the store's time zone, or '' for a value that is not a time. */
export function formatTimeOfDay(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : timeOfDay.format(date)
}
