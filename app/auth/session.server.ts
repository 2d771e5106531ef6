import { createCookie, redirect } from 'react-router'
import { config } from '~/config.server'
import { createSession, deleteSession, resolveSession } from '~/models/sessions.server'
import { getUserById, hasAdminRole, type PublicUser } from '~/models/users.server'

/**
 * The session cookie carries only a random id; the row in `sessions` holds the
 * user and expiry. HttpOnly, SameSite=Lax, Path=/; Secure with the __Host-
 * prefix when the site is served over https (DECISIONS.md).
 */
function sessionCookie() {
  const { isSecureSite, SESSION_SECRET } = config()
  return createCookie(isSecureSite ? '__Host-session' : 'session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureSite,
    secrets: [SESSION_SECRET],
    maxAge: 14 * 24 * 60 * 60,
  })
}

async function readSessionId(request: Request): Promise<string | undefined> {
  try {
    const value = await sessionCookie().parse(request.headers.get('Cookie'))
    return typeof value === 'string' && value.length > 0 && value.length < 200 ? value : undefined
  } catch {
    return undefined
  }
}

/** Whether the request carries a session cookie at all (valid or not). */
function hasSessionCookie(request: Request): boolean {
  const name = config().isSecureSite ? '__Host-session=' : 'session='
  return (request.headers.get('Cookie') ?? '').split(/;\s*/).some((part) => part.startsWith(name))
}

export interface CurrentUser extends PublicUser {
  isAdmin: boolean
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
  const user = userId !== undefined ? await getUserById(userId) : undefined
  if (!user) {
    if (hasSessionCookie(request)) headers.append('Set-Cookie', await clearSessionCookie())
    return { user: null, headers }
  }
  let isAdmin = false
  try {
    isAdmin = await hasAdminRole(user.id)
  } catch (error) {
    // Spec §4: a failure reading the role is logged and treated as not admin.
    console.error('Could not read the admin role; treating the user as not admin', error)
  }
  return { user: { ...user, isAdmin }, headers }
}

/** Starts a fresh session (new id at every sign-in) and returns its Set-Cookie. */
export async function startSession(userId: number): Promise<string> {
  const id = await createSession(userId)
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

/**
 * Every loader and action under /admin calls this first (DECISIONS.md):
 * anonymous → /admin/login?redirectTo=…; signed in without the admin role → /.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request)
  if (!user.isAdmin) throw redirect('/')
  return user
}
