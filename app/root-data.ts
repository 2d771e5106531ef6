import { useRouteLoaderData } from 'react-router'

import type { StoreKey } from '~/db/types'
import type { HoursInShort } from '~/lib/store-hours'
import type { loader } from '~/root'
import type { SiteSettings } from '~/schemas/settings'

/**
 * The store facts (docs/decisions/store-facts.md) for any component: what the
 * root loader read for this request. Every page renders below the root loader;
 * when that loader fails, only the root's error page is drawn, which shows no
 * store facts. (So the browser never needs the seeded defaults.)
 */
export function useSettings(): SiteSettings {
  const settings = useRouteLoaderData<typeof loader>('root')?.settings
  if (!settings) throw new Error("useSettings ran outside the root loader's data")
  return settings
}

/** The site's public address (SITE_URL) for absolute links in structured data; '' on an error page. */
export function useSiteUrl(): string {
  return useRouteLoaderData<typeof loader>('root')?.siteUrl ?? ''
}

/** Each store's hours in short (card, footer and late-night lines), as the root loader worked them out. */
export function useHoursInShort(): Record<StoreKey, HoursInShort> {
  const hours = useRouteLoaderData<typeof loader>('root')?.hours
  if (!hours) throw new Error("useHoursInShort ran outside the root loader's data")
  return hours
}
