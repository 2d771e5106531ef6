import { Outlet } from 'react-router'
import { requireAdmin } from '~/auth/session.server'
import type { Route } from './+types/admin'

// Foundation version of the admin layout: the sign-in issue adds the shell.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request)
  return { email: user.email }
}

export default function AdminLayout() {
  return <Outlet />
}
