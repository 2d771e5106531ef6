import { data, Link } from 'react-router'

import { mayUse } from '~/auth/permissions'
import { getCurrentUser } from '~/auth/session.server'
import { ArticleBody } from '~/components/blog/ArticleBody'
import { ShareMenu, ShareRow } from '~/components/blog/ShareMenu'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { config } from '~/config.server'
import { defaultImageAlt } from '~/lib/image-alt'
import { FALLBACK_IMAGE_SIZE } from '~/lib/responsive-image'
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

const backLink =
  'inline-flex w-fit items-center gap-1 rounded font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline'

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
      <article>
        <header className="mx-auto max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
          <Link to="/blog" className={backLink}>
            <span aria-hidden="true">←</span> Back to Blog
          </Link>
          {categories.length > 0 ? (
            <ul aria-label="Categories" className="mt-8 flex flex-wrap gap-2">
              {categories.map((c) => (
                <li key={c.slug}>
                  <Link
                    to={`/blog/category/${c.slug}`}
                    className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold tracking-[0.12em] text-brand-800 uppercase hover:bg-brand-100"
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <h1 className="mt-4 text-[2.25rem] leading-[1.1] font-semibold text-ink-900 sm:text-5xl">{post.title}</h1>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-cream-200 py-4">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-700">
              <span className="font-semibold text-ink-900">{post.author}</span>
              {post.published_at ? (
                <>
                  <span aria-hidden="true">·</span>
                  <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
                </>
              ) : null}
              <span aria-hidden="true">·</span>
              <span>{post.read_minutes} min read</span>
            </p>
            <ShareMenu url={url} title={post.title} />
          </div>
        </header>
        {post.hero_image_url ? (
          <div className="mx-auto mt-8 max-w-5xl px-0 sm:px-6">
            <ResponsiveImage
              src={post.hero_image_url}
              size={post.hero_image_size}
              fallbackSize={FALLBACK_IMAGE_SIZE}
              alt={post.hero_image_alt}
              sizes="(min-width: 1024px) 976px, (min-width: 640px) calc(100vw - 48px), 100vw"
              priority
              className="aspect-[16/9] h-auto w-full bg-cream-100 object-cover sm:rounded-2xl"
            />
          </div>
        ) : null}
        <div className="mx-auto mt-10 max-w-3xl px-4 sm:px-6">
          <ArticleBody html={html} />
          {tags.length > 0 ? (
            <div className="mt-12 flex flex-wrap items-center gap-2">
              <p className="mr-1 text-sm font-semibold text-ink-700">Tags:</p>
              <ul aria-label="Tags" className="flex flex-wrap gap-2">
                {tags.map((t) => (
                  <li key={t.slug}>
                    <Link
                      to={`/blog/tag/${t.slug}`}
                      className="inline-block rounded-full border border-cream-300 bg-white px-3 py-1 text-sm text-ink-700 hover:border-brand-600 hover:text-brand-800"
                    >
                      #{t.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <footer className="mt-12 flex flex-col gap-8 border-t border-cream-200 pt-8">
            <ShareRow url={url} title={post.title} />
            <Link to="/blog" className={backLink}>
              <span aria-hidden="true">←</span> Back to All Posts
            </Link>
          </footer>
        </div>
      </article>
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
