import { data } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { type DealActionData, DealForm } from '~/components/admin/DealForm'
import { parseFormWithImage, refusedForm } from '~/http/image-form.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { createDealSlide } from '~/models/deals.server'
import { DEAL_FORM } from '~/schemas/deal'

import type { Route } from './+types/admin.deals.new'

export const meta: Route.MetaFunction = () => adminMeta('Add Deal')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return null
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  const parsed = await parseFormWithImage(request, DEAL_FORM)
  if (!parsed.ok) return refusedForm(parsed, { title: parsed.message })
  try {
    await createDealSlide(parsed.value)
  } catch (error) {
    console.error('Could not create a deal', error)
    return data<DealActionData>(
      {
        result: { status: 'error', error: { '': ['Failed to create deal'] } },
        failure: { title: 'Failed to create deal' },
      },
      { status: 500 },
    )
  }
  return redirectWithToast('/admin/deals', { type: 'success', title: 'Deal created successfully' })
}

export default function NewDealPage({ actionData }: Route.ComponentProps) {
  return (
    <main className={adminStyles.page}>
      <div className="mx-auto max-w-2xl">
        <h1 className={adminStyles.h1}>Add Deal</h1>
        <div className={`${adminStyles.card} mt-4`}>
          <DealForm action="/admin/deals/new" lastResult={actionData} submitLabel="Create Deal" />
        </div>
      </div>
    </main>
  )
}
