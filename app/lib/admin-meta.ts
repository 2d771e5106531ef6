import type { MetaDescriptor } from 'react-router'

/** The robots tag every admin page carries: admin pages are never indexed. */
export const ADMIN_ROBOTS: MetaDescriptor = { name: 'robots', content: 'noindex, nofollow' }

/** `meta` for an admin page: "{title} | Admin" and the no-index robots tag. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Admin` }, ADMIN_ROBOTS]
}
