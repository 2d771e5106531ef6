import { isSitePath, locationHeaderValue } from '~/lib/site-path'

/** Where a signed-in admin lands when there is no (safe) place to go back to. */
export const DEFAULT_REDIRECT = '/admin'

/**
 * The `redirectTo` a sign-in may follow: only a path on this site (the shared
 * rule of isSitePath), at most 2000 characters. Absolute URLs, scheme-relative
 * '//host', backslash tricks ('/\host'), control characters and anything a
 * browser would resolve to another origin fall back to `/admin`. Letters
 * beyond ASCII come back percent-encoded, as a redirect can carry them.
 */
export function safeRedirectTo(value: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof value !== 'string' || value.length > 2000 || !isSitePath(value)) return fallback
  const encoded = locationHeaderValue(value)
  // The encoded address is checked again: it must still be a path on this site.
  return isSitePath(encoded) ? encoded : fallback
}
