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
  ['one letter, no slash', 'a'],
  ['empty', ''],
]

describe('isSitePath: the one rule for paths on this site', () => {
  it.each(SAME_SITE)('accepts %j', (value) => {
    expect(isSitePath(value)).toBe(true)
  })

  it.each(NOT_SAME_SITE)('refuses a %s', (_name, value) => {
    expect(isSitePath(value)).toBe(false)
  })

  it.each([undefined, null])('refuses %j, the value of a field a form or link left out', (value) => {
    expect(isSitePath(value)).toBe(false)
  })
})

// [address, an https address, a picture address]: a picture is either; each answer is
// `false` itself, not merely falsy.
const ADDRESSES: [string, boolean, boolean][] = [
  ['https://cdn.example.com/a.png', true, true],
  ['/uploads/deals/a.png', false, true],
  ['http://cdn.example.com/a.png', false, false],
  ['javascript:alert(1)', false, false],
  ['data:image/png;base64,AAAA', false, false],
  ['https://user:pass@evil.example/a.png', false, false],
  ['ftp://example.com/a.png', false, false],
  ['/\\evil.example/x.png', false, false],
  // No spaces or control characters, even ones a URL parser would encode.
  ['https://cdn.example/a b.png', false, false],
  ['https://cdn.example/a\u00a0b.png', false, false],
  ['https://cdn.example/a\u0007b.png', false, false],
  ['not a url', false, false],
  ['https://', false, false],
]

describe('isHttpsUrl and isImageAddress', () => {
  it.each(ADDRESSES)('%j: an https address %s, a picture address %s', (value, https, picture) => {
    expect(isHttpsUrl(value)).toBe(https)
    expect(isImageAddress(value)).toBe(picture)
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

// [what, address, as the Location header carries it]
const LOCATIONS: [string, string, string][] = [
  ['a letter beyond ASCII, as UTF-8 where it stands', '/blog?q=café', '/blog?q=caf%C3%A9'],
  [
    'a curly apostrophe and a space',
    'https://maps.example/?q=Lindsey’s Norman',
    'https://maps.example/?q=Lindsey%E2%80%99s%20Norman',
  ],
  ['escapes and marks already allowed, untouched', '/deals?x=%41&y=~!*', '/deals?x=%41&y=~!*'],
  // Not resolved as a URL would be: still a path on this site.
  ['dots and slashes, unresolved', '/.//evil.example/é', '/.//evil.example/%C3%A9'],
  ['a character of two UTF-16 halves, whole', '/x/😀', '/x/%F0%9F%98%80'],
  ['a first half alone, as the replacement character', '/x/\ud83dy', '/x/%EF%BF%BDy'],
  ['a second half alone at the end', '/x/\ude00', '/x/%EF%BF%BD'],
  ['a pair and then a second half alone', '/x/\ud83d\ude00\ude00', '/x/%F0%9F%98%80%EF%BF%BD'],
  ['a first half alone and then a pair', '/x/\ud83d\ud83d\ude00', '/x/%EF%BF%BD%F0%9F%98%80'],
]

describe('an address as a Location header carries it', () => {
  it.each(LOCATIONS)('%s', (_what, address, sent) => {
    expect(locationHeaderValue(address)).toBe(sent)
  })
})
