import { Form, Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { DELETE_POST_DESCRIPTION, DELETE_POST_TITLE } from '~/components/admin/ConfirmDeleteDialog'
import { deleteAndReturn, findOr404, requireId } from '~/http/records.server'
import { adminMeta } from '~/lib/admin-meta'
import { deletePost, getPostById } from '~/models/posts.server'

import type { Route } from './+types/admin.blog.$id.delete'

export const meta: Route.MetaFunction = () => adminMeta('Delete Post')

const DELETE_FAILED = 'Failed to delete the post. Please try again.'

/** The confirmation page used without JavaScript (with it, the list opens a dialog). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const post = await findOr404(params.id, getPostById, 'Post')
  return { post: { id: post.id, title: post.title } }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  return deleteAndReturn({
    id: requireId(params.id, 'Post'),
    remove: deletePost,
    listPath: '/admin/blog',
    deleted: 'Post deleted',
    failed: { title: DELETE_FAILED },
    missing: { title: DELETE_FAILED },
  })
}

export default function ConfirmDeletePost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  return (
    <main className={adminStyles.page}>
      <section
        role="alertdialog"
        aria-labelledby="delete-title"
        aria-describedby="delete-description"
        className={`${adminStyles.card} mx-auto max-w-lg`}
      >
        <h1 id="delete-title" className={adminStyles.h1}>
          {DELETE_POST_TITLE}
        </h1>
        <p id="delete-description" className="mt-2 text-ink-700">
          {DELETE_POST_DESCRIPTION}
        </p>
        <p className="mt-3 text-sm text-ink-900">
          Post: <strong className="break-words">{post.title}</strong>
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
          {/* The page exists only to confirm one deletion: focus starts on the safe answer. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page is the confirmation dialog without JavaScript */}
          <Link to="/admin/blog" className={adminStyles.secondary} autoFocus>
            Cancel
          </Link>
          <Form method="post">
            <button type="submit" className={`${adminStyles.danger} w-full`}>
              Delete
            </button>
          </Form>
        </div>
      </section>
    </main>
  )
}
