import './app.css'

import { useEffect } from 'react'
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from 'react-router'

import { getCurrentUser } from '~/auth/session.server'
import { AgeGate } from '~/components/site/AgeGate'
import { SiteFooter } from '~/components/site/LazySiteFooter'
import { PhoneBar } from '~/components/site/PhoneBar'
import { SiteHeader } from '~/components/site/SiteHeader'
import { NavigationProgress } from '~/components/ui/NavigationProgress'
import { Toaster } from '~/components/ui/Toaster'
import { config } from '~/config.server'
import frauncesBasic from '~/fonts/fraunces-basic.woff2?url'
import interBasic from '~/fonts/inter-basic.woff2?url'
import { hasAgeCookie } from '~/http/age-gate.server'
import { readToast } from '~/http/toast.server'
import { useNonce } from '~/lib/nonce'
import { pageAddress } from '~/lib/page-address'
import { pageMeta } from '~/lib/seo'
import { isStaffPath } from '~/lib/staff-area'
import { hoursInShort } from '~/lib/store-hours'
import { getSettings } from '~/models/settings.server'

import type { Route } from './+types/root'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
  // The basic Latin files of the two faces every page uses (app/fonts/), fetched
  // with the page rather than after its styles are read, so text is first drawn
  // in them and does not move when they arrive.
  { rel: 'preload', href: interBasic, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: frauncesBasic, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const [{ user, headers: sessionHeaders }, { toast, headers: toastHeaders }, settings, ageCookie] = await Promise.all([
    getCurrentUser(request),
    readToast(request),
    getSettings(),
    hasAgeCookie(request),
  ])
  const url = new URL(request.url)
  const headers = new Headers()
  for (const source of [sessionHeaders, toastHeaders]) {
    for (const cookie of source.getSetCookie()) headers.append('Set-Cookie', cookie)
  }
  return data(
    {
      user: user ? { email: user.email, isAdmin: user.isAdmin } : null,
      settings,
      hours: hoursInShort(settings),
      toast,
      siteUrl: config().SITE_URL,
      ageGate: {
        confirmed: ageCookie,
        preview: url.searchParams.get('preview') === '1',
        // Worked out here, so the browser needs no copy of the rule (see AgeGate).
        returnTo: pageAddress(url.pathname, url.search),
      },
    },
    { headers },
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: null,
    description:
      'Medical marijuana dispensary in Norman, Oklahoma. Over 1,000 products, cash with an ATM on site, price match and loyalty points. A medical card is required for every visit.',
    path: '/',
  })

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  // Public pages start their scripts only after the first paint, so a page
  // can be read (and its links and forms used) before it comes to life. Once
  // it has, <html data-hydrated> says so, for styles and tests that need to know.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c432c" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation()
  const staff = isStaffPath(pathname)
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {staff ? null : <SiteHeader settings={loaderData.settings} />}
      <div id="main">
        <Outlet />
      </div>
      {staff ? null : (
        <SiteFooter settings={loaderData.settings} hours={loaderData.hours} signedIn={loaderData.user !== null} />
      )}
      {staff ? null : <PhoneBar settings={loaderData.settings} />}
      {/* Staff are not patients: the age question is for the public site only. */}
      {staff ? null : (
        <AgeGate
          settings={loaderData.settings}
          serverConfirmed={loaderData.ageGate.confirmed}
          preview={loaderData.ageGate.preview}
          returnTo={loaderData.ageGate.returnTo}
        />
      )}
      <NavigationProgress />
      <Toaster initial={loaderData.toast} placement={staff ? 'staff' : 'site'} />
    </>
  )
}

/** The 404 page: 'Oops! Page not found', a Return to Home link, the path logged to the console. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-6 py-20 text-center">
      <p className="font-display text-7xl font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-semibold">Oops! Page not found</h1>
      <p className="text-ink-600">The page you were looking for has moved or never existed.</p>
      <Link to="/" className="rounded-full bg-brand-800 px-6 py-3 font-semibold text-cream-50 hover:bg-brand-700">
        Return to Home
      </Link>
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  const status = isRouteErrorResponse(error) ? error.status : 500
  // The router's own refusals carry messages written for developers; show ours instead.
  const ownMessage =
    isRouteErrorResponse(error) &&
    !(error as { internal?: boolean }).internal &&
    typeof error.data === 'string' &&
    error.data.length < 300
  const message = ownMessage
    ? (error.data as string)
    : status === 405
      ? 'This page does not take form posts. Open it and use the form on it, if it has one.'
      : status >= 500
        ? 'Something went wrong on our side. Please try again in a moment.'
        : 'This request could not be completed.'
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-6 py-20 text-center">
      <p className="font-display text-7xl font-semibold text-brand-700">{status}</p>
      <h1 className="text-3xl font-semibold">
        {status >= 500 ? 'Sorry, something went wrong' : 'We could not do that'}
      </h1>
      <p className="text-ink-600">{message}</p>
      <a href="/" className="rounded-full bg-brand-800 px-6 py-3 font-semibold text-cream-50 hover:bg-brand-700">
        Return to Home
      </a>
    </main>
  )
}
