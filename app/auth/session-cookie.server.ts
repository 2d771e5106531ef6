import { createCookie } from 'react-router'

import { config } from '~/config.server'
import { SESSION_COOKIE } from '~/http/cookies.server'
import { SESSION_TTL_MS } from '~/models/sessions.server'

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

/** The session cookie carries only a random id; the row in `sessions` holds the user and expiry. */
export function sessionCookie() {
  return signedCookie(SESSION_COOKIE, SESSION_TTL_MS / 1000)
}
