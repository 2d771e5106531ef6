import { hydrateWhenVisible } from '~/components/ui/hydrate-when-visible'

/** The About page below its first screen (AboutSections), its code fetched when it nears the screen. */
export const AboutBelowFold = hydrateWhenVisible(() => import('./AboutSections').then((module) => module.AboutSections))
