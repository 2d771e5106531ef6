import type { RouteConfigEntry } from '@react-router/dev/routes'

import routes from '../../../app/routes'

export interface FlatRoute {
  /** '/admin/blog/edit/:id' */
  path: string
  file: string
}

/** Every route of app/routes.ts with its full path (layouts included, '*' left out). */
export function flatRoutes(): FlatRoute[] {
  const out: FlatRoute[] = []
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.index
        ? prefix || '/'
        : `${prefix}/${entry.path ?? ''}`.replace(/\/+/g, '/').replace(/\/$/, '') || '/'
      if (entry.path !== '*') out.push({ path, file: entry.file })
      if (entry.children) walk(entry.children, path === '/' ? '' : path)
    }
  }
  walk(routes as RouteConfigEntry[], '')
  return out
}
