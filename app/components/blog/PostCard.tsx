import { Link } from 'react-router'

import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { FALLBACK_IMAGE_SIZE, type ImageSize } from '~/lib/responsive-image'
import { formatLongDate } from '~/lib/time'

export interface PostCardData {
  id: number
  title: string
  slug: string
  excerpt: string | null
  hero_image_url: string | null
  /** The stored size of the hero image when it is one of our uploads. */
  hero_image_size?: ImageSize | null
  author: string
  published_at: string | null
  read_minutes: number
}

export { FALLBACK_IMAGE_SIZE } from '~/lib/responsive-image'

/** The width a card's image is drawn at: one, two or three columns in a page at most 1280 px wide. */
const CARD_IMAGE_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw'

/**
 * A post in a list (blog, category and tag pages): image, date, read minutes,
 * title, excerpt, author. `priority` for the first card, whose picture is the
 * largest above the fold.
 */
export function PostCard({
  post,
  headingLevel = 2,
  priority = false,
}: {
  post: PostCardData
  headingLevel?: 2 | 3
  priority?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const href = `/blog/${post.slug}`
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {post.hero_image_url ? (
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden bg-cream-100">
          <ResponsiveImage
            src={post.hero_image_url}
            size={post.hero_image_size}
            fallbackSize={FALLBACK_IMAGE_SIZE}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            className="aspect-[16/9] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        </Link>
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-600">
          {post.published_at ? <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time> : null}
          <span aria-hidden="true">·</span>
          <span>{post.read_minutes} min read</span>
        </p>
        <Heading className="line-clamp-2 text-xl leading-snug font-semibold text-ink-900 sm:text-[1.375rem]">
          <Link to={href} className="rounded-sm hover:text-brand-700 hover:underline hover:underline-offset-4">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="line-clamp-3 text-ink-700">{post.excerpt}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-cream-100 pt-4">
          <p className="text-sm font-medium text-ink-700">{post.author}</p>
          <Link
            to={href}
            className="inline-flex items-center gap-1 rounded-full text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline hover:underline-offset-4"
          >
            Read More<span className="sr-only">: {post.title}</span>
            <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

/** A grey stand-in for a card while the next page loads. */
export function PostCardPlaceholder() {
  return (
    <div className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white">
      <div className="aspect-[16/9] w-full bg-cream-100" />
      <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
        <div className="h-4 w-1/2 rounded bg-cream-100" />
        <div className="h-6 w-5/6 rounded bg-cream-200" />
        <div className="h-6 w-2/3 rounded bg-cream-200" />
        <div className="h-4 w-full rounded bg-cream-100" />
        <div className="h-4 w-11/12 rounded bg-cream-100" />
        <div className="mt-auto h-4 w-1/3 rounded bg-cream-100" />
      </div>
    </div>
  )
}

/** The grid of cards, or 6 placeholders while a navigation to this list is pending. */
export function PostGrid({ posts, pending }: { posts: PostCardData[]; pending: boolean }) {
  if (pending) {
    return (
      <div aria-busy="true" aria-live="polite">
        <p className="sr-only">Loading posts…</p>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <PostCardPlaceholder />
            </li>
          ))}
        </ul>
      </div>
    )
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Posts">
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard post={post} priority={index === 0} />
        </li>
      ))}
    </ul>
  )
}
