import { requireAdmin } from '~/auth/session.server'
import { BrandForm } from '~/components/admin/BrandForm'
import { RecordFormPage } from '~/components/admin/RecordForm'
import { failedSave, parseFormWithImage, refusedForm } from '~/http/image-form.server'
import { findOr404, parseId } from '~/http/records.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { createBrand, getBrand, updateBrand } from '~/models/brands.server'
import { BRAND_FORM } from '~/schemas/brand'

import type { Route } from './+types/admin.brands.editor'

/**
 * The pages that add a brand (/admin/brands/new) and edit one
 * (/admin/brands/:id/edit): routes.ts mounts this module at both. Without
 * JavaScript the list's Add and Edit links lead here; with it, the list's
 * dialog posts here.
 */
export const meta: Route.MetaFunction = ({ params, loaderData }) =>
  adminMeta(loaderData?.brand ? `Edit ${loaderData.brand.name}` : params.id ? 'Edit Brand' : 'Add Brand')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { brand: params.id !== undefined ? await findOr404(params.id, getBrand, 'Brand') : null }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  return params.id === undefined ? create(request) : update(request, params.id)
}

const SAVE_FAILED = 'The brand could not be saved. Please try again.'

async function create(request: Request) {
  const title = 'Error creating brand'
  const parsed = await parseFormWithImage(request, BRAND_FORM)
  if (!parsed.ok) return refusedForm(parsed, { title, description: parsed.message })
  try {
    await createBrand(parsed.value)
  } catch (error) {
    console.error('Could not create a brand', error)
    return failed(title, SAVE_FAILED, 500, parsed.reply)
  }
  return redirectWithToast('/admin/brands', { type: 'success', title: 'Brand created successfully' })
}

async function update(request: Request, rawId: string) {
  const title = 'Error updating brand'
  const id = parseId(rawId)
  const existing = id === null ? undefined : await getBrand(id)
  if (id === null || !existing) return failed(title, 'This brand no longer exists.', 404)

  const parsed = await parseFormWithImage(request, BRAND_FORM)
  if (!parsed.ok) return refusedForm(parsed, { title, description: parsed.message })
  try {
    if (!(await updateBrand(id, parsed.value))) return failed(title, 'This brand no longer exists.', 404, parsed.reply)
  } catch (error) {
    console.error('Could not update a brand', error)
    return failed(title, SAVE_FAILED, 500, parsed.reply)
  }
  return redirectWithToast('/admin/brands', { type: 'success', title: 'Brand updated successfully' })
}

const failed = (title: string, description: string, status: number, reply?: Parameters<typeof failedSave>[3]) =>
  failedSave(description, { title, description }, status, reply)

export default function BrandEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { brand } = loaderData
  return (
    <RecordFormPage heading={brand ? 'Edit Brand' : 'Add Brand'} name={brand?.name}>
      <BrandForm
        action={brand ? `/admin/brands/${brand.id}/edit` : '/admin/brands/new'}
        brand={brand ?? undefined}
        lastResult={actionData}
        submitLabel={brand ? 'Update Brand' : 'Create Brand'}
      />
    </RecordFormPage>
  )
}
