/**
 * The public pages of the site, one entry each: the route table mounts them,
 * the header lists those with a `nav` label (in this order), and the pages
 * sitemap lists those with `sitemap: true`. The browser tests that walk every
 * page (page walk, axe, HTML validity) read the route table, so a page added
 * here is walked too. Blog posts, categories and tags are not here: they have
 * parameters and their own sitemap.
 *
 * Imported by app/routes.ts, so it stays free of imports.
 */
export interface PublicPage {
  /** the address, '/about' */
  path: string
  /** its route module, relative to app/ */
  file: string
  /** the header's link text; no label, no header link */
  nav?: string
  /** listed in /sitemap-pages.xml */
  sitemap: boolean
}

export const PUBLIC_PAGES = [
  { path: '/', file: 'routes/_index.tsx', nav: 'Home', sitemap: true },
  { path: '/about', file: 'routes/about.tsx', nav: 'About', sitemap: true },
  { path: '/locations', file: 'routes/locations.tsx', nav: 'Locations', sitemap: true },
  { path: '/deals', file: 'routes/deals.tsx', nav: 'Deals', sitemap: true },
  { path: '/brands', file: 'routes/brands.tsx', sitemap: true },
  { path: '/live-menu', file: 'routes/live-menu.tsx', sitemap: true },
  { path: '/blog', file: 'routes/blog._index.tsx', nav: 'Blog', sitemap: true },
  { path: '/reviews', file: 'routes/reviews.tsx', nav: 'Reviews', sitemap: true },
  { path: '/contact', file: 'routes/contact.tsx', nav: 'Contact', sitemap: true },
  { path: '/terms', file: 'routes/terms.tsx', sitemap: true },
  { path: '/privacy', file: 'routes/privacy.tsx', sitemap: true },
] as const satisfies readonly PublicPage[]
