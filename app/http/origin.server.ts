import type { IncomingHttpHeaders } from 'node:http'

/**
 * Whether a state-changing request comes from this site's own pages, so no
 * other site can make a visitor's browser post a form here (sign out, upload,
 * send a message). Compared on scheme, host and port together.
 *
 * - With an Origin header (every current browser sends one on a POST): it must
 *   be the site's public address, or the address the request itself was sent
 *   to (a laptop opened as 127.0.0.1 instead of localhost). "null" is refused.
 * - Without Origin, a browser's Sec-Fetch-Site must say same-origin.
 * - With neither, the client is not a browser (curl, a monitoring probe) and
 *   cannot be tricked into sending someone else's cookies: allowed.
 */
export function isSameOrigin(headers: IncomingHttpHeaders, siteOrigin: string, requestOrigin?: string): boolean {
  const origin = headers.origin
  if (origin !== undefined) return origin === siteOrigin || (requestOrigin !== undefined && origin === requestOrigin)
  const fetchSite = headers['sec-fetch-site']
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none'
  return true
}
