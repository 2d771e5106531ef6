import { Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles, statusBadge } from '~/components/admin/adminStyles'
import { ConfirmDeleteDialog, deleteQuestionFor } from '~/components/admin/ConfirmDeleteDialog'
import { EmptyList } from '~/components/admin/RecordList'
import { SearchAndStatusForm } from '~/components/admin/SearchAndStatusForm'
import { POST_STATUSES } from '~/db/types'
import { adminMeta } from '~/lib/admin-meta'
import { formatStoreInstant } from '~/lib/publish-label'
import { formatLongDate } from '~/lib/time'
import { type AdminPostFilter, listPostsForAdmin } from '~/models/posts.server'
import { parseListFilter } from '~/schemas/list-filter'
import { POST_STATUS_LABELS } from '~/schemas/post'

import type { Route } from './+types/admin.blog'

export const meta: Route.MetaFunction = () => adminMeta('Blog Posts')

function parseFilter(url: URL): { q: string; status: AdminPostFilter } {
  const { q, choice } = parseListFilter(url.searchParams, 'status', POST_STATUSES)
  return { q, status: choice }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const filter = parseFilter(new URL(request.url))
  return { ...filter, posts: await listPostsForAdmin(filter) }
}

export default function AdminBlogList({ loaderData }: Route.ComponentProps) {
  const { posts, q, status } = loaderData
  const filtered = q !== '' || status !== 'all'
  return (
    <main className={adminStyles.page}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={adminStyles.h1}>Blog Posts</h1>
        <Link to="/admin/blog/new" className={adminStyles.primary}>
          <span aria-hidden="true">+</span> New Post
        </Link>
      </div>

      <SearchAndStatusForm
        idPrefix="post"
        label="Search posts"
        searchLabel="Search by title or slug"
        q={q}
        status={status}
        statuses={POST_STATUSES.map((s) => ({ value: s, label: POST_STATUS_LABELS[s] }))}
      />

      {posts.length === 0 ? (
        <EmptyList>
          No posts found. Create your first blog post to get started!
          {filtered ? (
            <>
              {' '}
              <Link to="/admin/blog" className="font-semibold text-brand-800 underline">
                Clear the search
              </Link>
            </>
          ) : null}
        </EmptyList>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.id} className={adminStyles.card}>
              <article
                aria-labelledby={`post-${post.id}`}
                className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 id={`post-${post.id}`} className="text-lg font-semibold break-words text-ink-900">
                      {post.title}
                    </h2>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusBadge[post.status]}`}>
                      {/* A waiting post names its time: "Scheduled · Nov 29, 9:00 AM" (Central). */}
                      {post.status === 'scheduled' && post.published_at
                        ? `${POST_STATUS_LABELS.scheduled} · ${formatStoreInstant(post.published_at)}`
                        : POST_STATUS_LABELS[post.status]}
                    </span>
                  </div>
                  <p className="mt-1 text-sm break-all text-ink-600">/{post.slug}</p>
                  <p className="mt-1 text-sm text-ink-700">
                    {post.author} · {post.published_at ? formatLongDate(post.published_at) : 'Not published'} ·{' '}
                    {post.read_minutes} min read
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <a
                    href={`/blog/${post.slug}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`View ${post.title} (opens in a new tab)`}
                    className={adminStyles.smallLink}
                  >
                    View
                  </a>
                  <Link
                    to={`/admin/blog/edit/${post.id}`}
                    aria-label={`Edit ${post.title}`}
                    className={adminStyles.smallLink}
                  >
                    Edit
                  </Link>
                  <ConfirmDeleteDialog
                    href={`/admin/blog/${post.id}/delete`}
                    question={deleteQuestionFor('post')}
                    name={post.title}
                  />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
