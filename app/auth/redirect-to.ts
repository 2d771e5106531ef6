/** Where a signed-in admin lands when there is no (safe) place to go back to. */
export const DEFAULT_REDIRECT = '/admin'

// Any C0 control character, DEL, or a C1 control character.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const PROBE_ORIGIN = 'http://same-site.invalid'

/**
 * The `redirectTo` a sign-in may follow: only a path on this site, starting
 * with exactly one '/'. Absolute URLs, scheme-relative '//host', backslash
 * tricks ('/\host'), control characters and anything a browser would resolve
 * to another origin fall back to `/admin`.
 */
export function safeRedirectTo(value: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return fallback
  if (!value.startsWith('/') || value.startsWith('//')) return fallback
  if (value.includes('\\') || CONTROL.test(value)) return fallback
  try {
    const resolved = new URL(value, PROBE_ORIGIN)
    if (resolved.origin !== PROBE_ORIGIN) return fallback
  } catch {
    return fallback
  }
  return value
}
