import { requireAdmin } from '~/auth/session.server'
import { DealForm } from '~/components/admin/DealForm'
import { RecordFormPage } from '~/components/admin/RecordForm'
import { failedSave, parseFormWithImage, refusedForm } from '~/http/image-form.server'
import { findOr404, parseId } from '~/http/records.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { createDealSlide, getDealSlide, updateDealSlide } from '~/models/deals.server'
import { DEAL_FORM } from '~/schemas/deal'

import type { Route } from './+types/admin.deals.editor'

/**
 * The pages that add a deal (/admin/deals/new) and edit one
 * (/admin/deals/:id/edit): routes.ts mounts this module at both. Without
 * JavaScript the list's Add and Edit links lead here; with it, the list's
 * dialog posts here.
 */
export const meta: Route.MetaFunction = ({ params, loaderData }) =>
  adminMeta(loaderData?.deal ? `Edit ${loaderData.deal.title}` : params.id ? 'Edit Deal' : 'Add Deal')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { deal: params.id !== undefined ? await findOr404(params.id, getDealSlide, 'Deal') : null }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  return params.id === undefined ? create(request) : update(request, params.id)
}

async function create(request: Request) {
  const parsed = await parseFormWithImage(request, DEAL_FORM)
  if (!parsed.ok) return refusedForm(parsed, { title: parsed.message })
  try {
    await createDealSlide(parsed.value)
  } catch (error) {
    console.error('Could not create a deal', error)
    return failed('Failed to create deal', 500, parsed.reply)
  }
  return redirectWithToast('/admin/deals', { type: 'success', title: 'Deal created successfully' })
}

async function update(request: Request, rawId: string) {
  const id = parseId(rawId)
  const existing = id === null ? undefined : await getDealSlide(id)
  if (id === null || !existing) return failed('This deal no longer exists', 404)

  const parsed = await parseFormWithImage(request, DEAL_FORM)
  if (!parsed.ok) return refusedForm(parsed, { title: parsed.message })
  try {
    if (!(await updateDealSlide(id, parsed.value))) return failed('This deal no longer exists', 404, parsed.reply)
  } catch (error) {
    console.error('Could not update a deal', error)
    return failed('Failed to update deal', 500, parsed.reply)
  }
  return redirectWithToast('/admin/deals', { type: 'success', title: 'Deal updated successfully' })
}

const failed = (title: string, status: number, reply?: Parameters<typeof failedSave>[3]) =>
  failedSave(title, { title }, status, reply)

export default function DealEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal } = loaderData
  return (
    <RecordFormPage heading={deal ? 'Edit Deal' : 'Add Deal'} name={deal?.title}>
      <DealForm
        action={deal ? `/admin/deals/${deal.id}/edit` : '/admin/deals/new'}
        deal={deal ?? undefined}
        lastResult={actionData}
        submitLabel={deal ? 'Update Deal' : 'Create Deal'}
      />
    </RecordFormPage>
  )
}
