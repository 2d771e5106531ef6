import { data } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { type BrandActionData, BrandForm } from '~/components/admin/BrandForm'
import { parseFormWithImage, refusedForm } from '~/http/image-form.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { createBrand } from '~/models/brands.server'
import { BRAND_FORM } from '~/schemas/brand'

import type { Route } from './+types/admin.brands.new'

export const meta: Route.MetaFunction = () => adminMeta('Add Brand')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return null
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  const title = 'Error creating brand'
  const parsed = await parseFormWithImage(request, BRAND_FORM)
  if (!parsed.ok) return refusedForm(parsed, { title, description: parsed.message })
  try {
    await createBrand(parsed.value)
  } catch (error) {
    console.error('Could not create a brand', error)
    return data<BrandActionData>(
      {
        result: { status: 'error', error: { '': ['The brand could not be saved. Please try again.'] } },
        failure: { title, description: 'The brand could not be saved. Please try again.' },
      },
      { status: 500 },
    )
  }
  return redirectWithToast('/admin/brands', { type: 'success', title: 'Brand created successfully' })
}

export default function NewBrandPage({ actionData }: Route.ComponentProps) {
  return (
    <main className={adminStyles.page}>
      <div className="mx-auto max-w-2xl">
        <h1 className={adminStyles.h1}>Add Brand</h1>
        <div className={`${adminStyles.card} mt-4`}>
          <BrandForm action="/admin/brands/new" lastResult={actionData} submitLabel="Create Brand" />
        </div>
      </div>
    </main>
  )
}
