import { hydrateWhenVisible } from '~/components/ui/hydrate-when-visible'

/**
 * The site footer (see SiteFooter.tsx), its code fetched when it nears the
 * screen. It sits below every page's first screen, so a first visit does not
 * pay for the footer's links, hours and icons before the visitor scrolls.
 */
export const SiteFooter = hydrateWhenVisible(() => import('./SiteFooter').then((module) => module.SiteFooter))
