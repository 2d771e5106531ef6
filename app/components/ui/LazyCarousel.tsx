import { hydrateWhenVisible } from './hydrate-when-visible'

/** The carousel (see Carousel.tsx), its code fetched when it nears the screen. */
export const Carousel = hydrateWhenVisible(() => import('./Carousel').then((module) => module.Carousel))
