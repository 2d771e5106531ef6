import { useRouteLoaderData } from 'react-router'

import type { loader } from '~/root'
import type { SiteSettings } from '~/schemas/settings'
import { DEFAULT_SETTINGS } from '~/schemas/settings-defaults'

/**
 * The store facts (docs/decisions/store-facts.md) for any component: what the
 * root loader read for this request. Every page renders below the root loader,
 * so the defaults only show on an error page drawn after that loader failed.
 */
export function useSettings(): SiteSettings {
  return useRouteLoaderData<typeof loader>('root')?.settings ?? DEFAULT_SETTINGS
}

/** The site's public address (SITE_URL) for absolute links in structured data; '' on an error page. */
export function useSiteUrl(): string {
  return useRouteLoaderData<typeof loader>('root')?.siteUrl ?? ''
}
