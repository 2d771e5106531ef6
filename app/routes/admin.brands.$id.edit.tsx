import { data } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { type BrandActionData, BrandForm } from '~/components/admin/BrandForm'
import { parseFormWithImage, refusedForm } from '~/http/image-form.server'
import { findOr404, parseId } from '~/http/records.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { getBrand, updateBrand } from '~/models/brands.server'
import { BRAND_FORM } from '~/schemas/brand'

import type { Route } from './+types/admin.brands.$id.edit'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit ${loaderData.brand.name}` : 'Edit Brand')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { brand: await findOr404(params.id, getBrand, 'Brand') }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  const title = 'Error updating brand'
  const fail = (description: string, status: number) =>
    data<BrandActionData>(
      { result: { status: 'error', error: { '': [description] } }, failure: { title, description } },
      { status },
    )
  const id = parseId(params.id)
  const existing = id === null ? undefined : await getBrand(id)
  if (id === null || !existing) return fail('This brand no longer exists.', 404)

  const parsed = await parseFormWithImage(request, BRAND_FORM)
  if (!parsed.ok) return refusedForm(parsed, { title, description: parsed.message })
  try {
    if (!(await updateBrand(id, parsed.value))) return fail('This brand no longer exists.', 404)
  } catch (error) {
    console.error('Could not update a brand', error)
    return fail('The brand could not be saved. Please try again.', 500)
  }
  return redirectWithToast('/admin/brands', { type: 'success', title: 'Brand updated successfully' })
}

export default function EditBrandPage({ loaderData, actionData }: Route.ComponentProps) {
  const { brand } = loaderData
  return (
    <main className={adminStyles.page}>
      <div className="mx-auto max-w-2xl">
        <h1 className={adminStyles.h1}>Edit Brand</h1>
        <p className="mt-1 text-sm text-ink-700">{brand.name}</p>
        <div className={`${adminStyles.card} mt-4`}>
          <BrandForm
            action={`/admin/brands/${brand.id}/edit`}
            brand={brand}
            lastResult={actionData}
            submitLabel="Update Brand"
          />
        </div>
      </div>
    </main>
  )
}
