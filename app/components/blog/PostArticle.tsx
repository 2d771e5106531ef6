import { Link } from 'react-router'

import { ArticleBody } from '~/components/blog/ArticleBody'
import { ShareMenu, ShareRow } from '~/components/blog/ShareMenu'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { FALLBACK_IMAGE_SIZE } from '~/lib/responsive-image'
import { formatLongDate } from '~/lib/time'

const backLink =
  'inline-flex w-fit items-center gap-1 rounded font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline'

export interface PostArticleProps {
  post: {
    title: string
    author: string
    published_at: string | null
    read_minutes: number
    hero_image_url: string | null
    hero_image_size: { width: number; height: number } | null
    hero_image_alt: string
  }
  /** The body, rendered and sanitised on the server. */
  html: string
  categories: { name: string; slug: string }[]
  tags: { name: string; slug: string }[]
  /** The post's public address (share links). */
  url: string
}

/**
 * A post as visitors read it: categories, title, byline (author, date, read
 * time), share menu, hero image, body, tags and share row. The public post
 * page and the editor's preview both draw it, so the preview is the real thing.
 */
export function PostArticle({ post, html, categories, tags, url }: PostArticleProps) {
  return (
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
  )
}
