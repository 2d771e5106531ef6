import { redirect } from 'react-router'

import type { Route } from './+types/login'

/** The password reset ends on /login, which is the staff sign-in page (query kept). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/admin/login${new URL(request.url).search}`)
}
