import { createHash, createHmac } from 'node:crypto'

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

export interface SealedDocument {
  html: string
  nonce: string
  contentSecurityPolicy: string
  etag: string
}

/**
 * Gives a shared page a nonce derived from its own content instead of a random
 * one. Every rendering of the same page then carries the same nonce, so the
 * Content-Security-Policy sent with a 304 (or with the same page rendered again
 * after the cache let it go) matches the body the browser kept. The nonce is
 * keyed with the server's secret, so nobody can compute it before seeing the
 * page; and on a shared page it is no more secret than the page itself.
 *
 * `renderNonce` is the placeholder the page was rendered with; `policyFor`
 * makes the policy for a nonce. The ETag covers the body and the policy.
 */
export function sealPublicDocument(
  html: string,
  renderNonce: string,
  secret: string,
  policyFor: (nonce: string) => string,
): SealedDocument {
  // Which fixed text stands in for the placeholder, or separates the hashed
  // parts, changes nothing a caller relies on: the same page gets the same
  // nonce, another page or policy another.
  // Stryker disable next-line StringLiteral
  const stable = html.split(renderNonce).join('')
  const nonce = createHmac('sha256', secret)
    // Stryker disable next-line StringLiteral
    .update(policyFor(''))
    // Stryker disable next-line StringLiteral
    .update('\0')
    .update(stable)
    .digest('base64url')
    .slice(0, 22)
  const sealed = html.split(renderNonce).join(nonce)
  const contentSecurityPolicy = policyFor(nonce)
  // Stryker disable next-line StringLiteral: the separator in the ETag's hash, as above
  const etag = `W/"${createHash('sha256').update(contentSecurityPolicy).update('\0').update(sealed).digest('base64url').slice(0, 27)}"`
  return { html: sealed, nonce, contentSecurityPolicy, etag }
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
