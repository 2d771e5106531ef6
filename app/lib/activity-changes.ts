import { formatWhen } from '~/components/admin/when'
import { DAY_NAMES, formatClock } from '~/lib/store-hours'
import { formatShortDate } from '~/lib/time'

/**
 * What one activity entry changed, field by field, as structured before/after
 * data (stored whole with the entry, never cut), and how the activity log
 * reads each value to a person: times in the store's time zone and long US
 * format, clock times as "10 PM", statuses and yes/no flags as words, fields
 * by the labels their forms give them.
 */

/** How a value reads. Anything unknown reads as text. */
export type ChangeFormat =
  /** one line of text, quoted */
  | 'text'
  /** an instant (ISO): "Nov 29, 2026, 9:00 AM" in the store's time zone */
  | 'instant'
  /** a calendar day (YYYY-MM-DD): "Nov 29, 2026" */
  | 'date'
  /** a time of day (HH:MM): "10 PM" */
  | 'clock'
  /** a flag: "yes" / "no" */
  | 'yes-no'
  /** a status word: "Published", "In progress" */
  | 'status'
  | 'number'
  /** an image's address: shown as a link to it */
  | 'image'
  /** a web address */
  | 'link'

export type ChangeValue = string | number | boolean | null

export interface FieldChange {
  /** the field as the data names it: 'published_at', 'stores.Lindsey.hours.monday.closes' */
  field: string
  /** the field as its form labels it: 'Publish date', 'Lindsey Street · Monday closes' */
  label: string
  format: ChangeFormat
  before: ChangeValue
  after: ChangeValue
}

export interface FieldSpec {
  label: string
  format?: ChangeFormat
}

/** Status values in words, whatever record they belong to (posts, inquiries, accounts). */
const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  new: 'New',
  'in-progress': 'In progress',
  closed: 'Closed',
  active: 'Active',
  deactivated: 'Deactivated',
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** 'in-progress' → 'In progress'; a word it does not know is made readable the same way. */
export function statusWord(value: string): string {
  return STATUS_WORDS[value] ?? capitalise(value.replace(/[-_]+/g, ' '))
}

function isBlank(value: ChangeValue | undefined): boolean {
  return value === null || value === undefined || value === ''
}

function truthy(value: ChangeValue): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on'
}

/**
 * A value as a person reads it, in full ('' when blank). Text is returned as
 * it is (the log quotes and shortens it); everything else in words.
 */
export function readValue(format: ChangeFormat, value: ChangeValue | undefined): string {
  if (format === 'yes-no') return isBlank(value ?? null) ? 'no' : truthy(value!) ? 'yes' : 'no'
  if (isBlank(value ?? null)) return ''
  const text = String(value)
  switch (format) {
    case 'instant':
      return formatWhen(text, text)
    case 'date':
      return formatShortDate(text) || text
    case 'clock':
      return formatClock(text)
    case 'status':
      return statusWord(text)
    case 'number':
      return typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(text) ? Number(text).toLocaleString('en-US') : text
    default:
      return text
  }
}

/**
 * Whether a change would show as one: two values that read the same are no
 * change, and neither are line breaks written as CR LF (as older saves kept
 * them) and as one character (as forms are read now).
 */
export function differs(format: ChangeFormat, before: ChangeValue | undefined, after: ChangeValue | undefined) {
  const read = (value: ChangeValue | undefined) => readValue(format, value ?? null).replace(/\r\n?/g, '\n')
  return read(before) !== read(after)
}

function toChangeValue(value: unknown): ChangeValue {
  if (value === undefined || value === null) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  return JSON.stringify(value)
}

/**
 * The fields of `after` (in the order of `fields`) that read differently from
 * `before`, each with its label, format and both values in full.
 */
export function fieldChanges<T extends object>(
  before: Partial<T>,
  after: Partial<T>,
  fields: Partial<Record<keyof T & string, FieldSpec>>,
): FieldChange[] {
  const changes: FieldChange[] = []
  for (const [field, spec] of Object.entries(fields) as [keyof T & string, FieldSpec][]) {
    if (!(field in after)) continue
    const format = spec.format ?? 'text'
    const was = toChangeValue(before[field])
    const now = toChangeValue(after[field])
    if (!differs(format, was, now)) continue
    changes.push({ field, label: spec.label, format, before: was, after: now })
  }
  return changes
}

// ---------------------------------------------------------------------------
// Store settings: one nested record; its fields by the settings form's labels.

/** The stores as staff call them. */
export const STORE_SHORT_NAMES: Record<string, string> = { Lindsey: 'Lindsey Street', BlueWater: 'Blue Water' }

const SETTINGS_TOP: Record<string, FieldSpec> = {
  brand_name: { label: 'Brand name' },
  contact_email: { label: 'Contact email' },
  live_menu_url: { label: 'Live menu address', format: 'link' },
}

const SOCIAL: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  leafly: 'Leafly',
  weedmaps: 'Weedmaps',
}

/** A store's fields, as the settings form labels them. */
export const STORE_FIELD_SPECS: Record<string, FieldSpec> = {
  name: { label: 'Store name' },
  phone: { label: 'Phone' },
  street: { label: 'Street' },
  city: { label: 'City' },
  region: { label: 'State' },
  postal_code: { label: 'ZIP code' },
  maps_url: { label: 'Maps link', format: 'link' },
  map_embed_url: { label: 'Map embed link', format: 'link' },
  directions_url: { label: 'Directions link', format: 'link' },
  website_url: { label: 'Website', format: 'link' },
  review_url: { label: 'Review link', format: 'link' },
  listing_url: { label: 'Listing link', format: 'link' },
  rating: { label: 'Rating out of 5', format: 'number' },
  review_count: { label: 'Number of reviews', format: 'number' },
  rating_source_url: { label: 'Rating source page', format: 'link' },
}

/** A day's fields: "Monday opens", "Monday closes", "Monday closed all day". */
export const DAY_FIELD_SPECS: Record<string, FieldSpec> = {
  opens: { label: 'opens', format: 'clock' },
  closes: { label: 'closes', format: 'clock' },
  closed: { label: 'closed all day', format: 'yes-no' },
}

/** 'closes_after_midnight' → 'Closes after midnight'. */
function humanise(key: string): string {
  return capitalise(key.replace(/_/g, ' '))
}

/** A format guessed from the value, for a field no list names yet. */
function guessFormat(value: unknown): ChangeFormat {
  if (typeof value === 'boolean') return 'yes-no'
  if (typeof value === 'number') return 'number'
  if (typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value)) return 'clock'
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return 'instant'
  if (typeof value === 'string' && /^https:\/\//.test(value)) return 'link'
  return 'text'
}

/**
 * A settings field by the form's words: 'stores.Lindsey.hours.monday.closes'
 * → 'Lindsey Street · Monday closes'. A field added later that no list here
 * names still reads as words ('Lindsey Street · Some new field').
 */
export function settingsFieldSpec(
  path: string,
  sample?: unknown,
): FieldSpec & { format: ChangeFormat; /** false when the label was made from the key */ known: boolean } {
  const parts = path.split('.')
  const fallback = (label: string) => ({ label, format: guessFormat(sample), known: false })
  if (parts.length === 1) {
    const known = SETTINGS_TOP[path]
    return known ? { label: known.label, format: known.format ?? 'text', known: true } : fallback(humanise(path))
  }
  if (parts[0] === 'social' && parts.length === 2) {
    return {
      label: `Social links · ${SOCIAL[parts[1]!] ?? humanise(parts[1]!)}`,
      format: 'link',
      known: parts[1]! in SOCIAL,
    }
  }
  if (parts[0] === 'stores' && parts.length >= 3) {
    const store = STORE_SHORT_NAMES[parts[1]!] ?? humanise(parts[1]!)
    const rest = parts.slice(2)
    if (rest[0] === 'hours' && rest.length === 3) {
      const day = DAY_NAMES[rest[1] as keyof typeof DAY_NAMES] ?? humanise(rest[1]!)
      const known = DAY_FIELD_SPECS[rest[2]!]
      return known
        ? { label: `${store} · ${day} ${known.label}`, format: known.format ?? 'text', known: true }
        : fallback(`${store} · ${day} ${rest[2]!.replace(/_/g, ' ')}`)
    }
    if (rest.length === 1) {
      const known = STORE_FIELD_SPECS[rest[0]!]
      return known
        ? { label: `${store} · ${known.label}`, format: known.format ?? 'text', known: true }
        : fallback(`${store} · ${humanise(rest[0]!)}`)
    }
    return fallback(`${store} · ${rest.map(humanise).join(' · ')}`)
  }
  return fallback(parts.map(humanise).join(' · '))
}

/** Every leaf of a JSON object by its dotted path ('stores.Lindsey.phone'). */
export function settingsLeaves(
  value: unknown,
  prefix = '',
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) settingsLeaves(inner, prefix ? `${prefix}.${key}` : key, out)
  } else {
    out[prefix] = value
  }
  return out
}

/** The settings that read differently between two stored records, in the record's order. */
export function settingsChanges(before: unknown, after: unknown): FieldChange[] {
  const was = settingsLeaves(before)
  const now = settingsLeaves(after)
  const changes: FieldChange[] = []
  for (const field of [...new Set([...Object.keys(now), ...Object.keys(was)])]) {
    const spec = settingsFieldSpec(field, now[field] ?? was[field])
    const a = toChangeValue(was[field])
    const b = toChangeValue(now[field])
    if (differs(spec.format, a, b)) changes.push({ field, label: spec.label, format: spec.format, before: a, after: b })
  }
  return changes
}

// ---------------------------------------------------------------------------
// Reading what is stored.

const FORMATS = new Set<ChangeFormat>([
  'text',
  'instant',
  'date',
  'clock',
  'yes-no',
  'status',
  'number',
  'image',
  'link',
])

/** The stored changes of an entry (JSON), or null for an entry written before they were kept, or unreadable. */
export function parseChanges(stored: string | null | undefined): FieldChange[] | null {
  if (!stored) return null
  try {
    const parsed: unknown = JSON.parse(stored)
    if (!Array.isArray(parsed)) return null
    return parsed
      .filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object')
      .map((item) => ({
        field: String(item.field ?? ''),
        label: String(item.label ?? item.field ?? ''),
        format: FORMATS.has(item.format as ChangeFormat) ? (item.format as ChangeFormat) : 'text',
        before: toChangeValue(item.before),
        after: toChangeValue(item.after),
      }))
  } catch {
    return null
  }
}

/** One change in one line of words (quoted text, cut at `max`): 'Status: Draft → Published'. */
export function changeInWords(change: FieldChange, max = 60): string {
  const show = (value: ChangeValue) => {
    const text = readValue(change.format, value)
    if (text === '') return '(empty)'
    if (change.format === 'text' || change.format === 'link' || change.format === 'image') {
      const flat = text.replace(/\s+/g, ' ').trim()
      return `“${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}”`
    }
    return text
  }
  return `${change.label}: ${show(change.before)} → ${show(change.after)}`
}

const ISO_INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)/g
/** 'stores.Lindsey.hours.monday.closes: “22:00” → “21:00”' as the old settings summaries wrote it. */
const OLD_SETTINGS_PART = /^([a-z][\w ]*(?:\.[\w ]+)+|brand name|contact email|live menu url): (.*) → (.*)$/
/** 'Status: in-progress → closed' as the old summaries wrote statuses. */
const OLD_STATUS_PART = /^Status: ([a-z-]+)(?: → ([a-z-]+))?$/

/**
 * An entry written before changes were kept has only its summary; make that
 * read as the new ones do where it can: ISO instants as store time, dotted
 * settings paths as the form's labels, clock times as "10 PM".
 */
export function readableOldSummary(summary: string): string {
  return summary
    .split('; ')
    .map((part) => {
      const status = OLD_STATUS_PART.exec(part)
      if (status) return `Status: ${statusWord(status[1]!)}${status[2] ? ` → ${statusWord(status[2])}` : ''}`
      const match = OLD_SETTINGS_PART.exec(part)
      if (match) {
        const path = match[1]!.replace(/ /g, '_')
        const spec = settingsFieldSpec(path)
        const value = (shown: string) => {
          const quoted = /^“(.*)”$/.exec(shown)
          if (!quoted) return shown
          const inner = quoted[1]!
          if (spec.format === 'clock' || /^([01]\d|2[0-3]):[0-5]\d$/.test(inner)) return formatClock(inner)
          return shown
        }
        return `${spec.label}: ${value(match[2]!)} → ${value(match[3]!)}`
      }
      return part
    })
    .join('; ')
    .replace(ISO_INSTANT, (iso) => formatWhen(iso, iso))
}
