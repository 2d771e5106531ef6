import type { SiteSettings } from '~/schemas/settings'

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null
  } catch {
    return null
  }
}

/** Hosts the pages really frame: the live menu and the two stores' maps. */
export function frameSources(settings: SiteSettings): string[] {
  const urls = [settings.live_menu_url, settings.stores.Lindsey.map_embed_url, settings.stores.BlueWater.map_embed_url]
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== null))]
}

/**
 * The enforced Content-Security-Policy of an HTML document. Scripts run only
 * with this document's nonce (and what they load, 'strict-dynamic').
 */
export function contentSecurityPolicy(nonce: string, settings: SiteSettings, secure: boolean): string {
  const directives = [
    `default-src 'self'`,
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'unsafe-inline'`,
    // Staff may paste image addresses of other sites (brand logos, post images).
    `img-src 'self' data: blob: https:`,
    `font-src 'self'`,
    `connect-src 'self'`,
    `frame-src ${frameSources(settings).join(' ') || `'none'`}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
    `manifest-src 'self'`,
    `worker-src 'none'`,
  ]
  if (secure) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Headers every response carries, whatever it is. */
export function responseSecurityHeaders(secureSite: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
  ]
  if (secureSite) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])
  return headers
}

/** Files, feeds and JSON set no policy of their own: they get one that allows nothing to run. */
export const NON_DOCUMENT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
