import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { Form, Link, NavLink, useLocation, useNavigation } from 'react-router'

import { mayUse } from '~/auth/permissions'
import type { StaffRole } from '~/db/types'
import { RECORD_KINDS, RECORD_LISTS } from '~/lib/record-lists'

/** One entry of the admin menu; `end`: only its own address counts as in it (the dashboard). */
interface NavItem {
  to: string
  label: string
  end?: true
}

/** The admin sections, in menu order; each page is built as a child of the admin layout. */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  // The lists with pictures and a Trash, in their definitions' order (record-lists.ts).
  ...RECORD_KINDS.map((kind) => ({ to: RECORD_LISTS[kind].list, label: RECORD_LISTS[kind].menu })),
  { to: '/admin/inquiries', label: 'Inquiries' },
  { to: '/admin/applications', label: 'Applications' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/staff', label: 'Staff' },
  { to: '/admin/activity', label: 'Activity' },
  { to: '/admin/trash', label: 'Trash' },
]

/** The account menu: a native disclosure, so it opens and signs out without JavaScript. */
function AccountMenu({ email, name }: { email: string; name: string }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useDisclosureDismissal(ref)
  const shown = name || email

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
          {shown.slice(0, 1)}
        </span>
        <span className="hidden max-w-56 truncate lg:inline">{shown}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-4 w-4 transition-transform group-open:rotate-180"
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      {/* Above any toast, which never covers the menu. */}
      <div className="absolute right-0 z-[70] mt-2 w-64 overflow-hidden rounded-lg border border-cream-200 bg-white text-ink-900 shadow-lg">
        <div className="border-b border-cream-200 px-4 py-3 text-sm">
          <p className="text-ink-600">Signed in as</p>
          {name ? <p className="truncate font-semibold">{name}</p> : null}
          <p className={name ? 'truncate text-ink-700' : 'truncate font-semibold'} title={email}>
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

/**
 * Closes a native disclosure on navigation, on a click elsewhere and on Escape
 * (JavaScript only; HTML already toggles it). Only a move to another page
 * closes it: when the page comes to life, a menu opened while its scripts were
 * still loading (a quick tap on a slow phone) stays open.
 */
function useDisclosureDismissal(ref: RefObject<HTMLDetailsElement | null>) {
  const { pathname } = useLocation()
  const shownFor = useRef(pathname)
  useEffect(() => {
    if (shownFor.current === pathname) return
    shownFor.current = pathname
    if (ref.current) ref.current.open = false
  }, [pathname, ref])
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
  }, [ref])
}

/** The section a path belongs to: the longest menu address it starts with. */
export function currentSection(items: readonly NavItem[], pathname: string): NavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  return items
    .filter((item) => path === item.to || (!item.end && path.startsWith(`${item.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0]
}

function SectionLink({ item, className }: { item: NavItem; className: (active: boolean) => string }) {
  return (
    <NavLink to={item.to} end={item.end ?? false} prefetch="intent" className={({ isActive }) => className(isActive)}>
      {item.label}
    </NavLink>
  )
}

/**
 * On a phone every section is one tap away: a menu button naming the current
 * section opens the whole list (a native disclosure, so it works without
 * JavaScript). From the md breakpoint up the sections sit in a row instead.
 */
function PhoneSectionMenu({ items }: { items: readonly NavItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const { pathname } = useLocation()
  useDisclosureDismissal(ref)
  const current = currentSection(items, pathname)
  return (
    <details ref={ref} className="group relative md:hidden">
      <summary
        className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 border-t border-brand-700 py-2 text-sm [&::-webkit-details-marker]:hidden"
        aria-label={current ? `Sections menu, now on ${current.label}` : 'Sections menu'}
      >
        <span className="min-w-0 truncate">
          {current ? (
            <>
              <span className="text-brand-100">Section: </span>
              <span className="font-semibold text-white">{current.label}</span>
            </>
          ) : (
            <span className="font-semibold text-white">Sections</span>
          )}
        </span>
        <span className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-brand-600 px-2.5 py-1 font-semibold text-white group-open:bg-brand-700">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M3 5h14a1 1 0 1 0 0-2H3a1 1 0 0 0 0 2Zm14 4H3a1 1 0 0 0 0 2h14a1 1 0 1 0 0-2Zm0 6H3a1 1 0 1 0 0 2h14a1 1 0 1 0 0-2Z" />
          </svg>
          <span className="group-open:hidden">Menu</span>
          <span className="hidden group-open:inline">Close</span>
        </span>
      </summary>
      <ul className="grid grid-cols-2 gap-1 pb-3 text-sm font-medium">
        {items.map((item) => (
          <li key={item.to}>
            <SectionLink
              item={item}
              className={(active) =>
                `flex min-h-11 items-center rounded-md px-3 ${
                  active
                    ? 'bg-brand-700 font-semibold text-white ring-2 ring-accent-400 ring-inset'
                    : 'text-brand-100 hover:bg-brand-700 hover:text-white'
                }`
              }
            />
          </li>
        ))}
      </ul>
    </details>
  )
}

/** Header with the brand, the section links the role may use and the account menu; the page below. */
export function AdminShell({
  email,
  name = '',
  role,
  brandName,
  children,
}: {
  email: string
  /** the member of staff's own name, once they gave one */
  name?: string
  role: StaffRole | null
  brandName: string
  children: ReactNode
}) {
  const loading = useNavigation().state !== 'idle'
  const items = ADMIN_NAV.filter((item) => mayUse(role, item.to))
  return (
    <div className="min-h-dvh bg-cream-50">
      <header className="bg-brand-800 text-cream-50 shadow-sm">
        {/* The brand and the account menu on one row; below it the sections: a row from md up, a menu on phones. */}
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
            <AccountMenu email={email} name={name} />
          </div>
          <nav aria-label="Admin sections" className="order-3 col-span-2 md:-mx-3 md:pb-2">
            <PhoneSectionMenu items={items} />
            <ul className="hidden gap-1 text-sm font-medium whitespace-nowrap md:flex md:flex-wrap">
              {items.map((item) => (
                <li key={item.to}>
                  <SectionLink
                    item={item}
                    className={(active) =>
                      `block rounded-md px-3 py-1.5 ${
                        active ? 'bg-brand-700 text-white' : 'text-brand-100 hover:bg-brand-700 hover:text-white'
                      }`
                    }
                  />
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
