import { createCookie } from 'react-router'
import { config } from '~/config.server'

/** Age confirmation lasts 30 days (spec §5). */
export const AGE_CONFIRMATION_DAYS = 30

export function ageCookie() {
  return createCookie('age_verified', {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: config().isSecureSite,
    maxAge: AGE_CONFIRMATION_DAYS * 24 * 60 * 60,
  })
}

/** Whether the request carries the age confirmation cookie. */
export async function hasAgeCookie(request: Request): Promise<boolean> {
  try {
    return (await ageCookie().parse(request.headers.get('Cookie'))) === '1'
  } catch {
    return false
  }
}
