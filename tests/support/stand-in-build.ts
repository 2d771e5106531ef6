import type { ServerBuild } from 'react-router'

import routes from '../../app/routes'

type DocumentHandler = (request: Request, status: number, headers: Headers) => Response | Promise<Response>

type Action = (args: { request: Request }) => unknown

/**
 * The smallest build React Router serves, for tests of the HTTP layer in
 * front of it: a root route and one catch-all page (with a loader and an
 * action, which `action` replaces), whose documents come from `document`
 * instead of a React render.
 */
export function standInBuild(document: DocumentHandler, action: Action = () => ({ ok: true })): ServerBuild {
  const Page = () => null
  return {
    entry: { module: { default: document } },
    routes: {
      root: { id: 'root', path: '', module: { default: Page } },
      page: {
        id: 'page',
        parentId: 'root',
        path: '*',
        module: { default: Page, loader: () => ({ ok: true }), action },
      },
    },
    assets: {
      entry: { module: '/assets/entry.js', imports: [] },
      routes: {
        root: { id: 'root', path: '', module: '/assets/root.js', hasLoader: false, hasAction: false },
        page: { id: 'page', parentId: 'root', path: '*', module: '/assets/page.js', hasLoader: true, hasAction: true },
      },
      url: '/assets/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  } as unknown as ServerBuild
}

interface RouteEntry {
  /** given when one module serves several addresses (an admin list's add and edit pages, every delete page) */
  id?: string
  path?: string
  index?: boolean
  file: string
  children?: RouteEntry[]
}

/**
 * The app's route table (app/routes.ts) as a server build lists it: each
 * route's id, parent, path and index flag, and nothing to render. Enough for
 * the code that reads a build's routes (the route spelling, the path rules).
 */
export function routeTableBuild(): ServerBuild {
  const table: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: 'root', path: '' },
  }
  const add = (list: RouteEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '')
      table[id] = { id, parentId, path: entry.path, index: entry.index }
      add(entry.children ?? [], id)
    }
  }
  add(routes as RouteEntry[], 'root')
  return { routes: table, entry: { module: {} } } as unknown as ServerBuild
}
