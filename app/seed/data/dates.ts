/** Date helpers for demo content placed relative to the day the seed runs. */

const DAY_MS = 86_400_000

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic, no time zone shift). */
export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10)
}

/** An ISO instant `days` before `now`, at a given UTC hour and minute of that day. */
export function daysAgoAt(now: Date, days: number, hourUtc: number, minute = 0): string {
  const date = new Date(now.getTime() - days * DAY_MS)
  date.setUTCHours(hourUtc, minute, 0, 0)
  return date.toISOString()
}
