import { Form } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { BrandForm } from '~/components/admin/BrandForm'
import { EmptyList, OpenLink, RecordListHeading, RecordTable } from '~/components/admin/RecordList'
import { useEditorDialog } from '~/components/admin/useEditorDialog'
import { Dialog } from '~/components/ui/Dialog'
import { ExternalLink } from '~/components/ui/ExternalLink'
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
      <RecordListHeading
        title="Brands"
        description="The logos on the public brands page, in this order."
        addLabel="Add Brand"
        addTo="/admin/brands/new"
        onAdd={() => open({ mode: 'new' })}
      />

      {brands.length === 0 ? (
        <EmptyList>No brands yet. Add your first brand to get started!</EmptyList>
      ) : (
        <RecordTable
          caption="Brands, in display order"
          columns={['Logo', 'Name', 'Order', 'Featured', 'Website', 'Actions']}
          className="sm:min-w-[40rem]"
        >
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
                  <ExternalLink href={brand.site_url} className="text-brand-800 underline hover:text-brand-700">
                    {hostOf(brand.site_url)}
                  </ExternalLink>
                ) : (
                  <span className="text-ink-600">—</span>
                )}
              </td>
              <td className="col-span-2 block sm:table-cell sm:px-3 sm:py-2">
                {/* On a phone: 44 px targets with 12 px between them, so a thumb cannot hit Delete for Edit. */}
                <div className="flex gap-3 sm:justify-end sm:gap-2">
                  <OpenLink
                    to={`/admin/brands/${brand.id}/edit`}
                    aria-label={`Edit ${brand.name}`}
                    className={`${adminStyles.smallLink} min-h-11 min-w-16 sm:min-h-0 sm:min-w-0`}
                    onOpen={() => open({ mode: 'edit', brand })}
                  >
                    Edit
                  </OpenLink>
                  {/* Deleting a brand asks no question: the button posts at once, as a plain form. */}
                  <Form method="post" action={`/admin/brands/${brand.id}/delete`}>
                    <button
                      type="submit"
                      aria-label={`Delete ${brand.name}`}
                      className={`${adminStyles.dangerLink} min-h-11 min-w-16 sm:min-h-0 sm:min-w-0`}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </RecordTable>
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
