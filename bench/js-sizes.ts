import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
  hasDefaultExport?: boolean
  /** React Router splits a route's client loader, action and middleware into modules of their own. */
  clientLoaderModule?: string
  clientActionModule?: string
  clientMiddlewareModule?: string
  hydrateFallbackModule?: string
}

interface Manifest {
  entry: { module: string; imports: string[] }
  routes: Record<string, ManifestRoute>
  url?: string
}

export interface RouteJavaScript {
  id: string
  path: string
  files: number
  gzipBytes: number
  /** the asset URLs counted */
  urls: string[]
}

/** Reads React Router's client manifest from a build folder. */
export function readClientManifest(buildDir: string): { manifest: Manifest } {
  const assets = join(buildDir, 'client', 'assets')
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name))
  if (!file) throw new Error(`No client manifest in ${assets}; build first`)
  const source = readFileSync(join(assets, file), 'utf8')
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)
  return { manifest: JSON.parse(json) as Manifest }
}

function fullPath(routes: Record<string, ManifestRoute>, id: string): string {
  const parts: string[] = []
  for (
    let route: ManifestRoute | undefined = routes[id];
    route;
    route = route.parentId ? routes[route.parentId] : undefined
  ) {
    if (route.path) parts.unshift(route.path)
  }
  return `/${parts.join('/')}`.replace(/\/+/g, '/')
}

/**
 * The gzipped JavaScript a first visit to each page route downloads: the client
 * entry and the modules (with their static imports) of the route and every
 * parent route. (The route data itself is inlined in the page; the manifest
 * file is only fetched by a browser in development. Modules loaded later with
 * import(), such as the carousels' embla, are not part of the first load.)
 * Resource routes (no component) load none.
 */
export function routeJavaScriptSizes(buildDir: string): RouteJavaScript[] {
  const { manifest } = readClientManifest(buildDir)
  const clientDir = join(buildDir, 'client')
  const cache = new Map<string, number>()
  const gzipped = (file: string) => {
    let size = cache.get(file)
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length
      cache.set(file, size)
    }
    return size
  }
  const results: RouteJavaScript[] = []
  for (const route of Object.values(manifest.routes)) {
    if (route.id === 'root' || !route.hasDefaultExport) continue
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports])
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module)
      for (const imported of r.imports ?? []) files.add(imported)
      for (const split of [
        r.clientLoaderModule,
        r.clientActionModule,
        r.clientMiddlewareModule,
        r.hydrateFallbackModule,
      ])
        if (split) files.add(split)
    }
    const gzipBytes = [...files].reduce((sum, file) => sum + gzipped(file), 0)
    results.push({
      id: route.id,
      path: fullPath(manifest.routes, route.id),
      files: files.size,
      gzipBytes,
      urls: [...files],
    })
  }
  return results.sort((a, b) => a.path.localeCompare(b.path))
}

export const PUBLIC_ROUTE_BUDGET_BYTES = 120 * 1024

export function isPublicRoute(route: RouteJavaScript): boolean {
  return !route.id.startsWith('routes/admin') && route.path !== '/login'
}
