import { describe, expect, it } from 'vitest'

import { isAgeConfirmed } from '~/http/age-gate.server'
import { carriesPersonalCookie, cookieHeaderOf, cookieValue, parseCookies } from '~/http/cookies.server'
import { hasSessionCookie, isSharedRequest } from '~/http/http-cache.server'

/** One reading of the Cookie header decides "whose page is this" for the router and the cache alike. */
describe('one cookie reading', () => {
  it('a space around "=" or ";" does not hide a cookie', () => {
    const jar = parseCookies('age_verified=IjEi;session =abc.def ;  toast= x')
    expect(jar.get('session')).toBe('abc.def')
    expect(jar.get('toast')).toBe('x')
    expect(cookieHeaderOf(jar)).toBe('age_verified=IjEi; session=abc.def; toast=x')
  })

  it('the first of a repeated name wins and a fragment without "=" is ignored', () => {
    const jar = parseCookies('junk; session=first; session=second; =nameless')
    expect(jar.get('session')).toBe('first')
    expect([...jar.keys()]).toEqual(['session'])
  })

  it('values are decoded as the cookie library does, quotes dropped; a broken escape reads as none', () => {
    expect(cookieValue(parseCookies('age_verified="IjEi"'), 'age_verified')).toBe('IjEi')
    expect(cookieValue(parseCookies('a=%E0%A4%A'), 'a')).toBeNull()
  })

  it('a signed-in member of staff whose browser writes "session =…" never gets a shared page', () => {
    const url = new URL('http://localhost/about')
    expect(isSharedRequest(url, 'age_verified=IjEi; session =s%3Aabc')).toBe(false)
    expect(isSharedRequest(url, 'age_verified=IjEi; __Host-toast =x')).toBe(false)
    expect(isSharedRequest(url, 'age_verified=IjEi; sessions=x; my_session=y')).toBe(true)
    expect(hasSessionCookie(new Request('http://localhost/', { headers: { Cookie: ' session = x' } }))).toBe(true)
    expect(carriesPersonalCookie(parseCookies('__Host-session=x'))).toBe(true)
  })

  it('a visitor whose message was just sent gets the contact page drawn for her, not a kept copy', () => {
    // The kept page's form would still hold her text; her own rendering reads the mark and starts empty.
    const contact = new URL('http://localhost/contact')
    expect(isSharedRequest(contact, 'age_verified=IjEi; contact_sent=abc')).toBe(false)
    expect(isSharedRequest(contact, 'age_verified=IjEi; contact_sent_x=abc')).toBe(true)
  })

  it('the age gate is read the same way', () => {
    expect(isAgeConfirmed('age_verified =IjEi')).toBe(true)
    expect(isAgeConfirmed('age_verified=IjEi; age_verified=IjAi')).toBe(true)
    expect(isAgeConfirmed('x_age_verified=IjEi')).toBe(false)
  })
})
