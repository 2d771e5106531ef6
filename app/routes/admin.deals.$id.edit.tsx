import { data } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { type DealActionData, DealForm } from '~/components/admin/DealForm'
import { parseFormWithImage, refusedForm } from '~/http/image-form.server'
import { findOr404, parseId } from '~/http/records.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { getDealSlide, updateDealSlide } from '~/models/deals.server'
import { DEAL_FORM } from '~/schemas/deal'

import type { Route } from './+types/admin.deals.$id.edit'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit ${loaderData.deal.title}` : 'Edit Deal')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { deal: await findOr404(params.id, getDealSlide, 'Deal') }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  const fail = (title: string, status: number) =>
    data<DealActionData>({ result: { status: 'error', error: { '': [title] } }, failure: { title } }, { status })
  const id = parseId(params.id)
  const existing = id === null ? undefined : await getDealSlide(id)
  if (id === null || !existing) return fail('This deal no longer exists', 404)

  const parsed = await parseFormWithImage(request, DEAL_FORM)
  if (!parsed.ok) return refusedForm(parsed, { title: parsed.message })
  try {
    if (!(await updateDealSlide(id, parsed.value))) return fail('This deal no longer exists', 404)
  } catch (error) {
    console.error('Could not update a deal', error)
    return fail('Failed to update deal', 500)
  }
  return redirectWithToast('/admin/deals', { type: 'success', title: 'Deal updated successfully' })
}

export default function EditDealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal } = loaderData
  return (
    <main className={adminStyles.page}>
      <div className="mx-auto max-w-2xl">
        <h1 className={adminStyles.h1}>Edit Deal</h1>
        <p className="mt-1 text-sm text-ink-700">{deal.title}</p>
        <div className={`${adminStyles.card} mt-4`}>
          <DealForm
            action={`/admin/deals/${deal.id}/edit`}
            deal={deal}
            lastResult={actionData}
            submitLabel="Update Deal"
          />
        </div>
      </div>
    </main>
  )
}
