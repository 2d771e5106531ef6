import { requireAdmin } from '~/auth/session.server'
import { ConfirmDeletePage, deleteQuestionFor } from '~/components/admin/ConfirmDeleteDialog'
import { deleteAndReturn, findOr404, requireId } from '~/http/records.server'
import { adminMeta } from '~/lib/admin-meta'
import { getPostById } from '~/models/posts.server'
import { moveToTrash } from '~/models/trash.server'

import type { Route } from './+types/admin.blog.$id.delete'

export const meta: Route.MetaFunction = () => adminMeta('Delete Post')

const DELETE_FAILED = 'Failed to delete the post. Please try again.'

/** The confirmation page used without JavaScript (with it, the list opens a dialog). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const post = await findOr404(params.id, getPostById, 'Post')
  return { name: post.title }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  return deleteAndReturn({
    id: requireId(params.id, 'Post'),
    remove: (id) => moveToTrash('post', id),
    undo: 'post',
    listPath: '/admin/blog',
    deleted: 'Post deleted',
    failed: { title: DELETE_FAILED },
    missing: { title: DELETE_FAILED },
  })
}

export default function ConfirmDeletePost({ loaderData }: Route.ComponentProps) {
  return <ConfirmDeletePage question={deleteQuestionFor('post')} name={loaderData.name} cancelTo="/admin/blog" />
}
