import { createCookie } from 'react-router'

import { config } from '~/config.server'
import { AGE_CONFIRMATION_DAYS } from '~/lib/age-record'

export function ageCookie() {
  return createCookie('age_verified', {
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
export function isAgeConfirmed(cookieHeader: string | null | undefined): boolean {
  // Stryker disable next-line StringLiteral: any text without the cookie finds no match, as the empty string does
  const match = /(?:^|;)\s*age_verified=([^;]*)/.exec(cookieHeader ?? '')
  // Stryker disable next-line ConditionalExpression: a shortcut; without it reading the missing match throws inside the try below, which answers false too
  if (!match) return false
  try {
    // Stryker disable next-line Regex: unquoting without either anchor leaves text before or after the quotes, which never equals the confirmed value
    return decodeURIComponent(match[1].trim().replace(/^"(.*)"$/, '$1')) === CONFIRMED_VALUE
  } catch {
    return false
  }
}

/** Whether the request carries the age confirmation cookie. */
export function hasAgeCookie(request: Request): boolean {
  return isAgeConfirmed(request.headers.get('Cookie'))
}
