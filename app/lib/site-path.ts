/**
 * The one rule for "a path on this site" (image addresses, sign-in and age-gate
 * return addresses): a browser given the value must stay on this origin.
 *
 * Accepted: text that starts with exactly one '/', has no backslash, no
 * whitespace and no control character, and that a URL parser resolves to the
 * same origin. Refused, among others: '//host' and '/\host' (browsers read
 * both as another host), '/\t/host' (the tab is dropped, leaving '//host'),
 * 'javascript:…', 'data:…' and relative paths.
 */

// C0 controls, space, DEL, C1 controls, and the Unicode spaces and separators.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/
const PROBE_ORIGIN = 'http://same-site.invalid'

export function isSitePath(value: unknown): value is string {
  // The empty string fails the first-character check next.
  if (typeof value !== 'string') return false
  if (value[0] !== '/' || value[1] === '/') return false
  if (FORBIDDEN.test(value)) return false
  // Stryker disable BlockStatement,BooleanLiteral: equivalent mutants (an empty catch, false as true in it): a path that passed the checks above always parses against the probe origin, so the catch is never entered
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN
  } catch {
    return false
  }
  // Stryker restore BlockStatement,BooleanLiteral
}

// Half of a UTF-16 pair without its other half: it has no UTF-8 form (encodeURI throws), so it is
// sent as the replacement character, as a browser sends it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * An address (a site path or an absolute URL, already checked) as a Location
 * header can carry it: a header holds only bytes, so letters beyond ASCII
 * (a curly apostrophe in a saved map link, an accented word in a return
 * address) are percent-encoded where they stand, as UTF-8; React Router's and
 * Node's headers throw on them otherwise, a 500 where a redirect was due.
 * Nothing else is touched: re-reading the address through the URL parser
 * would also resolve dot segments, and turn '/.//evil.example/é' (a path on
 * this site) into '//evil.example/%C3%A9' (another site).
 */
export function locationHeaderValue(address: string): string {
  return address.replace(/[^\x21-\x7e]+/g, (run) => encodeURI(run.replace(LONE_SURROGATE, '\ufffd')))
}

/** An absolute https:// address with a host (the only scheme pages may load images and links from). */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || FORBIDDEN.test(value)) return false
  try {
    const url = new URL(value)
    // The URL parser refuses an https address without a host.
    return url.protocol === 'https:' && !url.username && !url.password
  } catch {
    return false
  }
}

/** An image address a page may show: a path on this site, or an https:// address. */
export function isImageAddress(value: unknown): value is string {
  return isSitePath(value) || isHttpsUrl(value)
}
