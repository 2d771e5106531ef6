import { afterEach, describe, expect, it } from 'vitest'

import { resetConfigForTesting } from '~/config.server'
import { ageCookie, hasAgeCookie, isAgeConfirmed } from '~/http/age-gate.server'
import { AGE_CONFIRMATION_DAYS, AGE_RECORD_MAX_AGE_MS } from '~/lib/age-record'

import { cookieAttributes } from '../support/cookies'

const savedSiteUrl = process.env.SITE_URL

afterEach(() => {
  if (savedSiteUrl === undefined) delete process.env.SITE_URL
  else process.env.SITE_URL = savedSiteUrl
  resetConfigForTesting()
})

async function confirmationCookie(siteUrl: string): Promise<string> {
  process.env.SITE_URL = siteUrl
  resetConfigForTesting()
  return ageCookie().serialize('1')
}

describe('the age confirmation cookie', () => {
  it('lasts 30 days, on every path, sent on links from other sites but readable by the page script', async () => {
    const setCookie = await confirmationCookie('http://localhost:3000')
    expect(setCookie.startsWith('age_verified=')).toBe(true)
    const attrs = cookieAttributes(setCookie)
    expect(AGE_CONFIRMATION_DAYS).toBe(30)
    expect(attrs.get('max-age')).toBe(String(30 * 24 * 60 * 60))
    // The browser's own record of the answer lasts exactly as long as the cookie.
    expect(AGE_RECORD_MAX_AGE_MS).toBe(Number(attrs.get('max-age')) * 1000)
    expect(attrs.get('path')).toBe('/')
    expect(attrs.get('samesite')).toBe('Lax')
    expect(attrs.has('httponly')).toBe(false)
    expect(attrs.has('secure')).toBe(false)
  })

  it('is Secure on an https site', async () => {
    expect(cookieAttributes(await confirmationCookie('https://shop.example')).has('secure')).toBe(true)
  })

  it('that "Yes, Enter" sets is recognised on the next request', async () => {
    const cookie = (await confirmationCookie('http://localhost:3000')).split(';')[0]
    expect(isAgeConfirmed(cookie)).toBe(true)
    expect(hasAgeCookie(new Request('http://localhost:3000/', { headers: { Cookie: `theme=dark; ${cookie}` } }))).toBe(
      true,
    )
  })
})

describe('whether a visitor confirmed their age', () => {
  it('is read from the cookie wherever it stands, quoted or not', () => {
    expect(isAgeConfirmed('age_verified=IjEi')).toBe(true)
    expect(isAgeConfirmed('a=1; age_verified=IjEi; b=2')).toBe(true)
    expect(isAgeConfirmed('a=1;age_verified=IjEi')).toBe(true)
    expect(isAgeConfirmed('age_verified="IjEi"')).toBe(true)
    expect(isAgeConfirmed('age_verified= IjEi ')).toBe(true)
  })

  it('is no for another value, another cookie name, a broken encoding, or no cookie', () => {
    expect(isAgeConfirmed('age_verified=IjAi')).toBe(false)
    expect(isAgeConfirmed('age_verified=')).toBe(false)
    expect(isAgeConfirmed('age_verified=IjEiX')).toBe(false)
    expect(isAgeConfirmed('not_age_verified=IjEi')).toBe(false)
    expect(isAgeConfirmed('age_verified=%E0%A4%A')).toBe(false)
    expect(isAgeConfirmed('')).toBe(false)
    expect(isAgeConfirmed(null)).toBe(false)
    expect(isAgeConfirmed(undefined)).toBe(false)
    expect(hasAgeCookie(new Request('http://localhost:3000/'))).toBe(false)
  })
})
