import { describe, expect, it } from 'vitest'

import { isHttpsUrl, isSitePath } from '~/lib/site-path'

describe('a path on this site', () => {
  it('starts with a slash: a relative path is not one', () => {
    expect(isSitePath('images/a.png')).toBe(false)
    expect(isSitePath('a')).toBe(false)
    expect(isSitePath('/images/a.png')).toBe(true)
  })

  it('is no path when the value is missing or not text (a form or link that left it out)', () => {
    expect(isSitePath(undefined)).toBe(false)
    expect(isSitePath(null)).toBe(false)
  })
})

describe('an https address', () => {
  it('has no spaces or control characters, even ones a URL parser would encode', () => {
    expect(isHttpsUrl('https://cdn.example/a b.png')).toBe(false)
    expect(isHttpsUrl('https://cdn.example/a\u00a0b.png')).toBe(false)
    expect(isHttpsUrl('https://cdn.example/ab.png')).toBe(true)
  })

  it('is false, not merely falsy, for text that is no address', () => {
    expect(isHttpsUrl('not a url')).toBe(false)
    expect(isHttpsUrl('https://')).toBe(false)
  })
})
