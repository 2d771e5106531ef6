import { describe, expect, it } from 'vitest'

import { absoluteUrl, DEFAULT_SOCIAL_IMAGE_ALT, jsonLd, OG_LOCALE, pageMeta, siteContext, siteJsonLd } from '~/lib/seo'

const root = { id: 'root', loaderData: { siteUrl: 'https://shop.example', settings: { brand_name: 'Green Leaf' } } }
const matches = [root, { id: 'routes/blog', loaderData: {} }]

/** The content (or href) of the one tag that has this name, property or rel. */
function tag(tags: ReturnType<typeof pageMeta>, key: string): string | undefined {
  const found = tags.filter((t) => {
    const d = t as Record<string, unknown>
    return d.name === key || d.property === key || (d.tagName === 'link' && d.rel === key)
  })
  expect(found.length, `one ${key}`).toBeLessThanOrEqual(1)
  const d = found[0] as Record<string, string> | undefined
  return d?.content ?? d?.href
}

/** Each of these tags (by name, property or rel) has the content given, or is absent where that is undefined. */
function expectTags(tags: ReturnType<typeof pageMeta>, expected: Record<string, string | undefined>) {
  const found = Object.fromEntries(Object.keys(expected).map((key) => [key, tag(tags, key)]))
  expect(found).toStrictEqual(expected)
}

function title(tags: ReturnType<typeof pageMeta>): string | undefined {
  return (tags.find((t) => 'title' in t) as { title: string } | undefined)?.title
}

describe('the site behind a page', () => {
  it('comes from the root route’s data', () => {
    expect(siteContext(matches)).toEqual({
      siteUrl: 'https://shop.example',
      brandName: 'Green Leaf',
      settings: { brand_name: 'Green Leaf' },
    })
  })

  it('falls back to the local address and the store’s name when the root has no data', () => {
    expect(siteContext([undefined, { id: 'routes/blog' }])).toEqual({
      siteUrl: 'http://localhost:3000',
      brandName: 'Lindsey Street Cannabis Co.',
    })
    expect(siteContext([{ id: 'root', loaderData: { siteUrl: 'https://a.example' } }])).toEqual({
      siteUrl: 'https://a.example',
      brandName: 'Lindsey Street Cannabis Co.',
    })
  })
})

describe('absolute addresses', () => {
  it('resolve a path against the site and keep a full address', () => {
    expect(absoluteUrl('https://shop.example', '/blog?page=2')).toBe('https://shop.example/blog?page=2')
    expect(absoluteUrl('https://shop.example', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png')
  })

  it('are the site itself when the address cannot be read', () => {
    expect(absoluteUrl('not a site', '/blog')).toBe('not a site')
  })
})

describe('a page’s meta tags', () => {
  it('title the page "{title} | {brand}" and repeat title, description and canonical address for sharing', () => {
    const tags = pageMeta(matches, { title: 'Blog', description: 'Posts from the store', path: '/blog' })
    expect(OG_LOCALE).toBe('en_US')
    expect(title(tags)).toBe('Blog | Green Leaf')
    expectTags(tags, {
      description: 'Posts from the store',
      canonical: 'https://shop.example/blog',
      'og:site_name': 'Green Leaf',
      'og:locale': OG_LOCALE,
      'og:title': 'Blog | Green Leaf',
      'og:description': 'Posts from the store',
      'og:type': 'website',
      'og:url': 'https://shop.example/blog',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Blog | Green Leaf',
      'twitter:description': 'Posts from the store',
    })
  })

  it('title the home page with the brand and what the store is', () => {
    const tags = pageMeta(matches, { title: null, description: 'd', path: '/' })
    expect(title(tags)).toBe('Green Leaf | Medical Marijuana Dispensary in Norman, OK')
  })

  it('use an exact title when one is given', () => {
    const tags = pageMeta(matches, { title: 'Ignored', fullTitle: 'Exactly this', description: 'd', path: '/x' })
    expect(title(tags)).toBe('Exactly this')
    expect(tag(tags, 'og:title')).toBe('Exactly this')
  })

  it('show the default social card, described by its own words, when the page has no image', () => {
    for (const image of [undefined, null, '']) {
      const tags = pageMeta(matches, { title: 'About', description: 'd', path: '/about', image })
      expectTags(tags, {
        'og:image': 'https://shop.example/images/social-default.png',
        'twitter:image': 'https://shop.example/images/social-default.png',
        'og:image:alt': DEFAULT_SOCIAL_IMAGE_ALT,
        'twitter:image:alt': DEFAULT_SOCIAL_IMAGE_ALT,
      })
    }
  })

  it('show a page’s own image as an absolute address, described by the page title unless told otherwise', () => {
    const tags = pageMeta(matches, {
      title: 'Edibles',
      description: 'd',
      path: '/blog/edibles',
      image: '/uploads/blog-images/a.png',
      type: 'article',
    })
    expectTags(tags, {
      'og:image': 'https://shop.example/uploads/blog-images/a.png',
      'twitter:image': 'https://shop.example/uploads/blog-images/a.png',
      'og:image:alt': 'Edibles | Green Leaf',
      'og:type': 'article',
    })

    const described = pageMeta(matches, {
      title: 'E',
      description: 'd',
      path: '/e',
      image: '/a.png',
      imageAlt: 'Gummies',
    })
    expectTags(described, {
      'og:image:alt': 'Gummies',
      'twitter:image:alt': 'Gummies',
    })
  })

  it('link the previous and next pages of a list, and nothing when there are none', () => {
    const middle = pageMeta(matches, {
      title: 'Blog',
      description: 'd',
      path: '/blog?page=2',
      prev: '/blog',
      next: '/blog?page=3',
    })
    expectTags(middle, {
      prev: 'https://shop.example/blog',
      next: 'https://shop.example/blog?page=3',
    })
    const only = pageMeta(matches, { title: 'Blog', description: 'd', path: '/blog', prev: null, next: null })
    expectTags(only, {
      prev: undefined,
      next: undefined,
    })
  })

  it('ask robots to stay away only from a page marked noindex', () => {
    expect(tag(pageMeta(matches, { title: 'S', description: 'd', path: '/s', noindex: true }), 'robots')).toBe(
      'noindex, nofollow',
    )
    expect(tag(pageMeta(matches, { title: 'S', description: 'd', path: '/s' }), 'robots')).toBeUndefined()
  })
})

describe('JSON-LD', () => {
  it('cannot close its script element or start markup, and reads back as the same value', () => {
    const value = { text: '</script><b>&amp;' }
    const written = jsonLd(value)
    expect(written).not.toMatch(/[<>&]/)
    expect(written).toBe('{"text":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026amp;"}')
    expect(JSON.parse(written)).toEqual(value)
  })

  it('of the home page names the store and its blog search', () => {
    const data = siteJsonLd({
      siteUrl: 'https://shop.example',
      brandName: 'Green Leaf',
      telephone: '(405) 555-0100',
      sameAs: ['https://instagram.example/greenleaf'],
    })
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Organization',
          '@id': 'https://shop.example/#organization',
          name: 'Green Leaf',
          url: 'https://shop.example/',
          logo: 'https://shop.example/images/logo.svg',
          telephone: '(405) 555-0100',
          sameAs: ['https://instagram.example/greenleaf'],
        },
        {
          '@type': 'WebSite',
          '@id': 'https://shop.example/#website',
          name: 'Green Leaf',
          url: 'https://shop.example/',
          inLanguage: 'en-US',
          publisher: { '@id': 'https://shop.example/#organization' },
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: 'https://shop.example/blog?q={search_term_string}' },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    })
  })
})
