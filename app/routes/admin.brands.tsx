import { Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { BrandForm } from '~/components/admin/BrandForm'
import { ConfirmDeleteDialog, DELETE_BRAND } from '~/components/admin/ConfirmDeleteDialog'
import { useEditorDialog } from '~/components/admin/useEditorDialog'
import { Dialog } from '~/components/ui/Dialog'
import type { Brand } from '~/db/types'
import { adminMeta } from '~/lib/admin-meta'
import { listBrands } from '~/models/brands.server'

import type { Route } from './+types/admin.brands'

export const meta: Route.MetaFunction = () => adminMeta('Brands')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { brands: await listBrands() }
}

type Editing = { mode: 'new' } | { mode: 'edit'; brand: Brand }

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '')
  } catch {
    return url
  }
}

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  const { brands } = loaderData
  const { editing, openCount, open, close } = useEditorDialog<Editing>()

  return (
    <main className={adminStyles.page}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className={adminStyles.h1}>Brands</h1>
          <p className="mt-1 text-sm text-ink-700">The logos on the public brands page, in this order.</p>
        </div>
        <Link
          to="/admin/brands/new"
          className={adminStyles.primary}
          onClick={(event) => {
            event.preventDefault()
            open({ mode: 'new' })
          }}
        >
          <span aria-hidden="true">+</span> Add Brand
        </Link>
      </div>

      {brands.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-cream-300 bg-white p-8 text-center text-ink-700">
          No brands yet. Add your first brand to get started!
        </p>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-lg border border-cream-300 bg-white shadow-sm">
          {/* Below 640 px each row becomes a small card; from sm up it is a plain table. */}
          <table className="block w-full text-left text-sm sm:table sm:min-w-[40rem]">
            <caption className="sr-only">Brands, in display order</caption>
            <thead className="hidden border-b border-cream-300 bg-cream-100 text-xs uppercase tracking-wide text-ink-700 sm:table-header-group">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Logo
                </th>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Order
                </th>
                <th scope="col" className="px-3 py-2">
                  Featured
                </th>
                <th scope="col" className="px-3 py-2">
                  Website
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-cream-200 sm:table-row-group">
              {brands.map((brand) => (
                <tr
                  key={brand.id}
                  className="grid grid-cols-[5.5rem_1fr] items-center gap-x-3 gap-y-2 p-3 sm:table-row sm:p-0 sm:align-middle"
                >
                  <td className="row-span-2 block sm:table-cell sm:px-3 sm:py-2">
                    <img
                      src={brand.logo_url}
                      alt={`${brand.name} logo`}
                      width={80}
                      height={40}
                      loading="lazy"
                      className="h-10 w-20 rounded bg-cream-50 object-contain"
                    />
                  </td>
                  <th scope="row" className="block text-left font-semibold text-ink-900 sm:table-cell sm:px-3 sm:py-2">
                    {brand.name}
                  </th>
                  <td className="hidden tabular-nums sm:table-cell sm:px-3 sm:py-2">{brand.sort_order}</td>
                  <td className="block sm:table-cell sm:px-3 sm:py-2">
                    <span className="mr-2 text-xs text-ink-700 tabular-nums sm:hidden">Order {brand.sort_order}</span>
                    {brand.is_featured ? (
                      <span className="inline-block rounded-full bg-success-50 px-2 py-0.5 text-xs font-semibold text-success-700">
                        Featured
                      </span>
                    ) : (
                      <span className="inline-block rounded-full bg-cream-200 px-2 py-0.5 text-xs font-semibold text-ink-900">
                        Not Featured
                      </span>
                    )}
                  </td>
                  <td className="col-span-2 block truncate sm:table-cell sm:max-w-[14rem] sm:px-3 sm:py-2">
                    {brand.site_url ? (
                      <a
                        href={brand.site_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-brand-800 underline hover:text-brand-700"
                      >
                        {hostOf(brand.site_url)}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <span className="text-ink-600">—</span>
                    )}
                  </td>
                  <td className="col-span-2 block sm:table-cell sm:px-3 sm:py-2">
                    {/* On a phone: 44 px targets with 12 px between them, so a thumb cannot hit Delete for Edit. */}
                    <div className="flex gap-3 sm:justify-end sm:gap-2">
                      <Link
                        to={`/admin/brands/${brand.id}/edit`}
                        aria-label={`Edit ${brand.name}`}
                        className={`${adminStyles.smallLink} min-h-11 min-w-16 sm:min-h-0 sm:min-w-0`}
                        onClick={(event) => {
                          event.preventDefault()
                          open({ mode: 'edit', brand })
                        }}
                      >
                        Edit
                      </Link>
                      <ConfirmDeleteDialog
                        href={`/admin/brands/${brand.id}/delete`}
                        question={DELETE_BRAND}
                        name={brand.name}
                        className={`${adminStyles.dangerLink} min-h-11 min-w-16 sm:min-h-0 sm:min-w-0`}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Dialog open={editing !== null} onClose={close} title={editing?.mode === 'edit' ? 'Edit Brand' : 'Add Brand'}>
        {editing ? (
          <BrandForm
            key={`${openCount}`}
            action={editing.mode === 'edit' ? `/admin/brands/${editing.brand.id}/edit` : '/admin/brands/new'}
            brand={editing.mode === 'edit' ? editing.brand : undefined}
            submitLabel={editing.mode === 'edit' ? 'Update Brand' : 'Create Brand'}
            onCancel={close}
          />
        ) : null}
      </Dialog>
    </main>
  )
}
