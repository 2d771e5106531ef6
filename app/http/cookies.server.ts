/**
 * The one reading of a request's Cookie header. The HTTP layer parses it once,
 * decides from that reading whether the page is someone's own (a session or a
 * toast) and whether the age gate was passed, and hands React Router the same
 * cookies written out again in a plain form (`name=value; name=value`), so the
 * session code and the page cache can never read the header differently (a
 * space before `=`, a repeated name, a stray fragment).
 *
 * The rules are the ones of the cookie library React Router uses: pairs split
 * at `;`, the name and value trimmed, a fragment without `=` ignored, the
 * first of a repeated name wins.
 */

/** Cookies by name, in the order they came, raw values (still encoded, quotes kept). */
export type CookieJar = Map<string, string>

export function parseCookies(header: string | string[] | null | undefined): CookieJar {
  const jar: CookieJar = new Map()
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '')
  for (const pair of text.split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    const name = pair.slice(0, eq).trim()
    if (!name || jar.has(name)) continue
    jar.set(name, pair.slice(eq + 1).trim())
  }
  return jar
}

/** The cookies written out again in the plain form every parser reads alike. */
export function cookieHeaderOf(jar: CookieJar): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

/**
 * The site's cookie names, each defined here once. The signed ones (session,
 * toast, the sign-in code) carry the `__Host-` prefix on an https site
 * (auth/session-cookie.server.ts), so both spellings are read.
 */
export const SESSION_COOKIE = 'session'
export const TOAST_COOKIE = 'toast'
export const SIGN_IN_CODE_COOKIE = 'signin-code'
export const AGE_COOKIE = 'age_verified'
/** The mark a just-answered contact send leaves: the contact page draws its form anew for it (contact.server.ts). */
export const CONTACT_SENT_COOKIE = 'contact_sent'

/** A signed cookie's two names: as set on plain http, and with the prefix on https. */
const bothSpellings = (name: string) => [name, `__Host-${name}`]

/**
 * The cookies that make a page someone's own: a session (signed in, or a stale
 * one to clear), a message waiting, or a contact send just answered.
 */
const PERSONAL_COOKIES = [...bothSpellings(SESSION_COOKIE), ...bothSpellings(TOAST_COOKIE), CONTACT_SENT_COOKIE]

/** Whether the request carries a cookie that makes its page someone's own. */
export function carriesPersonalCookie(jar: CookieJar): boolean {
  return PERSONAL_COOKIES.some((name) => jar.has(name))
}

/** Whether the request carries a session cookie, valid or not, under either of its names. */
export function carriesSessionCookie(jar: CookieJar): boolean {
  return bothSpellings(SESSION_COOKIE).some((name) => jar.has(name))
}

/** A cookie's value decoded as the cookie library does (surrounding quotes dropped); null when absent or malformed. */
export function cookieValue(jar: CookieJar, name: string): string | null {
  const raw = jar.get(name)
  if (raw === undefined) return null
  try {
    return decodeURIComponent(raw.replace(/^"(.*)"$/, '$1'))
  } catch {
    return null
  }
}
