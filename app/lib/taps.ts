import type { StoreKey } from '~/db/types'
import { STORE_SLUGS } from '~/lib/tap-path'

/**
 * The taps that bring patients in, counted on the dashboard. Each is one entry
 * here: its name on the dashboard and whether it belongs to one store. Every
 * tap has its own address (`tapPath` in tap-path.ts, `/go/…`), where a POST counts it:
 *
 * - with JavaScript, a click sends a small same-origin beacon there (`TapLink`);
 * - without it, every link keeps its own address (the menu provider, the map,
 *   a `tel:` number) and carries the tap address as its `ping`, which the
 *   browser posts when the link is followed;
 * - a GET of the address counts the tap and redirects to where the link goes,
 *   for a tap address shared on its own.
 *
 * A sent contact form is counted by the form's own action.
 */
export const TAPS = {
  'live-menu': { label: 'Shop Live Menu', perStore: false },
  call: { label: 'Call', perStore: true },
  directions: { label: 'Get Directions', perStore: true },
  review: { label: 'Write a review', perStore: true },
  contact: { label: 'Contact form sent', perStore: false },
} as const satisfies Record<string, { label: string; perStore: boolean }>

export type TapKind = keyof typeof TAPS

export interface TapTarget {
  tap: Exclude<TapKind, 'contact'>
  store: StoreKey | null
}

/** Reads a `/go/:tap/:store?` address back; null for anything that is not a tap link. */
export function parseTapPath(tap: string | undefined, where: string | undefined): TapTarget | null {
  if (tap === 'live-menu') return where === undefined ? { tap, store: null } : null
  if (tap !== 'call' && tap !== 'directions' && tap !== 'review') return null
  const store = (Object.keys(STORE_SLUGS) as StoreKey[]).find((key) => STORE_SLUGS[key] === where)
  return store ? { tap, store } : null
}

/** The item a tap is counted under: 'call:Lindsey', 'live-menu'. */
export function tapItem(tap: TapKind, store: StoreKey | null): string {
  return store ? `${tap}:${store}` : tap
}
