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
    const wherever = ['age_verified=IjEi', 'a=1; age_verified=IjEi; b=2', 'a=1;age_verified=IjEi']
    const quoted = ['age_verified="IjEi"', 'age_verified= IjEi ']
    for (const header of [...wherever, ...quoted]) expect(isAgeConfirmed(header), header).toBe(true)
  })

  it('is no for another value, another cookie name, a broken encoding, or no cookie', () => {
    const otherValues = ['age_verified=IjAi', 'age_verified=', 'age_verified=IjEiX']
    const otherName = 'not_age_verified=IjEi'
    const brokenEncoding = 'age_verified=%E0%A4%A'
    for (const header of [...otherValues, otherName, brokenEncoding, '', null, undefined]) {
      expect(isAgeConfirmed(header), String(header)).toBe(false)
    }
    expect(hasAgeCookie(new Request('http://localhost:3000/'))).toBe(false)
  })
})
