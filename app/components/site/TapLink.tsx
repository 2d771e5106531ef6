import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react'
import { useNavigate } from 'react-router'

import type { StoreKey } from '~/db/types'
import { type TapKind, tapPath } from '~/lib/taps'

type TapLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel' | 'ping'> & {
  /** where the link goes: a path on this site, a `tel:` number or another site's address */
  to: string
  tap: Exclude<TapKind, 'contact'>
  store?: StoreKey
  /** opens in a new tab, and says so to screen readers ('said': the link's own text says so already) */
  newTab?: boolean | 'said'
  children: ReactNode
}

const otherSite = (to: string) => /^https?:\/\//i.test(to)

/**
 * A link whose taps are counted: Shop Live Menu, Call, Get Directions, Write a
 * Review (app/lib/taps.ts). Without JavaScript a link to another site points
 * at its tap address, which counts and redirects; any other link keeps its
 * own address and names the tap address as its `ping`. With JavaScript a
 * click sends a same-origin beacon instead, and goes straight where the link
 * goes (a path on this site without reloading the page).
 */
export function TapLink({ to, tap, store, newTab = false, onClick, children, ...rest }: TapLinkProps) {
  const navigate = useNavigate()
  const go = tapPath(tap, store)
  const redirected = otherSite(to)
  function click(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    const link = event.currentTarget
    navigator.sendBeacon?.(go)
    // Counted once: no ping beside the beacon, no redirect after it.
    link.removeAttribute('ping')
    if (redirected) link.href = to
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
    if (to.startsWith('/') && plain && !newTab && !event.defaultPrevented) {
      event.preventDefault()
      void navigate(to)
    }
  }
  return (
    <a
      {...rest}
      href={redirected ? go : to}
      ping={redirected ? undefined : go}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      onClick={click}
    >
      {children}
      {newTab === true ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  )
}
