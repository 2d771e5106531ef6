import type { MetaDescriptor } from 'react-router'

import type { SiteSettings } from '~/schemas/settings'

/** The root loader data every page's meta can read through `matches`. */
export interface SiteMetaContext {
  siteUrl: string
  brandName: string
  /** The store facts, for descriptions that name hours, phones or addresses */
  settings?: SiteSettings
}

export const DEFAULT_SOCIAL_IMAGE = '/images/social-default.png'

/** The words on the default social card (a static image drawn by scripts/render-images.ts). */
export const DEFAULT_SOCIAL_IMAGE_ALT =
  'Lindsey Street Cannabis Co. – Medical Marijuana Dispensary, Norman, OK. A medical card is required for every visit.'

type MatchLike = { id: string; loaderData?: unknown } | undefined

/** Reads site URL and brand from the root match of a meta function. */
export function siteContext(matches: readonly MatchLike[]): SiteMetaContext {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { siteUrl?: string; settings?: SiteSettings } | undefined
  return {
    siteUrl: root?.siteUrl ?? 'http://localhost:3000',
    brandName: root?.settings?.brand_name ?? 'Lindsey Street Cannabis Co.',
    settings: root?.settings,
  }
}

/**
 * The store facts the root loader read, for a page's meta. A page's meta only
 * runs once that loader has succeeded (when it fails, the root's error page is
 * all that is drawn), so they are always there.
 */
export function settingsOf(matches: readonly MatchLike[]): SiteSettings {
  const { settings } = siteContext(matches)
  if (!settings) throw new Error("A page's meta ran without the root loader's settings")
  return settings
}

export interface PageMetaInput {
  /** Page title without the brand; null for the home page (brand only). */
  title: string | null
  description: string
  /** Path of the canonical address, e.g. '/blog'. */
  path: string
  /** Absolute or site-relative image for social cards. */
  image?: string | null
  type?: 'website' | 'article'
  /** Use this exact document title instead of "{title} | {brand}". */
  fullTitle?: string
  noindex?: boolean
  /** Paths of the previous and next pages of a paged list. */
  prev?: string | null
  next?: string | null
  /** Text alternative of `image` (the default card has its own). */
  imageAlt?: string
}

/** The locale of every page (American English), as Open Graph writes it. */
export const OG_LOCALE = 'en_US'

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, siteUrl).toString()
  } catch {
    return siteUrl
  }
}

/** Title, description, canonical link, Open Graph and Twitter tags for one page. */
export function pageMeta(matches: readonly MatchLike[], input: PageMetaInput): MetaDescriptor[] {
  const { siteUrl, brandName } = siteContext(matches)
  const title =
    input.fullTitle ??
    (input.title ? `${input.title} | ${brandName}` : `${brandName} | Medical Marijuana Dispensary in Norman, OK`)
  const canonical = absoluteUrl(siteUrl, input.path)
  const image = absoluteUrl(siteUrl, input.image || DEFAULT_SOCIAL_IMAGE)
  const imageAlt = input.imageAlt ?? (input.image ? title : DEFAULT_SOCIAL_IMAGE_ALT)
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: brandName },
    { property: 'og:locale', content: OG_LOCALE },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: imageAlt },
  ]
  if (input.prev) tags.push({ tagName: 'link', rel: 'prev', href: absoluteUrl(siteUrl, input.prev) })
  if (input.next) tags.push({ tagName: 'link', rel: 'next', href: absoluteUrl(siteUrl, input.next) })
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' })
  return tags
}

/** Serialises JSON-LD safely for a <script type="application/ld+json"> body. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

export interface SiteJsonLdInput {
  siteUrl: string
  brandName: string
  /** The main store's phone, as the footer shows it */
  telephone: string
  /** The social and listing profiles the header links */
  sameAs: string[]
}

/**
 * The home page's structured data: the Organization behind the site and the
 * WebSite, whose search is the blog search (/blog?q=…).
 */
export function siteJsonLd(input: SiteJsonLdInput): Record<string, unknown> {
  const home = absoluteUrl(input.siteUrl, '/')
  const organization = `${home}#organization`
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organization,
        name: input.brandName,
        url: home,
        logo: absoluteUrl(input.siteUrl, '/images/logo.svg'),
        telephone: input.telephone,
        sameAs: input.sameAs,
      },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name: input.brandName,
        url: home,
        inLanguage: 'en-US',
        publisher: { '@id': organization },
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${absoluteUrl(input.siteUrl, '/blog')}?q={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  }
}
