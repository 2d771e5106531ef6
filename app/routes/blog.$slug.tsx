import { data, Link } from 'react-router'

import { mayUse } from '~/auth/permissions'
import { getCurrentUser } from '~/auth/session.server'
import { PostArticle } from '~/components/blog/PostArticle'
import { config } from '~/config.server'
import { defaultImageAlt } from '~/lib/image-alt'
import { absoluteUrl, DEFAULT_SOCIAL_IMAGE, DEFAULT_SOCIAL_IMAGE_ALT, jsonLd, pageMeta, siteContext } from '~/lib/seo'
import { versionStaticImages } from '~/lib/static-images'
import { formatLongDate } from '~/lib/time'
import { storedPostContent } from '~/models/post-content.server'
import { getPostPage, getPublishedPostPage } from '~/models/posts.server'
import { getSettings } from '~/models/settings.server'
import { listCategoriesOfPost, listTagsOfPost } from '~/models/taxonomy.server'
import { uploadSizes } from '~/models/uploads.server'

import type { Route } from './+types/blog.$slug'

/** Fallback description: the first 160 characters of the post's text. */
const DESCRIPTION_LENGTH = 160
/** A slug the schema could hold; anything else cannot name a post. */
const SLUG_SHAPE = /^[a-z0-9-]{1,200}$/

export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.slug
  const plausible = SLUG_SHAPE.test(slug)
  let post = plausible ? await getPublishedPostPage(slug) : undefined
  let preview = false
  if (!post && plausible) {
    // A signed-in admin previews drafts and scheduled posts; everyone else gets 404.
    const { user } = await getCurrentUser(request)
    // Whoever may edit posts (admins and staff) may preview them.
    if (user && mayUse(user.role, '/admin/blog')) {
      post = await getPostPage(slug)
      preview = post !== undefined
    }
  }
  if (!post) {
    return data({ found: false as const }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
  }

  // The HTML and its plain-text summary were rendered when the post was saved: no markdown work here.
  const [categories, tags, settings, body, heroSizes] = await Promise.all([
    listCategoriesOfPost(post.id),
    listTagsOfPost(post.id),
    getSettings(),
    storedPostContent(post),
    uploadSizes([post.hero_image_url]),
  ])
  const siteUrl = config().SITE_URL
  const url = absoluteUrl(siteUrl, `/blog/${post.slug}`)
  const description =
    post.meta_description?.trim() ||
    body.summary.slice(0, DESCRIPTION_LENGTH).trim() ||
    post.excerpt?.trim() ||
    post.title
  const image = post.og_image_url || post.hero_image_url || DEFAULT_SOCIAL_IMAGE
  const brand = settings.brand_name
  const isOrganization = post.author.includes(brand) || /\bteam\b/i.test(post.author)

  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    datePublished: post.published_at ?? undefined,
    dateModified: post.updated_at,
    author: { '@type': isOrganization ? 'Organization' : 'Person', name: post.author },
    image: [absoluteUrl(siteUrl, image)],
    publisher: {
      '@type': 'Organization',
      name: brand,
      logo: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, '/images/logo.svg') },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    keywords: tags.map((t) => t.name).join(', ') || undefined,
    articleSection: categories[0]?.name,
  }

  return data(
    {
      found: true as const,
      preview,
      url,
      post: {
        title: post.title,
        slug: post.slug,
        author: post.author,
        published_at: post.published_at,
        read_minutes: post.read_minutes,
        hero_image_url: post.hero_image_url,
        hero_image_size: (post.hero_image_url && heroSizes[post.hero_image_url]) || null,
        hero_image_alt: heroImageAlt(post),
        status: post.status,
      },
      html: versionStaticImages(body.html),
      categories: categories.map(({ name, slug }) => ({ name, slug })),
      tags: tags.map(({ name, slug }) => ({ name, slug })),
      seo: {
        fullTitle: post.meta_title?.trim() || `${post.title} | ${brand} Blog`,
        description,
        image,
        // The post's own image is described as on the page; the default card by its words.
        imageAlt: image === DEFAULT_SOCIAL_IMAGE ? DEFAULT_SOCIAL_IMAGE_ALT : heroImageAlt(post),
      },
      structuredData,
    },
    // A preview is for one admin's eyes: never cached, never indexed.
    preview ? { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } } : undefined,
  )
}

/** The text alternative of a post's hero image, on the page and in its social card tags. */
function heroImageAlt(post: { title: string; hero_image_alt: string | null }): string {
  return post.hero_image_alt?.trim() || defaultImageAlt(post.title)
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData?.found) {
    const { brandName } = siteContext(matches)
    return [{ title: `Post Not Found | ${brandName}` }, { name: 'robots', content: 'noindex' }]
  }
  return pageMeta(matches, {
    title: loaderData.post.title,
    fullTitle: loaderData.seo.fullTitle,
    description: loaderData.seo.description,
    path: `/blog/${loaderData.post.slug}`,
    image: loaderData.seo.image,
    imageAlt: loaderData.seo.imageAlt,
    type: 'article',
    noindex: loaderData.preview,
  })
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <PostNotFound />
  const { post, html, categories, tags, url, preview, structuredData } = loaderData
  return (
    <main className="pb-16">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structuredData) }} />
      {preview ? (
        <div role="status" className="border-b border-accent-500 bg-accent-100 px-4 py-3 text-center text-accent-800">
          <p className="font-semibold">
            Preview – not published{' '}
            <span className="font-normal">
              (status: {post.status}
              {post.published_at ? `, publish date ${formatLongDate(post.published_at)}` : ''}). Only signed-in staff
              can see this page.
            </span>
          </p>
        </div>
      ) : null}
      <PostArticle post={post} html={html} categories={categories} tags={tags} url={url} />
    </main>
  )
}

function PostNotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-6 py-20 text-center">
      <h1 className="text-4xl font-semibold text-ink-900">Post Not Found</h1>
      <p className="text-lg text-ink-700">Sorry, we couldn't find the blog post you're looking for.</p>
      <Link to="/blog" className="rounded-full bg-brand-800 px-6 py-3 font-semibold text-cream-50 hover:bg-brand-700">
        Back to Blog
      </Link>
    </main>
  )
}
