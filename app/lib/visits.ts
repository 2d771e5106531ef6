import { pagePathOf } from '~/lib/data-request'

/**
 * Rules for counting visits, with no I/O: which addresses are public pages,
 * which requests are not a person reading a page, a referrer's site name and a
 * device's class. The counter (app/http/visit-counter.server.ts) applies them.
 */

const PAGE_PATHS = new Set(['/', '/about', '/locations', '/deals', '/brands', '/live-menu', '/blog', '/reviews'])
const LEGAL_AND_CONTACT = new Set(['/contact', '/terms', '/privacy'])
const BLOG_ENTRY = /^\/blog\/(?:(?:category|tag)\/)?[a-z0-9][a-z0-9-]{0,150}$/

export interface PageRequest {
  /** the page's path, '/blog/curbside-pickup-is-here' */
  path: string
  /** a client-side navigation (React Router's `.data` request) rather than a document */
  data: boolean
}

/**
 * The public page a GET asks for, or null for anything else (files, feeds, the
 * staff area, the tap links). `/blog.data` and `/_.data` are the client
 * side's requests for `/blog` and `/` (app/lib/data-request.ts). A trailing
 * slash is dropped.
 */
export function publicPageOf(pathname: string): PageRequest | null {
  let path = pathname
  let data = false
  if (path.endsWith('.data')) {
    data = true
    path = pagePathOf(path)
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  if (PAGE_PATHS.has(path) || LEGAL_AND_CONTACT.has(path) || BLOG_ENTRY.test(path)) return { path, data }
  return null
}

type HeaderValue = string | string[] | undefined
const first = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value)

/** A browser fetching ahead of a click (`Sec-Purpose: prefetch`, or the older `Purpose`/`X-Purpose`/`X-Moz`). */
export function isPrefetch(headers: Record<string, HeaderValue>): boolean {
  const purpose = `${first(headers['sec-purpose']) ?? ''} ${first(headers['purpose']) ?? ''} ${first(headers['x-purpose']) ?? ''} ${first(headers['x-moz']) ?? ''}`
  return /prefetch|prerender|preview/i.test(purpose)
}

export type DeviceClass = 'phone' | 'tablet' | 'desktop'

/** Phone, tablet or desktop from a User-Agent (an iPad that says "Macintosh" counts as a desktop). */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  const ua = userAgent ?? ''
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua) || isAndroidTablet(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return 'phone'
  return 'desktop'
}

/**
 * Android without "Mobile" after it. Only the last "Android" needs looking
 * at: a pattern that looked ahead from each one (`Android(?!.*Mobile)`) read
 * the rest of the header again for every one, so a 16 KB header of "Android;"
 * cost time growing with its square, on every page view, cached pages too.
 */
function isAndroidTablet(ua: string): boolean {
  const lower = ua.toLowerCase()
  const last = lower.lastIndexOf('android')
  return last !== -1 && !lower.includes('mobile', last + 'android'.length)
}

const SUBDOMAINS = /^(?:www\d?|m|l|lm|mobile|out|amp)\./

/** Apps that send `android-app://` referrers, by the site people know them as. */
const ANDROID_APPS: Record<string, string> = {
  'com.google.android.googlequicksearchbox': 'google.com',
  'com.google.android.gm': 'gmail.com',
  'com.instagram.android': 'instagram.com',
  'com.facebook.katana': 'facebook.com',
  'com.twitter.android': 'x.com',
}

/**
 * The site a visitor came from, by name only ('google.com', 'leafly.com',
 * 'instagram.com'), 'direct' when the browser sent none, or null when the
 * visitor came from one of our own pages. Never a path or a query.
 */
export function referrerSite(referer: string | undefined, siteHost: string): string | null {
  if (!referer) return 'direct'
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return 'direct'
  }
  if (url.protocol === 'android-app:') return ANDROID_APPS[url.host] ?? url.host.slice(0, 100).toLowerCase()
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'direct'
  if (url.host === siteHost) return null
  const host = url.hostname.toLowerCase().replace(/\.$/, '').replace(SUBDOMAINS, '')
  return host.slice(0, 100) || 'direct'
}

/** A `utm_source` or `utm_campaign` value as counted: trimmed, lower case, at most 100 characters; null when empty. */
export function campaignValue(value: string | null): string | null {
  const text = value?.trim().toLowerCase().slice(0, 100)
  return text ? text : null
}

/** The dashboard's ranges, in days; 30 unless the address asks for another. */
export const VISIT_RANGES = [7, 30, 90] as const
export type VisitRange = (typeof VISIT_RANGES)[number]

/** `?days=` read leniently: one of the ranges, else 30. */
export function visitRange(value: string | null): VisitRange {
  return VISIT_RANGES.find((days) => String(days) === value) ?? 30
}

export interface DayFigures {
  day: string
  visitors: number
  views: number
  /** taps that day, by item ('call:Lindsey', 'live-menu') */
  taps: Record<string, number>
}

export interface Ranked {
  item: string
  count: number
}

export interface VisitReport {
  days: number
  from: string
  to: string
  /** every day of the range, oldest first, zeros included */
  perDay: DayFigures[]
  totals: { visitors: number; views: number }
  thisWeek: { visitors: number; views: number }
  lastWeek: { visitors: number; views: number }
  topPages: Ranked[]
  topPosts: (Ranked & { title: string | null })[]
  referrers: Ranked[]
  campaigns: { sources: Ranked[]; campaigns: Ranked[] }
  devices: Record<'phone' | 'tablet' | 'desktop', number>
  /** taps over the range, by item */
  taps: Record<string, number>
}
