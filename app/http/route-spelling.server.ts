import { matchRoutes, type ServerBuild } from 'react-router'

/**
 * The router matches paths without regard to letter case, decodes
 * percent-escapes and ignores a trailing slash, so `/ADMIN/inquiries`,
 * `/%61dmin/inquiries` and `/admin/inquiries/` all open the same screen. Every
 * other rule keyed on the path (the staff area, the page cache, the headers)
 * must see the route's own spelling, so such a path is sent to it before
 * anything else runs: `routeSpelling` finds the route the router would pick
 * and writes the path with that route's own static segments (the values of its
 * parameters as they came).
 */

interface RouteNode {
  id: string
  path?: string
  index?: boolean
  children: RouteNode[]
}

const trees = new WeakMap<ServerBuild['routes'], RouteNode[]>()

/** The build's routes as the nested tree matchRoutes takes. */
export function routeTree(build: ServerBuild): RouteNode[] {
  const known = trees.get(build.routes)
  if (known) return known
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const childrenOf = (id: string) => routes.filter((route) => route.parentId === id)
  const toNode = (route: (typeof routes)[number]): RouteNode => ({
    id: route.id,
    path: route.path,
    index: route.index,
    children: childrenOf(route.id).map(toNode),
  })
  const tree = routes.filter((route) => !route.parentId || !build.routes[route.parentId]).map(toNode)
  trees.set(build.routes, tree)
  return tree
}

/** The routes the router matches for `pathname`, outermost first (null when none). */
export function matchedRoutes(build: ServerBuild, pathname: string): RouteNode[] | null {
  const matches = matchRoutes(routeTree(build) as never, pathname) as { route: RouteNode }[] | null
  return matches ? matches.map((match) => match.route) : null
}

/** Lower case, no escapes, no empty segment, no trailing slash: already a route's own spelling. */
const PLAIN_PATH = /^(?:\/|(?:\/[a-z0-9._~!$&'()*+,;=:@-]+)+)$/

/**
 * The path as its route spells it (see above), or `pathname` itself when it
 * already is, or when nothing but the catch-all page matches. A client data
 * request is spelled as its page with its ending added again: `.data`, or
 * `/_.data` for a page asked with a trailing slash (app/lib/data-request.ts).
 */
export function routeSpelling(build: ServerBuild, pathname: string): string {
  if (PLAIN_PATH.test(pathname)) return pathname
  const ending = pathname.endsWith('/_.data') ? '/_.data' : pathname.endsWith('.data') ? '.data' : ''
  const page = pathname.slice(0, pathname.length - ending.length) || '/'
  const routes = matchedRoutes(build, page)
  if (!routes) return pathname
  const given = page.split('/').filter(Boolean)
  const spelled: string[] = []
  let at = 0
  for (const route of routes) {
    for (const segment of (route.path ?? '').split('/').filter(Boolean)) {
      if (segment === '*') {
        spelled.push(...given.slice(at))
        at = given.length
      } else {
        spelled.push(segment.startsWith(':') ? given[at] : segment)
        at++
      }
    }
  }
  // The catch-all took the rest as it came; anything else unmatched means the rebuild went wrong: leave the path alone.
  if (at !== given.length || spelled.some((segment) => segment === undefined)) return pathname
  const spelledPage = `/${spelled.join('/')}`
  return ending === '/_.data' && spelledPage === '/' ? ending : `${spelledPage}${ending}`
}
