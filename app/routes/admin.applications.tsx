import { requireAdmin } from '~/auth/session.server'
import { InquiryList } from '~/components/admin/InquiryTable'
import { adminMeta } from '~/lib/admin-meta'

import type { Route } from './+types/admin.applications'
import { APPLICATIONS, handleInquiryAction, loadInquiries } from './admin.inquiries.server'

export const meta: Route.MetaFunction = () => adminMeta('Job Applications')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadInquiries(request, APPLICATIONS)
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  return handleInquiryAction(request, APPLICATIONS)
}

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  return (
    <InquiryList
      title="Job Applications"
      intro="Contact messages with the topic Career Opportunity, newest first."
      basePath="/admin/applications"
      searchLabel="Search by name, email or message"
      noun="application"
      {...loaderData}
    />
  )
}
