import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from 'react-router'

import { requireAdminShell } from '~/auth/session.server'
import { AdminShell } from '~/components/admin/AdminShell'
import { usePendingListSkeleton } from '~/components/admin/ListSkeleton'
import { enableToastUndo } from '~/components/admin/ToastUndo'
import { useForgetSavedText } from '~/components/admin/useKeptText'
import { adminMeta } from '~/lib/admin-meta'
import { useSettings } from '~/root-data'

import type { Route } from './+types/admin'

// Toasts in the staff area offer Undo after a delete; the button's code comes with the staff area only.
enableToastUndo()

/**
 * The admin layout: every page under /admin is its child and calls
 * requireAdmin itself, which decides what the role may open; the layout only
 * needs a member of staff, so a refused page still shows in the shell.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdminShell(request)
  return { id: user.id, email: user.email, name: user.name, role: user.role }
}

export const meta: Route.MetaFunction = () => adminMeta('Admin')

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const skeleton = usePendingListSkeleton()
  useForgetSavedText()
  return (
    <AdminShell
      email={loaderData.email}
      name={loaderData.name}
      role={loaderData.role}
      brandName={useSettings().brand_name}
    >
      {skeleton ?? <Outlet />}
    </AdminShell>
  )
}

/** Errors of admin pages keep the shell, so staff can go on working. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>('routes/admin')
  const brandName = useSettings().brand_name
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string' && error.data.length < 300
      ? error.data
      : notFound
        ? 'There is nothing at this address.'
        : 'Something went wrong on our side. Please try again in a moment.'
  const body = (
    <main className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold">
        {notFound ? 'Not found' : forbidden ? 'Not available to your role' : 'Something went wrong'}
      </h1>
      <p className="mt-2 text-ink-600">{message}</p>
      <Link
        to="/admin"
        className="mt-6 inline-block rounded-lg bg-brand-800 px-4 py-2 font-semibold text-cream-50 hover:bg-brand-700"
      >
        Back to the dashboard
      </Link>
    </main>
  )
  if (!layout) return <div className="px-4">{body}</div>
  return (
    <AdminShell email={layout.email} name={layout.name} role={layout.role} brandName={brandName}>
      {body}
    </AdminShell>
  )
}
