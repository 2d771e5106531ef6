import { describe, expect, it } from 'vitest'

import { carriesSessionCookie, parseCookies } from '~/http/cookies.server'
import { tapPath } from '~/lib/tap-path'
import { parseTapPath, tapItem } from '~/lib/taps'
import { campaignValue, deviceClass, isPrefetch, publicPageOf, referrerSite } from '~/lib/visits'

import { cpuMs, growth, MAX_GROWTH_FOR_TENFOLD_INPUT } from '../support/growth'

/** Staff are known as the page cache knows a personal page: by the one cookie reading. */
const isStaffRequest = (cookieHeader: string | undefined) => carriesSessionCookie(parseCookies(cookieHeader))

describe('which requests are page views', () => {
  it('counts the public pages, posts, categories and tags, and the client-side requests for them', () => {
    expect(publicPageOf('/')).toEqual({ path: '/', data: false })
    expect(publicPageOf('/_.data')).toEqual({ path: '/', data: true })
    expect(publicPageOf('/blog/_.data')).toEqual({ path: '/blog', data: true })
    expect(publicPageOf('/blog.data')).toEqual({ path: '/blog', data: true })
    expect(publicPageOf('/about/')).toEqual({ path: '/about', data: false })
    expect(publicPageOf('/blog/curbside-pickup-is-here')).toEqual({
      path: '/blog/curbside-pickup-is-here',
      data: false,
    })
    expect(publicPageOf('/blog/category/education')?.path).toBe('/blog/category/education')
    expect(publicPageOf('/blog/tag/edibles.data')).toEqual({ path: '/blog/tag/edibles', data: true })
    for (const page of [
      '/locations',
      '/deals',
      '/brands',
      '/live-menu',
      '/reviews',
      '/contact',
      '/terms',
      '/privacy',
    ]) {
      expect(publicPageOf(page)?.path).toBe(page)
    }
  })

  it('leaves out the staff area, files, feeds, tap links and addresses no page has', () => {
    for (const path of [
      '/admin',
      '/admin/blog',
      '/admin.data',
      '/admin/deals/_.data',
      '/assets/entry.js',
      '/favicon.ico',
      '/feed.xml',
      '/api/blog-rss',
      '/healthz',
      '/go/call/lindsey',
      '/uploads/posts/a.png',
      '/blog/a/b/c',
      '/blog/Upper-Case',
      '/aboutx',
    ]) {
      expect(publicPageOf(path), path).toBeNull()
    }
  })

  it('knows a prefetch by any of the headers browsers send', () => {
    expect(isPrefetch({ 'sec-purpose': 'prefetch' })).toBe(true)
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true)
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true)
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true)
    expect(isPrefetch({ 'x-purpose': 'preview' })).toBe(true)
    expect(isPrefetch({ accept: 'text/html' })).toBe(false)
  })

  it('knows staff by a session cookie under either name', () => {
    expect(isStaffRequest('session=abc')).toBe(true)
    expect(isStaffRequest('age_verified=1; __Host-session=abc')).toBe(true)
    expect(isStaffRequest('age_verified=1')).toBe(false)
    expect(isStaffRequest('mysession=abc')).toBe(false)
    expect(isStaffRequest(undefined)).toBe(false)
    // Written with a space before '=', as the page cache reads it too.
    expect(isStaffRequest('session =abc')).toBe(true)
  })
})

describe('what is kept about a visit', () => {
  it('sorts devices into phone, tablet and desktop', () => {
    expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1')).toBe(
      'phone',
    )
    expect(deviceClass('Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/142.0 Mobile Safari/537.36')).toBe('phone')
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1')).toBe('tablet')
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/142.0 Safari/537.36')).toBe('tablet')
    expect(deviceClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/142.0 Safari/537.36')).toBe('desktop')
    expect(deviceClass('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15')).toBe('desktop')
    expect(deviceClass(undefined)).toBe('desktop')
  })

  it('calls Android a tablet exactly when no "Mobile" follows some "Android"', () => {
    const cases = {
      'Android 14; SM-X710': 'tablet',
      'Android 15; Pixel 9 Mobile': 'phone',
      'android; mobile': 'phone',
      'Mobile; Android 14': 'tablet',
      'Android; Mobile; Android 14': 'tablet',
      'Android; Android; Mobile': 'phone',
      AndroidMobile: 'phone',
    }
    for (const [ua, device] of Object.entries(cases)) expect(deviceClass(`Mozilla/5.0 (Linux; ${ua})`), ua).toBe(device)
  })

  it('reads a long User-Agent in time that grows with its length, not its square', () => {
    // Every page view is sorted, cached pages too; a header may hold 16 KB.
    const header = (length: number) => `Mozilla/5.0 (${'Android; '.repeat(length / 9)}) Mobile`
    // 200 headers a run, so the small run is well above timer noise.
    const sort = (ua: string) => () => {
      let device = deviceClass(ua)
      for (let i = 1; i < 200; i++) device = deviceClass(ua)
      return device
    }
    const small = cpuMs(sort(header(1_600)))
    const large = cpuMs(sort(header(16_000)))
    expect(large.value).toBe('phone')
    expect(growth(small, large)).toBeLessThan(MAX_GROWTH_FOR_TENFOLD_INPUT)
  })

  it('names the referring site only, "direct" without one, nothing for our own pages', () => {
    const site = 'lindseystreet.example'
    expect(referrerSite('https://www.google.com/', site)).toBe('google.com')
    expect(referrerSite('https://www.leafly.com/dispensary-info/lindsey?x=1', site)).toBe('leafly.com')
    expect(referrerSite('https://l.instagram.com/?u=https%3A%2F%2Flindsey', site)).toBe('instagram.com')
    expect(referrerSite('https://m.facebook.com/', site)).toBe('facebook.com')
    expect(referrerSite('android-app://com.google.android.googlequicksearchbox/', site)).toBe('google.com')
    expect(referrerSite(undefined, site)).toBe('direct')
    expect(referrerSite('not a url', site)).toBe('direct')
    expect(referrerSite('https://lindseystreet.example/blog', site)).toBeNull()
  })

  it('keeps campaign names short, trimmed and in lower case', () => {
    expect(campaignValue(' Black-Friday ')).toBe('black-friday')
    expect(campaignValue('')).toBeNull()
    expect(campaignValue(null)).toBeNull()
    expect(campaignValue('x'.repeat(300))).toHaveLength(100)
  })
})

describe('tap addresses', () => {
  it('round-trip between a tap and its address', () => {
    expect(tapPath('live-menu')).toBe('/go/live-menu')
    expect(tapPath('call', 'Lindsey')).toBe('/go/call/lindsey')
    expect(tapPath('directions', 'BlueWater')).toBe('/go/directions/bluewater')
    expect(parseTapPath('review', 'bluewater')).toEqual({ tap: 'review', store: 'BlueWater' })
    expect(parseTapPath('live-menu', undefined)).toEqual({ tap: 'live-menu', store: null })
    expect(parseTapPath('live-menu', 'lindsey')).toBeNull()
    expect(parseTapPath('call', undefined)).toBeNull()
    expect(parseTapPath('contact', undefined)).toBeNull()
    expect(tapItem('call', 'Lindsey')).toBe('call:Lindsey')
    expect(tapItem('contact', null)).toBe('contact')
  })
})
