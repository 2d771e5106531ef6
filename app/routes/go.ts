import { config } from '~/config.server'
import { visitCounter } from '~/http/visit-counter.server'
import { locationHeaderValue } from '~/lib/site-path'
import { parseTapPath, type TapTarget } from '~/lib/taps'
import { telHref } from '~/lib/tel-href'
import { getSettings } from '~/models/settings.server'

import type { Route } from './+types/go'

/**
 * The tap addresses: `/go/live-menu`, `/go/call/lindsey`,
 * `/go/directions/bluewater`, `/go/review/lindsey` (app/lib/taps.ts).
 *
 * - GET (a link to another site followed without JavaScript, or before the
 *   page's scripts start): counts the tap when it came from one of our pages,
 *   then redirects to where the link goes (the menu provider, the store's
 *   directions or review page, its phone number).
 * - POST (the beacon a page sends with JavaScript, or a link's `ping`): counts
 *   the tap and answers 204. Only our own pages may send it: a beacon from
 *   another origin is refused with 403.
 */

function notFound() {
  return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

async function destination(target: TapTarget): Promise<string> {
  const settings = await getSettings()
  if (target.tap === 'live-menu') return settings.live_menu_url
  const store = settings.stores[target.store!]
  if (target.tap === 'call') return telHref(store.phone)
  if (target.tap === 'directions') return store.directions_url
  return store.review_url
}

const headersOf = (request: Request) => Object.fromEntries(request.headers)

/** The request comes from one of our own pages (a browser says so with Origin or Sec-Fetch-Site). */
function fromOurPages(request: Request): boolean {
  const fetchSite = request.headers.get('Sec-Fetch-Site')
  if (fetchSite !== null) return fetchSite === 'same-origin'
  const origin = request.headers.get('Origin')
  const referer = request.headers.get('Referer')
  const site = new URL(config().SITE_URL).origin
  const own = new URL(request.url).origin
  if (origin !== null) return origin === site || origin === own
  if (!referer || !URL.canParse(referer)) return false
  const from = new URL(referer).origin
  return from === site || from === own
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const target = parseTapPath(params.tap, params.where)
  if (!target) return notFound()
  if (fromOurPages(request)) visitCounter()?.countTap(headersOf(request), target.tap, target.store)
  return new Response(null, {
    status: 302,
    headers: { Location: locationHeaderValue(await destination(target)), 'Cache-Control': 'no-store' },
  })
}

export async function action({ request, params }: Route.ActionArgs) {
  const target = parseTapPath(params.tap, params.where)
  if (!target) return notFound()
  if (!fromOurPages(request)) {
    return new Response('Taps are counted only from this site’s own pages.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  visitCounter()?.countTap(headersOf(request), target.tap, target.store)
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
