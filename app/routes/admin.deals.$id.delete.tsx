import { Form, Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { deleteAndReturn, findOr404, requireId } from '~/http/records.server'
import { adminMeta } from '~/lib/admin-meta'
import { formatShortDate } from '~/lib/time'
import { deleteDealSlide, getDealSlide } from '~/models/deals.server'
import { DEAL_DELETE_QUESTION } from '~/schemas/deal'

import type { Route } from './+types/admin.deals.$id.delete'

export const meta: Route.MetaFunction = () => adminMeta('Delete Deal')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { deal: await findOr404(params.id, getDealSlide, 'Deal') }
}

/** The confirmation page's Delete button (and the list's, after the browser's confirm). */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  return deleteAndReturn({
    id: requireId(params.id, 'Deal'),
    remove: deleteDealSlide,
    listPath: '/admin/deals',
    deleted: 'Deal deleted successfully',
    failed: { title: 'Failed to delete deal' },
    missing: { title: 'Failed to delete deal', description: 'This deal no longer exists.' },
  })
}

export default function DeleteDealPage({ loaderData }: Route.ComponentProps) {
  const { deal } = loaderData
  const dates = [formatShortDate(deal.start_date), formatShortDate(deal.end_date)]
  return (
    <main className={adminStyles.page}>
      <div className="mx-auto max-w-lg">
        <h1 className={adminStyles.h1}>Delete Deal</h1>
        <div
          className={`${adminStyles.card} mt-4`}
          role="alertdialog"
          aria-labelledby="delete-question"
          aria-describedby="delete-what"
        >
          <p id="delete-question" className="text-lg font-semibold text-ink-900">
            {DEAL_DELETE_QUESTION}
          </p>
          <p id="delete-what" className="mt-2 text-ink-700">
            “{deal.title}”{dates[0] || dates[1] ? ` (${dates[0] || 'open start'} – ${dates[1] || 'open end'})` : ''}{' '}
            will be removed from the deals carousel. This cannot be undone.
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to="/admin/deals" className={adminStyles.secondary}>
              Cancel
            </Link>
            <Form method="post">
              <button type="submit" className={`${adminStyles.danger} w-full`}>
                Delete
              </button>
            </Form>
          </div>
        </div>
      </div>
    </main>
  )
}
