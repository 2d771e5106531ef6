import { data, redirect, type RouterContextProvider } from 'react-router'

import { isSecondFactorSetupPath, mayUse } from '~/auth/permissions'
import { clientAddress } from '~/auth/rate-limit.server'
import { sessionCookie } from '~/auth/session-cookie.server'
import type { StaffRole } from '~/db/types'
import { hasSessionCookie } from '~/http/http-cache.server'
import { redirectWithToast } from '~/http/toast.server'
import { setActor } from '~/models/activity.server'
import { createSession, deleteSession, resolveSession, sessionKey, type SessionOrigin } from '~/models/sessions.server'
import { getAuthPolicy } from '~/models/staff.server'
import { getSessionUser, noteSignIn, type PublicUser, roleOf } from '~/models/users.server'

async function readSessionId(request: Request): Promise<string | undefined> {
  try {
    const value = await sessionCookie().parse(request.headers.get('Cookie'))
    return typeof value === 'string' && value.length > 0 && value.length < 200 ? value : undefined
  } catch {
    return undefined
  }
}

export interface CurrentUser extends PublicUser {
  /** '' until its owner sets one */
  name: string
  /** admin, staff, or null: an account without a role opens nothing under /admin */
  role: StaffRole | null
  isAdmin: boolean
  /** an authenticator app is set up */
  hasSecondFactor: boolean
  /** the stored key of this request's session (its hash, never the cookie's id) */
  sessionKey: string
}

/** Set-Cookie that removes the session cookie. */
export async function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize('', { maxAge: 0 })
}

/**
 * The signed-in user, or null. `headers` holds a Set-Cookie that clears a stale
 * cookie (unknown or expired id); merge it into the response.
 */
export async function getCurrentUser(request: Request): Promise<{ user: CurrentUser | null; headers: Headers }> {
  const headers = new Headers()
  const id = await readSessionId(request)
  const userId = id ? await resolveSession(id) : undefined
  // Stryker disable next-line ConditionalExpression: equivalent mutant (true): looking up no id finds no user either
  const user = userId !== undefined ? await getSessionUser(userId) : undefined
  // A deactivated account's sessions were ended with it; one that slipped through counts as signed out.
  if (!id || !user || user.deactivated_at !== null) {
    // Stryker disable next-line LogicalOperator: equivalent mutant (id || user): deleting a session that was not found deletes nothing
    if (id && user) await deleteSession(id)
    if (hasSessionCookie(request)) headers.append('Set-Cookie', await clearSessionCookie())
    return { user: null, headers }
  }
  let role: StaffRole | null = null
  try {
    role = await roleOf(user.id)
  } catch (error) {
    // A failure reading the role is logged and treated as no role (not admin).
    console.error('Could not read the admin role; treating the user as having no role', error)
  }
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role,
      isAdmin: role === 'admin',
      hasSecondFactor: user.hasSecondFactor,
      sessionKey: sessionKey(id),
    },
    headers,
  }
}

/** What the account page shows of a new session: the browser's User-Agent and the client address. */
export function sessionOrigin(request: Request, context?: Readonly<RouterContextProvider>): SessionOrigin {
  return { userAgent: request.headers.get('User-Agent'), address: clientAddress(request, context) }
}

/**
 * Starts a fresh session at a sign-in (a new id every time), notes the
 * sign-in on the account, and returns the session's Set-Cookie.
 */
export async function startSession(userId: number, origin: SessionOrigin = {}): Promise<string> {
  const now = new Date()
  const id = await createSession(userId, now, origin)
  await noteSignIn(userId, now)
  return sessionCookie().serialize(id)
}

/** Deletes the request's session; returns the Set-Cookie that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const id = await readSessionId(request)
  if (id) await deleteSession(id)
  return clearSessionCookie()
}

/** The path and query of a request, for redirectTo. */
function pathAndQuery(request: Request): string {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

/** A signed-in user, or a redirect to the login page that remembers where they were. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const { user, headers } = await getCurrentUser(request)
  if (!user) {
    const target = `/admin/login?${new URLSearchParams({ redirectTo: pathAndQuery(request) })}`
    throw redirect(target, { headers })
  }
  return user
}

export const NOT_ALLOWED_MESSAGE = 'Only an admin can use this page. Ask an admin if you need something changed here.'

/** A signed-in account with a role; one without is sent to / (it opens nothing under /admin). */
async function requireStaffMember(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request)
  if (!user.role) throw redirect('/')
  return user
}

/**
 * While an admin requires a second factor, an account without one is sent to
 * set it up, and may use nothing else until it has.
 */
async function requireSecondFactorIfAsked(user: CurrentUser, pathname: string): Promise<void> {
  if (user.hasSecondFactor || isSecondFactorSetupPath(pathname)) return
  if (!(await getAuthPolicy()).requireSecondFactor) return
  throw await redirectWithToast('/admin/account/two-factor', {
    type: 'error',
    title: 'Set up two-step sign-in to continue',
    description: 'An admin requires it for every account.',
  })
}

/**
 * The guard of the admin area: every loader and action under /admin calls
 * this first, and it decides from the one table of what each role may open
 * (app/auth/permissions.ts):
 * - anonymous → /admin/login?redirectTo=…;
 * - signed in without a role → /;
 * - a second factor required and not set up → its set-up page;
 * - a role that may not use this address → 403, and nothing changes.
 * It also names the signed-in account as the one acting, for the activity log.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireStaffMember(request)
  const { pathname } = new URL(request.url)
  await requireSecondFactorIfAsked(user, pathname)
  if (!mayUse(user.role, pathname)) throw data(NOT_ALLOWED_MESSAGE, { status: 403 })
  setActor(user)
  return user
}

/**
 * For answers that show admins more (the health checks' figures): true only
 * for a signed-in admin who would pass the admin area's guard, a second factor
 * set up when one is required. Never redirects or throws.
 */
export async function isVerifiedAdmin(request: Request): Promise<boolean> {
  const { user } = await getCurrentUser(request).catch(() => ({ user: null }))
  if (!user?.isAdmin) return false
  return user.hasSecondFactor || !(await getAuthPolicy()).requireSecondFactor
}

/**
 * The admin layout's guard: a member of staff with a role (and a second
 * factor when required). Which pages they may open is each page's own
 * requireAdmin, so a refused page still shows inside the admin shell.
 */
export async function requireAdminShell(request: Request): Promise<CurrentUser> {
  const user = await requireStaffMember(request)
  await requireSecondFactorIfAsked(user, new URL(request.url).pathname)
  setActor(user)
  return user
}
