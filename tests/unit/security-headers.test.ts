import { describe, expect, it } from 'vitest'

import {
  contentSecurityPolicy,
  frameSources,
  NON_DOCUMENT_CSP,
  responseSecurityHeaders,
} from '~/http/security-headers.server'
import { DEFAULT_SETTINGS, type SiteSettings } from '~/schemas/settings'

/** The policy as a map from directive name to its value. */
function directives(policy: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const part of policy.split('; ')) {
    const [name, ...values] = part.split(' ')
    expect(map.has(name), `directive ${name} appears once`).toBe(false)
    map.set(name, values.join(' '))
  }
  return map
}

function withFrames(liveMenu: string, lindseyMap: string, blueWaterMap: string): SiteSettings {
  return {
    ...DEFAULT_SETTINGS,
    live_menu_url: liveMenu,
    stores: {
      Lindsey: { ...DEFAULT_SETTINGS.stores.Lindsey, map_embed_url: lindseyMap },
      BlueWater: { ...DEFAULT_SETTINGS.stores.BlueWater, map_embed_url: blueWaterMap },
    },
  }
}

describe('the frames a page may show', () => {
  it('are the origins of the live menu and the two store maps, each once', () => {
    expect(frameSources(DEFAULT_SETTINGS)).toEqual(['https://dutchie.com', 'https://www.google.com'])
    expect(
      frameSources(withFrames('https://menu.example/a?b', 'https://maps.example/x', 'http://other.example:8080/y')),
    ).toEqual(['https://menu.example', 'https://maps.example', 'http://other.example:8080'])
  })

  it('leave out addresses that are not http(s) or not addresses at all', () => {
    expect(frameSources(withFrames('javascript:alert(1)', 'not a url', 'data:text/html,hi'))).toEqual([])
    expect(frameSources(withFrames('ftp://files.example/menu', '', 'https://maps.example/x'))).toEqual([
      'https://maps.example',
    ])
  })
})

describe('the Content-Security-Policy of a page', () => {
  it('lets only scripts with the page nonce run, and what they load', () => {
    const policy = directives(contentSecurityPolicy('abc123', DEFAULT_SETTINGS, false))
    expect(policy.get('script-src')).toBe(`'nonce-abc123' 'strict-dynamic'`)
  })

  it('has every directive the site depends on, with its value', () => {
    const policy = directives(contentSecurityPolicy('n0nce', DEFAULT_SETTINGS, false))
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': `'self'`,
      'script-src': `'nonce-n0nce' 'strict-dynamic'`,
      'style-src': `'self' 'unsafe-inline'`,
      'img-src': `'self' data: blob: https:`,
      'font-src': `'self'`,
      'connect-src': `'self'`,
      'frame-src': 'https://dutchie.com https://www.google.com',
      'object-src': `'none'`,
      'base-uri': `'self'`,
      'form-action': `'self'`,
      'frame-ancestors': `'self'`,
      'manifest-src': `'self'`,
      'worker-src': `'none'`,
    })
  })

  it("frames nothing when no frame address is usable ('none', never an empty directive)", () => {
    const policy = directives(contentSecurityPolicy('n', withFrames('mailto:a@b.example', 'x', 'y'), false))
    expect(policy.get('frame-src')).toBe(`'none'`)
  })

  it('asks the browser to upgrade insecure requests only on an https site', () => {
    expect(contentSecurityPolicy('n', DEFAULT_SETTINGS, true).endsWith('; upgrade-insecure-requests')).toBe(true)
    expect(directives(contentSecurityPolicy('n', DEFAULT_SETTINGS, true)).has('upgrade-insecure-requests')).toBe(true)
    expect(directives(contentSecurityPolicy('n', DEFAULT_SETTINGS, false)).has('upgrade-insecure-requests')).toBe(false)
  })
})

describe('the headers every response carries', () => {
  it('have the values the site depends on', () => {
    expect(Object.fromEntries(responseSecurityHeaders(false))).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'X-Frame-Options': 'SAMEORIGIN',
    })
  })

  it('add HSTS for a year, subdomains included, only on an https site', () => {
    const secure = new Map(responseSecurityHeaders(true))
    expect(secure.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains')
    expect(secure.size).toBe(6)
    expect(new Map(responseSecurityHeaders(false)).has('Strict-Transport-Security')).toBe(false)
  })

  it('give files, feeds and JSON a policy that runs nothing and cannot be framed by others', () => {
    expect(Object.fromEntries(directives(NON_DOCUMENT_CSP))).toEqual({
      'default-src': `'none'`,
      'img-src': `'self'`,
      'style-src': `'unsafe-inline'`,
      'frame-ancestors': `'self'`,
      'base-uri': `'none'`,
      'form-action': `'none'`,
    })
  })
})
