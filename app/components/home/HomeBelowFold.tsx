import { hydrateWhenVisible } from '~/components/ui/hydrate-when-visible'

/** The home page below its first screen (HomeSections), its code fetched when it nears the screen. */
export const HomeBelowFold = hydrateWhenVisible(() => import('./HomeSections').then((module) => module.HomeSections))
