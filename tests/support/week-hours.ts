import type { WeekHours } from '~/lib/store-hours'
import { WEEKDAYS } from '~/schemas/settings'

/** A store's week, each day open (unless it says closed) at the hours `build` gives it. */
export function week(
  build: (day: (typeof WEEKDAYS)[number]) => { closed?: boolean; opens: string; closes: string },
): WeekHours {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, { closed: false, ...build(d) }])) as WeekHours
}
