import { requireAdmin } from '~/auth/session.server'
import { ConfirmDeletePage, deleteQuestionFor } from '~/components/admin/ConfirmDeleteDialog'
import { deleteAndReturn, findOr404, requireId } from '~/http/records.server'
import { adminMeta } from '~/lib/admin-meta'
import { formatShortDate } from '~/lib/time'
import { getDealSlide } from '~/models/deals.server'
import { moveToTrash } from '~/models/trash.server'

import type { Route } from './+types/admin.deals.$id.delete'

export const meta: Route.MetaFunction = () => adminMeta('Delete Deal')

/** The confirmation page used without JavaScript (with it, the list asks with the browser's confirm). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const deal = await findOr404(params.id, getDealSlide, 'Deal')
  const [start, end] = [formatShortDate(deal.start_date), formatShortDate(deal.end_date)]
  return { name: start || end ? `${deal.title} (${start || 'open start'} – ${end || 'open end'})` : deal.title }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  return deleteAndReturn({
    id: requireId(params.id, 'Deal'),
    remove: (id) => moveToTrash('deal', id),
    undo: 'deal',
    listPath: '/admin/deals',
    deleted: 'Deal deleted successfully',
    failed: { title: 'Failed to delete deal' },
    missing: { title: 'Failed to delete deal', description: 'This deal no longer exists.' },
  })
}

export default function DeleteDealPage({ loaderData }: Route.ComponentProps) {
  return <ConfirmDeletePage question={deleteQuestionFor('deal')} name={loaderData.name} cancelTo="/admin/deals" />
}
