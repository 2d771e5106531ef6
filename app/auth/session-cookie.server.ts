import { createCookie } from 'react-router'

import { config } from '~/config.server'
import { SESSION_TTL_MS } from '~/models/sessions.server'

/**
 * The session cookie carries only a random id; the row in `sessions` holds the
 * user and expiry. HttpOnly, SameSite=Lax, Path=/; Secure with the __Host-
 * prefix when SITE_URL is https (a production build on plain http, as tests
 * run it, uses plain cookies). Signed with SESSION_SECRET.
 */
export function sessionCookie() {
  const { isSecureSite, SESSION_SECRET } = config()
  return createCookie(isSecureSite ? '__Host-session' : 'session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureSite,
    secrets: [SESSION_SECRET],
    maxAge: SESSION_TTL_MS / 1000,
  })
}
