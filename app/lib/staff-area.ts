import { pagePathOf } from '~/lib/data-request'

/**
 * The staff area: the admin screens, their data requests and the /login
 * redirect. Never cached or indexed, and drawn without the public header,
 * footer and phone bar.
 *
 * The router matches paths whatever their letter case, so this does too
 * (`/ADMIN/inquiries` is the staff area). The HTTP layer also sends such a path
 * to the route's own spelling before anything else (route-spelling.server.ts).
 */
export function isStaffPath(pathname: string): boolean {
  // A data request counts as its page: `/admin.data`, `/login/_.data` (app/lib/data-request.ts).
  const path = pagePathOf(pathname.toLowerCase())
  return path === '/admin' || path.startsWith('/admin/') || path === '/login' || path === '/login/'
}
