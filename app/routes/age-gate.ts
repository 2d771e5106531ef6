import { data, redirect } from 'react-router'
import { ageCookie } from '~/lib/age-gate.server'
import type { Route } from './+types/age-gate'

/** Only a same-site path ('/x?y'), never '//host' or '/\host'; anything else is '/'. */
export function safeReturnPath(value: FormDataEntryValue | string | null | undefined): string {
  if (typeof value !== 'string' || value.length > 2000) return '/'
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/'
  if (/[\u0000-\u001f]/.test(value)) return '/'
  return value
}

/**
 * 'Yes, Enter' (spec §2.1, §4): sets the 30-day confirmation cookie and returns
 * the visitor to the page they were on. A script post (Accept: application/json)
 * gets a small JSON answer instead of the redirect.
 */
export async function action({ request }: Route.ActionArgs) {
  let returnTo = '/'
  try {
    returnTo = safeReturnPath((await request.formData()).get('redirectTo'))
  } catch {
    returnTo = '/'
  }
  const headers = { 'Set-Cookie': await ageCookie().serialize('1'), 'Cache-Control': 'no-store' }
  if (request.headers.get('Accept')?.includes('application/json')) return data({ ok: true }, { headers })
  return redirect(returnTo, { headers })
}

/** Nothing to show at this address: back to the home page. */
export function loader() {
  return redirect('/')
}
