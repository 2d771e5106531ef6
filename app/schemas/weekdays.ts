/** The days of a store's week, Monday first, as the settings name them. A module of its own: browser code that formats hours needs only this. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]
