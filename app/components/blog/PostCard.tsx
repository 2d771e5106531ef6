import { Link } from 'react-router'

import { formatLongDate } from '~/lib/time'

export interface PostCardData {
  id: number
  title: string
  slug: string
  excerpt: string | null
  hero_image_url: string | null
  author: string
  published_at: string | null
  read_minutes: number
}

/** Width and height given to images whose real size we do not know (16:9, cropped to fit). */
export const FALLBACK_IMAGE_SIZE = { width: 1600, height: 900 } as const

/** A post in a list (blog, category and tag pages): image, date, read minutes, title, excerpt, author. */
export function PostCard({ post, headingLevel = 2 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const href = `/blog/${post.slug}`
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {post.hero_image_url ? (
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden bg-cream-100">
          <img
            src={post.hero_image_url}
            alt=""
            width={FALLBACK_IMAGE_SIZE.width}
            height={FALLBACK_IMAGE_SIZE.height}
            loading="lazy"
            decoding="async"
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
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  )
}
