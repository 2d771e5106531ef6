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

/** The mark a just-answered contact send leaves: the contact page draws its form anew for it (contact.server.ts). */
export const CONTACT_SENT_COOKIE = 'contact_sent'

/**
 * The cookies that make a page someone's own: a session (signed in, or a stale
 * one to clear), a message waiting, or a contact send just answered.
 */
const PERSONAL_COOKIES = ['session', '__Host-session', 'toast', '__Host-toast', CONTACT_SENT_COOKIE]

/** Whether the request carries a cookie that makes its page someone's own. */
export function carriesPersonalCookie(jar: CookieJar): boolean {
  return PERSONAL_COOKIES.some((name) => jar.has(name))
}

/** Whether the request carries a session cookie, valid or not, under either of its names. */
export function carriesSessionCookie(jar: CookieJar): boolean {
  return jar.has('session') || jar.has('__Host-session')
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
