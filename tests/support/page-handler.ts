import { createPageHandler, type PageHandlerOptions } from '~/http/page-handler.server'

/**
 * The page handler as production runs it, for a test site at
 * http://127.0.0.1:4999 (plain http, no proxy in front), with 1 MB of page
 * cache and no timed change due for a minute. `options` gives the build and
 * whatever a test sets otherwise.
 */
export function productionPageHandler(options: Partial<PageHandlerOptions> & Pick<PageHandlerOptions, 'build'>) {
  return createPageHandler({
    mode: 'production',
    siteUrl: 'http://127.0.0.1:4999',
    trustProxy: false,
    secureSite: false,
    cacheBytes: 1024 * 1024,
    nextTimedChange: async () => new Date(Date.now() + 60_000),
    ...options,
  })
}
