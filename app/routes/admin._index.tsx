import { requireAdmin } from '~/auth/session.server'
import type { Route } from './+types/admin._index'

// Foundation version of the dashboard: the sign-in issue builds the tiles.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return null
}

export default function Dashboard() {
  return <h1 className="p-6 text-2xl font-semibold">Admin</h1>
}
