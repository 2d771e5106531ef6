import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react'
import { useNavigate } from 'react-router'

import type { StoreKey } from '~/db/types'
import { tapPath } from '~/lib/tap-path'
import type { TapKind } from '~/lib/taps'
import { useSiteUrl } from '~/root-data'

type TapLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel' | 'ping'> & {
  /** where the link goes: a path on this site, a `tel:` number or another site's address */
  to: string
  tap: Exclude<TapKind, 'contact'>
  store?: StoreKey
  /** opens in a new tab, and says so to screen readers ('said': the link's own text says so already) */
  newTab?: boolean | 'said'
  children: ReactNode
}

/**
 * A link whose taps are counted: Shop Live Menu, Call, Get Directions, Write a
 * Review (app/lib/taps.ts). Every link keeps its own address (the menu, the
 * map, the phone number), so it reads, copies and opens as itself. Without
 * JavaScript it names its tap address as its `ping` (an absolute address, as
 * the attribute requires), which the browser posts when it is followed; with
 * JavaScript a click sends a same-origin beacon instead, and a path on this
 * site opens without reloading the page.
 */
export function TapLink({ to, tap, store, newTab = false, onClick, children, ...rest }: TapLinkProps) {
  const navigate = useNavigate()
  const go = tapPath(tap, store)
  const siteUrl = useSiteUrl()
  function click(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    const link = event.currentTarget
    navigator.sendBeacon?.(go)
    // Counted once: no ping beside the beacon.
    link.removeAttribute('ping')
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
    if (to.startsWith('/') && plain && !newTab && !event.defaultPrevented) {
      event.preventDefault()
      void navigate(to)
    }
  }
  return (
    <a
      {...rest}
      href={to}
      ping={siteUrl ? new URL(go, siteUrl).href : undefined}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      onClick={click}
    >
      {children}
      {newTab === true ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  )
}
