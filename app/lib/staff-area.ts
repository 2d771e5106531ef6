/**
 * The staff area: the admin screens, their data requests and the /login
 * redirect. Never cached or indexed, and drawn without the public header,
 * footer and phone bar.
 */
export function isStaffPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/login' || pathname === '/admin.data'
}
