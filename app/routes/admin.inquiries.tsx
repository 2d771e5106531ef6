import { requireAdmin } from '~/auth/session.server'
import { InquiryList } from '~/components/admin/InquiryTable'
import { adminMeta } from '~/lib/admin-meta'

import type { Route } from './+types/admin.inquiries'
import { handleInquiryAction, INQUIRIES, loadInquiries } from './admin.inquiries.server'

export const meta: Route.MetaFunction = () => adminMeta('Contact Inquiries')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadInquiries(request, INQUIRIES)
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  return handleInquiryAction(request, INQUIRIES)
}

export default function AdminInquiries({ loaderData }: Route.ComponentProps) {
  return (
    <InquiryList
      title="Contact Inquiries"
      intro="Messages sent through the contact form, newest first."
      basePath="/admin/inquiries"
      searchLabel="Search by name, email, topic or message"
      {...loaderData}
    />
  )
}
