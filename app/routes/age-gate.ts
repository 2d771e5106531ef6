import { data, redirect } from 'react-router'

import { safeRedirectTo } from '~/auth/redirect-to'
import { ageCookie } from '~/http/age-gate.server'
import { tryReadFormData } from '~/http/form-data.server'

import type { Route } from './+types/age-gate'

/**
 * 'Yes, Enter' (docs/decisions/age-gate.md): sets the 30-day confirmation cookie and returns
 * the visitor to the page they were on. A script post (Accept: application/json)
 * gets a small JSON answer instead of the redirect.
 */
export async function action({ request }: Route.ActionArgs) {
  // Only a path on this site is followed (the sign-in page's rule); anything else goes home.
  const returnTo = safeRedirectTo((await tryReadFormData(request))?.get('redirectTo') ?? null, '/')
  const headers = { 'Set-Cookie': await ageCookie().serialize('1'), 'Cache-Control': 'no-store' }
  if (request.headers.get('Accept')?.includes('application/json')) return data({ ok: true }, { headers })
  return redirect(returnTo, { headers })
}

/** Nothing to show at this address: back to the home page. */
export function loader() {
  return redirect('/')
}
