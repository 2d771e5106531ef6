import { createCookie } from 'react-router'

import { config } from '~/config.server'
import { AGE_COOKIE, cookieValue, parseCookies } from '~/http/cookies.server'
import { AGE_CONFIRMATION_DAYS } from '~/lib/age-record'

export function ageCookie() {
  return createCookie(AGE_COOKIE, {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: config().isSecureSite,
    maxAge: AGE_CONFIRMATION_DAYS * 24 * 60 * 60,
  })
}

/** The cookie's value as 'Yes, Enter' sets it (createCookie's encoding of "1"). */
const CONFIRMED_VALUE = 'IjEi'

/**
 * Whether a Cookie header carries the age confirmation. One exact rule, read
 * the same way by the page (gate shown or not) and by the page cache (which
 * keeps the two versions apart), so no cookie can make them disagree.
 */
export function isAgeConfirmed(cookieHeader: string | string[] | null | undefined): boolean {
  return cookieValue(parseCookies(cookieHeader), AGE_COOKIE) === CONFIRMED_VALUE
}

/** Whether the request carries the age confirmation cookie. */
export function hasAgeCookie(request: Request): boolean {
  return isAgeConfirmed(request.headers.get('Cookie'))
}
