import { redirect } from 'react-router'

import { endSession } from '~/auth/session.server'
import { redirectWithToast } from '~/http/toast.server'

import type { Route } from './+types/admin.logout'

/** Signing out is a form POST; a plain visit just goes back to the admin area. */
export function loader() {
  return redirect('/admin')
}

/** Sign Out deletes the session, says 'Signed out successfully' and goes to /admin/login. */
export async function action({ request }: Route.ActionArgs) {
  const cleared = await endSession(request)
  return redirectWithToast('/admin/login', { title: 'Signed out successfully' }, { headers: { 'Set-Cookie': cleared } })
}
