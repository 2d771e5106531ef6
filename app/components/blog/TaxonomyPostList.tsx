import { Link } from 'react-router'

import { BlogNotice, BlogPageHeader } from './BlogPageHeader'
import { listHref, Pagination } from './Pagination'
import { type PostCardData, PostGrid } from './PostCard'
import { usePendingList } from './usePendingList'

export interface TaxonomyListData {
  kind: 'category' | 'tag'
  name: string | null
  slug: string
  posts: PostCardData[]
  page: number
  pageCount: number
  total: number
  outOfRange: boolean
}

const EMPTY_TEXT = {
  category: 'No posts in this category yet.',
  tag: 'No posts with this tag yet.',
} as const

/** The body of /blog/category/{slug} and /blog/tag/{slug}: heading, cards, paging, empty and 404 states. */
export function TaxonomyPostList({ data }: { data: TaxonomyListData }) {
  const pending = usePendingList()
  const path = `/blog/${data.kind}/${data.slug}`
  if (data.name === null) {
    return (
      <main>
        <BlogPageHeader
          eyebrow={data.kind === 'category' ? 'Category' : 'Tag'}
          title={`${data.kind === 'category' ? 'Category' : 'Tag'} not found`}
        >
          <p className="max-w-2xl text-lg text-ink-700">{EMPTY_TEXT[data.kind]}</p>
          <p className="mt-2 max-w-2xl text-ink-700">
            We couldn't find published posts under that {data.kind}. It may have been renamed or removed.
          </p>
        </BlogPageHeader>
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
          <BackToBlog />
        </div>
      </main>
    )
  }
  return (
    <main>
      <BlogPageHeader
        eyebrow={data.kind === 'category' ? 'Category' : 'Tag'}
        title={data.name}
        intro={
          data.total > 0
            ? `${data.total} ${data.total === 1 ? 'post' : 'posts'} ${data.kind === 'category' ? 'in this category' : 'with this tag'}.`
            : undefined
        }
      >
        <BackToBlog />
      </BlogPageHeader>
      <section aria-label="Posts" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        {data.outOfRange ? (
          <BlogNotice title={`There is no page ${data.page} here.`}>
            <p>
              <Link
                to={path}
                className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                Go to the first page
              </Link>
            </p>
          </BlogNotice>
        ) : pending ? (
          <PostGrid posts={[]} pending />
        ) : data.posts.length === 0 ? (
          <BlogNotice title={EMPTY_TEXT[data.kind]}>
            <BackToBlog />
          </BlogNotice>
        ) : (
          <>
            <PostGrid posts={data.posts} pending={false} />
            <Pagination page={data.page} pageCount={data.pageCount} hrefFor={(p) => listHref(path, p)} />
          </>
        )}
      </section>
    </main>
  )
}

function BackToBlog() {
  return (
    <Link
      to="/blog"
      className="inline-flex w-fit items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
    >
      <span aria-hidden="true">←</span> Back to Blog
    </Link>
  )
}
