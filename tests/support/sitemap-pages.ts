/**
 * The public pages the pages sitemap lists, in its order: every page a patient
 * can land on from a search engine, and none of the staff area.
 */
export const PAGES_IN_SITEMAP = [
  '/',
  '/about',
  '/locations',
  '/deals',
  '/brands',
  '/live-menu',
  '/blog',
  '/reviews',
  '/contact',
  '/terms',
  '/privacy',
]
