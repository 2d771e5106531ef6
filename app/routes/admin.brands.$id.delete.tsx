import { requireAdmin } from '~/auth/session.server'
import { ConfirmDeletePage, deleteQuestionFor } from '~/components/admin/ConfirmDeleteDialog'
import { deleteAndReturn, findOr404, requireId } from '~/http/records.server'
import { adminMeta } from '~/lib/admin-meta'
import { getBrand } from '~/models/brands.server'
import { moveToTrash } from '~/models/trash.server'

import type { Route } from './+types/admin.brands.$id.delete'

export const meta: Route.MetaFunction = () => adminMeta('Delete Brand')

/**
 * The brand list deletes at once, without a question (its Delete button posts
 * here). Someone who opens this address directly is shown what it would
 * delete and asked first, as for deals and posts.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const brand = await findOr404(params.id, getBrand, 'Brand')
  return { name: brand.name }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  const title = 'Error deleting brand'
  return deleteAndReturn({
    id: requireId(params.id, 'Brand'),
    remove: (id) => moveToTrash('brand', id),
    undo: 'brand',
    listPath: '/admin/brands',
    deleted: 'Brand deleted successfully',
    failed: { title, description: 'The brand could not be deleted. Please try again.' },
    missing: { title, description: 'This brand no longer exists.' },
  })
}

export default function DeleteBrandPage({ loaderData }: Route.ComponentProps) {
  return <ConfirmDeletePage question={deleteQuestionFor('brand')} name={loaderData.name} cancelTo="/admin/brands" />
}
