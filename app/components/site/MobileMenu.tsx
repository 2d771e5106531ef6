import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

import { TapLink } from '~/components/site/TapLink'
import { LineIcon } from '~/components/ui/LineIcon'
import type { SiteSettings } from '~/schemas/settings'

import { MainNav, SocialLinks } from './SiteLinks'

const FOCUSABLE = 'a[href], button:not([disabled]), summary'

/**
 * The slide-out menu for small screens. It is a <details> element, so the menu
 * button opens and closes it without JavaScript. With JavaScript it keeps focus
 * inside while open, closes on Escape (focus goes back to the menu button), on
 * a click outside the panel and after a link is followed.
 */
export function MobileMenu({ settings }: { settings: SiteSettings }) {
  const [open, setOpen] = useState(false)
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const summaryRef = useRef<HTMLElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const location = useLocation()

  // Close after navigating. When the page comes to life, a menu opened while its
  // scripts were still loading (HTML opens it by itself: a quick tap on a slow
  // phone) stays open, and the menu takes over from there.
  const here = `${location.pathname}${location.search}`
  const shownFor = useRef(here)
  useEffect(() => {
    if (shownFor.current === here) {
      if (detailsRef.current?.open) setOpen(true)
      return
    }
    shownFor.current = here
    setOpen(false)
  }, [here])

  useEffect(() => {
    if (!open) return
    const { style } = document.documentElement
    const previous = style.overflow
    style.overflow = 'hidden'
    panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus()
    return () => {
      style.overflow = previous
    }
  }, [open])

  function close(returnFocus: boolean) {
    setOpen(false)
    if (returnFocus) summaryRef.current?.focus()
  }

  function onSummaryClick(event: MouseEvent<HTMLElement>) {
    event.preventDefault()
    setOpen((value) => !value)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (!open) return
    if (event.key === 'Escape') {
      event.preventDefault()
      close(true)
      return
    }
    if (event.key !== 'Tab' || !detailsRef.current) return
    const items = Array.from(detailsRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    // Escape and the focus loop of the open menu: a key handler on the disclosure, whose summary is the control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details ref={detailsRef} open={open} onKeyDown={onKeyDown} className="group lg:hidden">
      <summary
        ref={summaryRef}
        aria-controls="mobile-menu-panel"
        onClick={onSummaryClick}
        className="relative z-20 flex cursor-pointer list-none items-center gap-2 rounded-full border border-cream-50/40 px-3 py-2 text-sm font-semibold text-cream-50 hover:bg-brand-700 group-open:border-brand-800 group-open:bg-brand-800 [&::-webkit-details-marker]:hidden"
      >
        <LineIcon d="M4 7h16M4 12h16M4 17h16" className="size-5 group-open:hidden" strokeWidth={2} />
        <LineIcon d="M6 6l12 12M18 6L6 18" className="hidden size-5 group-open:block" strokeWidth={2} />
        <span className="group-open:hidden">Menu</span>
        <span className="hidden group-open:inline">Close</span>
      </summary>
      <div aria-hidden="true" onClick={() => close(false)} className="fixed inset-0 z-0 bg-brand-950/60" />
      <div
        ref={panelRef}
        id="mobile-menu-panel"
        className="fixed inset-y-0 right-0 z-10 flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-cream-50 px-6 pt-20 pb-8 text-ink-900 shadow-2xl motion-safe:animate-[slide-in_200ms_ease-out]"
      >
        <MainNav
          label="Mobile"
          listClassName="flex flex-col gap-1"
          linkClassName="block rounded-xl px-3 py-3 text-lg font-medium hover:bg-brand-50 aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-900"
        />
        <TapLink
          to="/live-menu"
          tap="live-menu"
          className="mt-6 rounded-full bg-accent-400 px-5 py-3 text-center font-semibold text-ink-900 shadow-sm hover:bg-accent-300"
        >
          Shop Live Menu
        </TapLink>
        <SocialLinks
          settings={settings}
          className="mt-8 flex gap-3"
          linkClassName="flex size-11 items-center justify-center rounded-full bg-brand-800 text-cream-50 hover:bg-brand-700"
        />
      </div>
    </details>
  )
}
