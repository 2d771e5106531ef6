import { requireAdmin } from '~/auth/session.server'

import type { Route } from './+types/admin.applications.export'
import { APPLICATIONS, exportInquiries } from './admin.inquiries.server'

/** CSV download of the job applications the current search and status filter show. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return exportInquiries(request, APPLICATIONS)
}
