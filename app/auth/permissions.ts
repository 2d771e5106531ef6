import type { StaffRole } from '~/db/types'
import { pagePathOf } from '~/lib/data-request'

/**
 * What each role may open under /admin: the one table every admin loader and
 * action is checked against (through requireAdmin), and the admin navigation
 * is filtered by.
 *
 * - admin: everything.
 * - staff (a budtender, a writer): the dashboard, blog posts (with their
 *   images), contact inquiries and job applications, and their own account;
 *   the Trash too, where they see and restore only posts (who may restore a
 *   record is who may use its list).
 *   Not deals, brands, store settings, staff accounts or the activity log.
 * - an account without a role may sign in but opens nothing under /admin.
 *
 * An address not listed here is for admins only, so a page added later is
 * closed to staff until someone opens it here on purpose.
 */
export const STAFF_AREAS = [
  '/admin/blog',
  '/admin/uploads/blog-images',
  '/admin/inquiries',
  '/admin/applications',
  '/admin/account',
  '/admin/trash',
] as const

export const ROLE_LABELS: Record<StaffRole, string> = { staff: 'Staff', admin: 'Admin' }

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  staff: 'Blog posts, contact inquiries and job applications',
  admin: 'Everything, including deals, brands, store settings, staff accounts and the activity log',
}

/**
 * The address as the router matches it: decoded, lower case (routes match in
 * any case), no repeated or trailing slash, without the `.data` of a script's
 * request. Null when it cannot be decoded or holds a '.' or '..' segment;
 * such an address is for admins only.
 */
function normalisedPath(pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  const path = pagePathOf(decoded.toLowerCase().replace(/\/{2,}/g, '/'))
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return null
  // Stryker disable next-line ConditionalExpression,EqualityOperator,Regex: equivalent mutants (true, length >= 1, the regex without its anchor or its +): '/' and '' are both outside /admin, and repeated slashes were made one above
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/** Whether an account with this role may use this address under /admin. */
export function mayUse(role: StaffRole | null | undefined, pathname: string): boolean {
  if (role === 'admin') return true
  if (role !== 'staff') return false
  const path = normalisedPath(pathname)
  if (path === null) return false
  if (path === '/admin') return true
  return STAFF_AREAS.some((area) => path === area || path.startsWith(`${area}/`))
}

/** While an admin requires a second factor, an account without one may use only these (to set it up). */
export const SECOND_FACTOR_SETUP_AREA = '/admin/account'

export function isSecondFactorSetupPath(pathname: string): boolean {
  const path = normalisedPath(pathname)
  return path !== null && (path === SECOND_FACTOR_SETUP_AREA || path.startsWith(`${SECOND_FACTOR_SETUP_AREA}/`))
}
