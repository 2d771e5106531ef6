import type { ServerBuild } from 'react-router'

type DocumentHandler = (request: Request, status: number, headers: Headers) => Response | Promise<Response>

/**
 * The smallest build React Router serves, for tests of the HTTP layer in
 * front of it: a root route and one catch-all page (with a loader and an
 * action), whose documents come from `document` instead of a React render.
 */
export function standInBuild(document: DocumentHandler): ServerBuild {
  const Page = () => null
  return {
    entry: { module: { default: document } },
    routes: {
      root: { id: 'root', path: '', module: { default: Page } },
      page: {
        id: 'page',
        parentId: 'root',
        path: '*',
        module: { default: Page, loader: () => ({ ok: true }), action: () => ({ ok: true }) },
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
