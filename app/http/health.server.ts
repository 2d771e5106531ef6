import type { IncomingMessage, ServerResponse } from 'node:http'

import { sqlite } from '~/db/db.server'

import { carriesSessionCookie, parseCookies } from './cookies.server'
import { NON_DOCUMENT_CSP, responseSecurityHeaders } from './security-headers.server'

/** Whether the database answers a trivial query; a failure is logged. */
export function databaseAnswers(): boolean {
  try {
    sqlite().prepare('SELECT 1').get()
    return true
  } catch (error) {
    console.error('Health check failed', error)
    return false
  }
}

/**
 * The public health check, answered as soon as its request is read: before
 * the static files, the page handler and the router, in the same turn of the
 * event loop. Under a stream of page renders a check that went through them
 * waited for several turns, each as long as the renders in it (seconds, in
 * the bench), and a platform's probe would call a busy site dead. A request
 * with a session cookie goes on to the route, which shows a signed-in admin
 * the figures. The handler returns false when this is not such a request.
 */
export function publicHealthCheck(secureSite: boolean): (req: IncomingMessage, res: ServerResponse) => boolean {
  // The headers of any answer that is not a page, written out once.
  const headers = [
    ...responseSecurityHeaders(secureSite).flat(),
    'Content-Security-Policy',
    NON_DOCUMENT_CSP,
    'Cache-Control',
    'no-store',
    'Content-Type',
    'application/json',
  ]
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    if (String(req.url).split('?', 1)[0] !== '/healthz') return false
    if (carriesSessionCookie(parseCookies(req.headers.cookie))) return false
    const ok = databaseAnswers()
    const body = JSON.stringify({ ok })
    res.writeHead(ok ? 200 : 503, [...headers, 'Content-Length', String(Buffer.byteLength(body))])
    // To a HEAD, Node sends the headers (the length included) and no body.
    res.end(body)
    return true
  }
}
