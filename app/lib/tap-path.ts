import type { StoreKey } from '~/db/types'
import type { TapKind } from '~/lib/taps'

/*
 * Apart from the table of taps (taps.ts): every public page carries the tap
 * links, so the browser's layout script takes only this, never the staff
 * dashboard's labels.
 */

/** The stores as they appear in `/go/…` addresses. */
export const STORE_SLUGS: Record<StoreKey, string> = { Lindsey: 'lindsey', BlueWater: 'bluewater' }

/**
 * The tap's own address: '/go/live-menu' (the menu provider's page),
 * '/go/call/lindsey', '/go/directions/bluewater', '/go/review/lindsey'.
 */
export function tapPath(tap: Exclude<TapKind, 'contact'>, store?: StoreKey): string {
  return store === undefined ? `/go/${tap}` : `/go/${tap}/${STORE_SLUGS[store]}`
}
