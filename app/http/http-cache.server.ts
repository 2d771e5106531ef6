import { createHash, createHmac, randomBytes } from 'node:crypto'

import { carriesPersonalCookie, carriesSessionCookie, parseCookies } from '~/http/cookies.server'
import { isStaffPath } from '~/lib/staff-area'

/** Public pages: a short lifetime in browsers and shared caches, then served stale while revalidating. */
export function publicPageCache(maxAge: number): string {
  return `public, max-age=${maxAge}, s-maxage=${Math.max(maxAge, 300)}, stale-while-revalidate=600`
}
export const PRIVATE_NO_STORE = 'private, no-store'

/** How long browsers and proxies may keep a feed, sitemap or robots.txt (seconds). */
export const FEED_CACHE_CONTROL = 'public, max-age=300'

/** A response carrying XML (or text) with the feed caching rule (the HTTP server adds the security headers). */
export function feedResponse(body: string, contentType: string): Response {
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': FEED_CACHE_CONTROL } })
}

/**
 * Whether the request carries a session cookie, valid or not, under either of
 * its names (`__Host-session` on an https site, `session` otherwise): the page
 * may depend on who is signed in, and a stale cookie is cleared.
 */
export function hasSessionCookie(request: Request): boolean {
  return carriesSessionCookie(parseCookies(request.headers.get('Cookie')))
}

/**
 * A request for a page that is the same for every visitor who sends it: a
 * plain page request outside the staff area, from nobody signed in and with no
 * message waiting. Client data requests (`.data`) are left to the router.
 */
export function isSharedRequest(url: URL, cookieHeader: string | string[] | null | undefined): boolean {
  if (isStaffPath(url.pathname) || url.pathname.endsWith('.data')) return false
  return !carriesPersonalCookie(parseCookies(cookieHeader))
}

/**
 * A document may go to shared caches only when it is a plain GET answered 200,
 * for nobody in particular: no session cookie, no Set-Cookie (toast, cleared
 * session), outside the staff area.
 */
export function isPubliclyCacheable(request: Request, status: number, headers: Headers): boolean {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || status !== 200) return false
  if (isStaffPath(new URL(request.url).pathname)) return false
  if (hasSessionCookie(request)) return false
  if (headers.has('Set-Cookie') || headers.has('Cache-Control')) return false
  return true
}

/** Differs in every process: a nonce given out before a restart is never given out again after it. */
const PROCESS_SALT = randomBytes(16)

/**
 * The nonce of a page that is the same for everyone who asks for it: derived,
 * with the server's secret, from the page's key (its path, the query
 * parameters it reads, the age gate) and the content version. Every rendering
 * of the page in this process carries the same nonce until something public
 * changes, so the Content-Security-Policy sent with a 304 (or with the page
 * rendered again after the cache let it go) names the nonce in the body the
 * browser kept.
 *
 * Nobody can compute it without the secret, and it changes with anything that
 * can change such a page: the page cache serves one rendering to every
 * request with the same key and version, so a shared page is by rule a
 * function of them and cannot carry anything else a visitor sent (a tracking
 * parameter, say) beside it. It used to be an HMAC of the rendered page
 * itself, which cost two passes of string replacement and a hash over the
 * whole document on every render.
 */
export function sharedPageNonce(secret: string, key: string, version: number): string {
  return (
    createHmac('sha256', secret)
      .update(PROCESS_SALT)
      // A separator between key and version, so that no two pairs run together alike.
      .update(`${key}\0${version}`)
      .digest('base64url')
      .slice(0, 22)
  )
}

/** The ETag of a shared page: a hash of its policy and its body, so a 304 is sent only for the same pair. */
export function publicDocumentEtag(html: string | Uint8Array, contentSecurityPolicy: string): string {
  // The policy ends at a separator no policy holds.
  const hash = createHash('sha256').update(`${contentSecurityPolicy}\0`).update(html).digest('base64url')
  return `W/"${hash.slice(0, 27)}"`
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for 304s). */
export function etagMatches(header: string | string[] | null | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header
  if (!value) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return value.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag))
}

/** noindex and no-store on every staff-area response. */
export function applyStaffAreaHeaders(pathname: string, headers: Headers) {
  if (!isStaffPath(pathname)) return
  headers.set('X-Robots-Tag', 'noindex')
  headers.set('Cache-Control', 'no-store')
}
