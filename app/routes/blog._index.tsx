import { data, Link } from 'react-router'

import { BlogNotice, BlogPageHeader } from '~/components/blog/BlogPageHeader'
import { BlogSearchForm } from '~/components/blog/BlogSearchForm'
import { listHref, Pagination } from '~/components/blog/Pagination'
import { PostGrid } from '~/components/blog/PostCard'
import { usePendingList } from '~/components/blog/usePendingList'
import { pageMeta, siteContext } from '~/lib/seo'
import { listPublishedPosts } from '~/models/posts.server'
import { parsePage } from '~/schemas/list-filter'

import type { Route } from './+types/blog._index'

/** Longest search we run; anything longer is cut (it cannot match a 200-character title anyway). */
const MAX_QUERY_LENGTH = 200

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH)
  const page = parsePage(url.searchParams.get('page'))
  const result = await listPublishedPosts({ q, page })
  // Page 1 always answers; a page past the last one does not exist.
  if (page > result.pageCount) {
    return data({ ...result, posts: [], q, outOfRange: true }, { status: 404 })
  }
  return { ...result, q, outOfRange: false }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { brandName } = siteContext(matches)
  const { page = 1, pageCount = 1, q = '', outOfRange = false } = loaderData ?? {}
  // Each page of the list is its own canonical address, linked to its
  // neighbours; search results name the list itself (/blog) as canonical.
  const paged = !q && !outOfRange
  return pageMeta(matches, {
    title: page > 1 && !q ? `Blog – Page ${page}` : 'Blog',
    description: `Product guides, patient tips and store news from ${brandName}, a medical marijuana dispensary in Norman, Oklahoma.`,
    path: paged ? listHref('/blog', page) : '/blog',
    prev: paged && page > 1 ? listHref('/blog', page - 1) : null,
    next: paged && page < pageCount ? listHref('/blog', page + 1) : null,
    noindex: outOfRange,
  })
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, pageCount, q, outOfRange } = loaderData
  const pending = usePendingList()
  return (
    <main>
      <BlogPageHeader
        eyebrow="News & guides"
        title="Blog"
        intro="Guides for patients, product spotlights and news from our Norman stores."
      >
        <BlogSearchForm q={q} />
      </BlogPageHeader>
      <section aria-label="Blog posts" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        {outOfRange ? (
          <BlogNotice title={`There is no page ${page} of ${q ? 'these results' : 'the blog'}.`}>
            <p>
              {total === 0
                ? 'There are no posts to show here.'
                : `The posts run to ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}.`}
            </p>
            <p className="mt-4">
              <Link
                to="/blog"
                className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                Back to Blog
              </Link>
            </p>
          </BlogNotice>
        ) : pending ? (
          <PostGrid posts={[]} pending />
        ) : posts.length === 0 ? (
          <BlogNotice
            title={q ? 'No posts found matching your search.' : 'No blog posts available yet. Check back soon!'}
          />
        ) : (
          <>
            {q ? (
              <p className="mb-6 text-ink-700" aria-live="polite">
                {total} {total === 1 ? 'post matches' : 'posts match'} “{q}”
              </p>
            ) : null}
            <PostGrid posts={posts} pending={false} />
            <Pagination page={page} pageCount={pageCount} hrefFor={(p) => listHref('/blog', p, q)} />
          </>
        )}
      </section>
    </main>
  )
}
