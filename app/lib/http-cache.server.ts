import { createHash } from 'node:crypto'

/** Public pages: a short shared lifetime, then served stale while revalidating. */
export const PUBLIC_PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600'
export const PRIVATE_NO_STORE = 'private, no-store'

export function isStaffPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/login'
}

/** Whether the request carries a session cookie (the page may depend on who is signed in). */
export function hasSessionCookie(request: Request): boolean {
  return /(^|;\s*)(__Host-)?session=/.test(request.headers.get('Cookie') ?? '')
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

/** A strong ETag of the page, computed without this document's nonce so equal pages match. */
export function documentEtag(html: string, nonce: string): string {
  const stable = nonce ? html.split(nonce).join('') : html
  return `"${createHash('sha256').update(stable).digest('base64url').slice(0, 27)}"`
}

export function etagMatches(request: Request, etag: string): boolean {
  const header = request.headers.get('If-None-Match')
  if (!header) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '')
    return value === etag || value === '*'
  })
}

/** noindex and no-store on every staff-area response (spec §2.15). */
export function applyStaffAreaHeaders(pathname: string, headers: Headers) {
  if (!isStaffPath(pathname)) return
  headers.set('X-Robots-Tag', 'noindex')
  headers.set('Cache-Control', 'no-store')
}
