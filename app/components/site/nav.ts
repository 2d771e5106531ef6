import type { SiteSettings } from '~/schemas/settings'

/** The header's page links, in the order the header shows them. */
export const MAIN_NAV = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/locations', label: 'Locations' },
  { to: '/deals', label: 'Deals' },
  { to: '/blog', label: 'Blog' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/contact', label: 'Contact' },
] as const

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
