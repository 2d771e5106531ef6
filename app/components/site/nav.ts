import { PUBLIC_PAGES, type PublicPage } from '~/public-pages'
import type { SiteSettings } from '~/schemas/settings'

/** The header's page links: the public pages with a nav label, in their order. */
export const MAIN_NAV: readonly { to: string; label: string }[] = (PUBLIC_PAGES as readonly PublicPage[]).flatMap(
  (page) => (page.nav ? [{ to: page.path, label: page.nav }] : []),
)

export type SocialNetwork = 'facebook' | 'instagram' | 'leafly' | 'weedmaps'

/** Social links from the settings record, each with a name a screen reader reads out. */
export function socialLinks(settings: SiteSettings): { network: SocialNetwork; href: string; label: string }[] {
  return [
    { network: 'facebook', href: settings.social.facebook, label: `${settings.brand_name} on Facebook` },
    { network: 'instagram', href: settings.social.instagram, label: `${settings.brand_name} on Instagram` },
    { network: 'leafly', href: settings.social.leafly, label: `${settings.brand_name} on Leafly` },
    { network: 'weedmaps', href: settings.social.weedmaps, label: `${settings.brand_name} on Weedmaps` },
  ]
}
