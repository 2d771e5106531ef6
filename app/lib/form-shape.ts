/**
 * The shape of a posted form that a page of this site could have sent.
 *
 * The form library (conform) reads field names as paths, so `x[150000000]=a`,
 * a request of 14 bytes, becomes a list with 150 million empty places: seconds
 * of work on the one JavaScript thread and hundreds of MB in the reply that
 * echoes the form back (measured: 3.7 s of CPU for `x[10000000]`). And each
 * repeat of one name copies every earlier value, so 32,000 repeats of `x`
 * (64 KB) cost seconds too. No form of the site gives a list position in a
 * name, or has more than a few dozen fields; the bounds leave room for lists
 * of many items.
 *
 * The library also keeps two names for itself (`__intent__`, `__state__`:
 * buttons that add, remove or reset list items, and the state they carry). No
 * form of the site has such buttons, so no page sends those names; and the
 * library throws on a malformed value (a server error for a 30-byte post), or
 * takes a list position from inside the value, past the check on names.
 */
export const MAX_FORM_FIELDS = 1000
export const MAX_LIST_POSITION = 100

const LIST_POSITION = /\[(\d+)\]/g
const FORM_LIBRARY_NAMES = new Set(['__intent__', '__state__'])

/**
 * False for a form with more fields than the site's forms could hold, a list
 * position past the bound, or a name the form library keeps for itself.
 */
export function hasFormShape(formData: FormData): boolean {
  let fields = 0
  for (const name of formData.keys()) {
    fields += 1
    if (fields > MAX_FORM_FIELDS || FORM_LIBRARY_NAMES.has(name)) return false
    for (const [, position] of name.matchAll(LIST_POSITION)) {
      if (Number(position) > MAX_LIST_POSITION) return false
    }
  }
  return true
}

/**
 * The form with every line break as the one character a page counts. A
 * browser sends each line break of a text box as two (CR LF), so a message of
 * 4,979 characters over 60 lines arrived as 5,038 and was refused as over
 * 5,000, and a note cut to fit its box was refused as too long. Text is
 * compared and stored with single line breaks.
 */
export function withSingleLineBreaks(formData: FormData): FormData {
  const hasReturns = [...formData.values()].some((value) => typeof value === 'string' && value.includes('\r'))
  if (!hasReturns) return formData
  const normalized = new FormData()
  for (const [name, value] of formData.entries()) {
    normalized.append(name, typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value)
  }
  return normalized
}

/** What a post whose body is not such a form (or not a form at all) is told. */
export const UNREADABLE_FORM_MESSAGE = 'The form could not be read. Please reload the page and try again.'
