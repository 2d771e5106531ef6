import { requireAdmin } from '~/auth/session.server'

import type { Route } from './+types/admin.inquiries.export'
import { exportInquiries, INQUIRIES } from './admin.inquiries.server'

/** CSV download of the inquiries the current search and status filter show. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return exportInquiries(request, INQUIRIES)
}
