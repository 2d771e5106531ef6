import { type ReactNode, useEffect, useRef } from 'react'
import { Form, Link, NavLink, useLocation, useNavigation } from 'react-router'

import { mayUse } from '~/auth/permissions'
import type { StaffRole } from '~/db/types'

/** The admin sections, in menu order; each page is built as a child of the admin layout. */
export const ADMIN_NAV = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/blog', label: 'Blog' },
  { to: '/admin/deals', label: 'Deals' },
  { to: '/admin/brands', label: 'Brands' },
  { to: '/admin/inquiries', label: 'Inquiries' },
  { to: '/admin/applications', label: 'Applications' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/staff', label: 'Staff' },
  { to: '/admin/activity', label: 'Activity' },
] as const

/** The account menu: a native disclosure, so it opens and signs out without JavaScript. */
function AccountMenu({ email }: { email: string }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const { pathname } = useLocation()

  // Close on navigation, on a click elsewhere and on Escape (JavaScript only; HTML already toggles it).
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [pathname])
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && ref.current?.open) {
        ref.current.open = false
        ref.current.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [])

  return (
    <details ref={ref} className="group relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-brand-700 [&::-webkit-details-marker]:hidden"
        aria-label={`Account menu for ${email}`}
      >
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-accent-400 text-sm font-bold text-ink-900 uppercase"
        >
          {email.slice(0, 1)}
        </span>
        <span className="hidden max-w-56 truncate lg:inline">{email}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-4 w-4 transition-transform group-open:rotate-180"
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-lg border border-cream-200 bg-white text-ink-900 shadow-lg">
        <div className="border-b border-cream-200 px-4 py-3 text-sm">
          <p className="text-ink-600">Signed in as</p>
          <p className="truncate font-semibold" title={email}>
            {email}
          </p>
        </div>
        <Link to="/admin/account" className="block px-4 py-2.5 text-sm hover:bg-cream-100">
          My account
        </Link>
        <Link to="/" className="block px-4 py-2.5 text-sm hover:bg-cream-100">
          View website
        </Link>
        <Form method="post" action="/admin/logout" className="border-t border-cream-200">
          <button
            type="submit"
            className="block w-full px-4 py-2.5 text-left text-sm font-semibold text-danger-700 hover:bg-danger-50"
          >
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  )
}

/** Header with the brand, the section links the role may use and the account menu; the page below. */
export function AdminShell({
  email,
  role,
  brandName,
  children,
}: {
  email: string
  role: StaffRole | null
  brandName: string
  children: ReactNode
}) {
  const loading = useNavigation().state !== 'idle'
  return (
    <div className="min-h-dvh bg-cream-50">
      <header className="bg-brand-800 text-cream-50 shadow-sm">
        {/* One nav for every width: its own row below the brand (a scrolling row on phones). */}
        <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 px-4">
          <Link to="/admin" className="order-1 flex min-w-0 items-center gap-2 py-2.5">
            <img src="/images/logo.svg" alt="" width={28} height={28} className="h-7 w-7 shrink-0" />
            <span className="truncate font-display text-base font-semibold">{brandName}</span>
            <span className="shrink-0 rounded bg-brand-600 px-1.5 py-0.5 text-xs font-semibold tracking-wide uppercase">
              Admin
            </span>
          </Link>
          <div className="order-2 flex items-center gap-3 justify-self-end">
            {loading ? (
              <span role="status" className="text-sm font-medium text-accent-300">
                Loading...
              </span>
            ) : null}
            <AccountMenu email={email} />
          </div>
          <nav
            aria-label="Admin sections"
            className="order-3 col-span-2 -mx-4 overflow-x-auto px-4 md:-mx-3 md:px-0 md:pb-2"
          >
            <ul className="flex gap-1 text-sm font-medium whitespace-nowrap">
              {ADMIN_NAV.filter((item) => mayUse(role, item.to)).map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={'end' in item ? item.end : false}
                    prefetch="intent"
                    className={({ isActive }) =>
                      `block border-b-2 px-3 py-2.5 md:rounded-md md:border-b-0 md:py-1.5 ${
                        isActive
                          ? 'border-accent-400 text-white md:bg-brand-700'
                          : 'border-transparent text-brand-100 hover:text-white md:hover:bg-brand-700'
                      }`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">{children}</div>
    </div>
  )
}
