import { randomUUID } from 'node:crypto'

import { createCookie } from 'react-router'

import { config } from '~/config.server'
import { CONTACT_SENT_COOKIE, parseCookies } from '~/http/cookies.server'

/**
 * The mark a successful send leaves for the page it redirects to: a fresh
 * random key each time, carried in a short-lived cookie next to the success
 * toast. The contact page's loader reads it (and clears it) and the form is
 * drawn anew under that key, so an answered send always leaves an empty form,
 * whatever order the browser's navigation events arrive in, and with or
 * without JavaScript.
 */
function sentCookie() {
  return createCookie(CONTACT_SENT_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config().isSecureSite,
    maxAge: 60,
  })
}

/** A Set-Cookie header carrying a new key for one successful send. */
export async function sentMarkHeader(): Promise<string> {
  return sentCookie().serialize(randomUUID())
}

/**
 * The key a successful send left, with the header that clears it; null when
 * no mark is waiting. An unreadable mark is cleared and gives no key.
 */
export async function readSentMark(request: Request): Promise<{ key: string | null; clear: string } | null> {
  const raw = request.headers.get('Cookie')
  if (!parseCookies(raw).has(CONTACT_SENT_COOKIE)) return null
  const value: unknown = await sentCookie().parse(raw)
  const key = typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value) ? value : null
  return { key, clear: await sentCookie().serialize('', { maxAge: 0 }) }
}
