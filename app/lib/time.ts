/** Dates and times in the stores' time zone, America/Chicago: "today", dates shown and "open now". */
export const STORE_TIME_ZONE = 'America/Chicago'

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
})

const isoDateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** 'November 22, 2026' for an ISO instant, shown in the store's time zone. */
export function formatLongDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date)
}

/** Today's date (YYYY-MM-DD) in the store's time zone. */
export function todayInStore(now: Date = new Date()): string {
  return isoDateParts.format(now)
}

/** The year in the store's time zone: in Norman it is still the old year for six hours after UTC's midnight. */
export function yearInStore(now: Date = new Date()): string {
  return todayInStore(now).slice(0, 4)
}

/**
 * How many of the store's calendar days from `now` to `later`: 0 on the same
 * day in Norman, 1 when `later` falls tomorrow, whatever the hours. A count of
 * 24-hour spans would say "in 2 days" at 9 AM of a Wednesday for 11 PM on
 * Thursday.
 */
export function storeDaysUntil(later: Date, now: Date = new Date()): number {
  const day = (at: Date) => {
    const [y, m, d] = todayInStore(at).split('-').map(Number)
    return Date.UTC(y, m - 1, d)
  }
  return Math.round((day(later) - day(now)) / (24 * 60 * 60 * 1000))
}

/** The next midnight in the store's time zone (when "today", and so the live deals and the month, change). */
export function nextStoreMidnight(now: Date = new Date()): Date {
  const [y, m, d] = todayInStore(now).split('-').map(Number)
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
  // Stryker disable next-line ArithmeticOperator: equivalent mutants (the fallback's arithmetic): midnight of a real date always converts; the fallback is never used
  return new Date(storeLocalToIso(`${tomorrow}T00:00`) ?? now.getTime() + 24 * 3600 * 1000)
}

/** 'November' for the store's current month. */
export function currentMonthName(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, month: 'long' }).format(now)
}

/** Formats a YYYY-MM-DD date as 'Nov 22, 2026' without shifting it across zones. */
export function formatShortDate(ymd: string | null): string {
  if (!ymd || !/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return ''
  const [y, m, d] = ymd.split('-').map(Number)
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  )
}

/** The UTC offset (minutes) of the store's zone at an instant. */
function zoneOffsetMinutes(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: STORE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - instant.getTime()) / 60000)
}

/** A wall-clock 'YYYY-MM-DDTHH:MM' in the store's zone to an ISO instant; null if malformed. */
export function storeLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number)
  const guess = Date.UTC(y, mo - 1, d, h, mi)
  // Impossible dates and times (Feb 30, 24:00, 10:60) are malformed, not rolled over.
  if (Number.isNaN(guess) || new Date(guess).toISOString().slice(0, 16) !== local) return null
  const offset = zoneOffsetMinutes(new Date(guess))
  let instant = guess - offset * 60000
  const corrected = zoneOffsetMinutes(new Date(instant))
  if (corrected !== offset) {
    const retry = guess - corrected * 60000
    // A wall-clock time inside the hour skipped when clocks spring forward has no
    // instant; keep the first reading, which lands an hour later (02:30 -> 03:30).
    if (zoneOffsetMinutes(new Date(retry)) === corrected) instant = retry
  }
  const date = new Date(instant)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** An ISO instant as the store's wall clock 'YYYY-MM-DDTHH:MM' (for datetime-local inputs). */
export function isoToStoreLocal(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const local = new Date(date.getTime() + zoneOffsetMinutes(date) * 60000)
  return local.toISOString().slice(0, 16)
}
