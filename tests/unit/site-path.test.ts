import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { safeRedirectTo } from '~/auth/redirect-to'
import { isHttpsUrl, isImageAddress, isSitePath, locationHeaderValue } from '~/lib/site-path'
import { BrandSchema } from '~/schemas/brand'
import { DealSchema } from '~/schemas/deal'
import { PostSchema } from '~/schemas/post'

const SAME_SITE = [
  '/',
  '/uploads/brands/0b8f6c2e-3f7e-4d38-9f3b-2f1a2b3c4d5e.png',
  '/brands/prairie-gold.svg',
  '/blog?page=2#top',
  '/%2F%2Fevil.example/x.png',
]

// Each of these makes a browser leave the site, or is not a path at all.
const NOT_SAME_SITE = [
  ['backslash after the slash', '/\\evil.example/x.png'],
  ['backslash later', '/images\\..\\..\\evil'],
  ['scheme-relative', '//evil.example/x.png'],
  ['tab between the slashes', '/\t/evil.example/x.png'],
  ['newline between the slashes', '/\n/evil.example/x.png'],
  ['no-break space', '/\u00a0/evil.example'],
  ['javascript:', 'javascript:alert(1)'],
  ['data:', 'data:image/png;base64,AAAA'],
  ['relative path', 'images/x.png'],
  ['leading space', ' /x.png'],
  ['empty', ''],
]

describe('isSitePath: the one rule for paths on this site', () => {
  it.each(SAME_SITE)('accepts %j', (value) => {
    expect(isSitePath(value)).toBe(true)
  })

  it.each(NOT_SAME_SITE)('refuses a %s', (_name, value) => {
    expect(isSitePath(value)).toBe(false)
  })
})

describe('isHttpsUrl and isImageAddress', () => {
  it('accepts https addresses and site paths only', () => {
    expect(isHttpsUrl('https://cdn.example.com/a.png')).toBe(true)
    expect(isImageAddress('https://cdn.example.com/a.png')).toBe(true)
    expect(isImageAddress('/uploads/deals/a.png')).toBe(true)
    for (const value of [
      'http://cdn.example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https://user:pass@evil.example/a.png',
      'ftp://example.com/a.png',
      '/\\evil.example/x.png',
    ]) {
      expect(isImageAddress(value), value).toBe(false)
    }
  })
})

function form(values: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

describe('every image field and return address uses the same rule', () => {
  it.each(NOT_SAME_SITE.filter(([, value]) => value.startsWith('/')))('%s is refused everywhere', (_name, value) => {
    const brand = parseWithZod(form({ name: 'Brand', logo_url: value }), { schema: BrandSchema })
    const deal = parseWithZod(form({ title: 'Deal', image_url: value }), { schema: DealSchema })
    const post = parseWithZod(form({ title: 'Post', hero_image_url: value, og_image_url: value }), {
      schema: PostSchema,
    })
    expect(brand.status === 'success' ? null : brand.error?.logo_url).toEqual([
      'Logo URL must be a URL (https://…) or a path on this site (/…)',
    ])
    expect(deal.status === 'success' ? null : deal.error?.image_url).toEqual([
      'Image URL must be a URL (https://…) or a path on this site (/…)',
    ])
    expect(post.status === 'success' ? null : post.error?.hero_image_url).toEqual([
      'Enter a full address starting with https:// or an uploaded image path',
    ])
    expect(safeRedirectTo(value, '/')).toBe('/')
  })

  it('a real upload path passes every form', () => {
    const path = SAME_SITE[1]
    expect(parseWithZod(form({ name: 'Brand', logo_url: path }), { schema: BrandSchema }).status).toBe('success')
    expect(parseWithZod(form({ title: 'Deal', image_url: path }), { schema: DealSchema }).status).toBe('success')
    expect(parseWithZod(form({ title: 'Post', hero_image_url: path }), { schema: PostSchema }).status).toBe('success')
  })
})

describe('an address as a Location header carries it', () => {
  it('encodes letters beyond ASCII where they stand, as UTF-8, and leaves the rest alone', () => {
    expect(locationHeaderValue('/blog?q=café')).toBe('/blog?q=caf%C3%A9')
    expect(locationHeaderValue('https://maps.example/?q=Lindsey’s Norman')).toBe(
      'https://maps.example/?q=Lindsey%E2%80%99s%20Norman',
    )
    expect(locationHeaderValue('/deals?x=%41&y=~!*')).toBe('/deals?x=%41&y=~!*')
    // Not resolved as a URL would be: still a path on this site.
    expect(locationHeaderValue('/.//evil.example/é')).toBe('/.//evil.example/%C3%A9')
  })

  it('keeps a character of two UTF-16 halves whole, and sends a lone half as the replacement character', () => {
    expect(locationHeaderValue('/x/😀')).toBe('/x/%F0%9F%98%80')
    expect(locationHeaderValue('/x/\ud83dy')).toBe('/x/%EF%BF%BDy')
    expect(locationHeaderValue('/x/\ude00')).toBe('/x/%EF%BF%BD')
    expect(locationHeaderValue('/x/\ud83d\ude00\ude00')).toBe('/x/%F0%9F%98%80%EF%BF%BD')
    expect(locationHeaderValue('/x/\ud83d\ud83d\ude00')).toBe('/x/%EF%BF%BD%F0%9F%98%80')
  })
})
