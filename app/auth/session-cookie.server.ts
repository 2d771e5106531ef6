import { createCookie } from 'react-router'

import { config } from '~/config.server'
import { SESSION_COOKIE } from '~/http/cookies.server'

/**
 * A cookie of the staff sign-in: HttpOnly, SameSite=Lax, Path=/, signed with
 * SESSION_SECRET; Secure with the __Host- prefix when SITE_URL is https (a
 * production build on plain http, as tests run it, uses plain cookies).
 */
export function signedCookie(name: string, maxAgeSeconds: number) {
  const { isSecureSite, SESSION_SECRET } = config()
  return createCookie(isSecureSite ? `__Host-${name}` : name, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureSite,
    secrets: [SESSION_SECRET],
    maxAge: maxAgeSeconds,
  })
}

/**
 * The longest a browser keeps a cookie (Chrome caps Max-Age and Expires at 400
 * days). The session cookie asks for that much, because it is not what ends a
 * session in use: its row does.
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60

/**
 * The session cookie carries only a random id; the row in `sessions` holds the
 * user and the expiry, and each use renews the row. The cookie is written only
 * at sign-in, so a cookie that expired with the first 14 days would sign out
 * someone who uses the admin every day. It asks for 400 days instead: a
 * session ends after 14 days without use (its row), or at the latest 400 days
 * after sign-in (its cookie), when its owner signs in again. A cookie whose
 * row has ended is cleared at its next request.
 */
export function sessionCookie() {
  return signedCookie(SESSION_COOKIE, SESSION_COOKIE_MAX_AGE_SECONDS)
}
