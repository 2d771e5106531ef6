import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import path from 'node:path'

import compression from 'compression'
import express, { type RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'

import { config } from '~/config.server'
import { NON_DOCUMENT_CSP, responseSecurityHeaders } from '~/http/security-headers.server'
import { addressForLimits } from '~/lib/client-network.server'
import { isStaffPath } from '~/lib/staff-area'
import { PUBLIC_IMAGES_VERSION } from '~/lib/static-images'
import { nextStoreMidnight } from '~/lib/time'
import { nextScheduledPublication } from '~/models/posts.server'

import { publicHealthCheck } from './health.server'
import { createPageHandler, lineFigures, renderCacheStats } from './page-handler.server'
import { countVisit } from './visit-counter.server'

/**
 * Headers every response carries, set once here before anything answers.
 * HTML documents bring their own nonce-based policy (entry.server.tsx), which
 * replaces the strict default set here; anything else keeps the default. Every
 * staff-area answer (pages, data, exports, uploads, guard redirects) stays out
 * of indexes and caches unless its handler says otherwise. A handler's own
 * header replaces a default (setHeader, or writeHead's list), so no default
 * ever doubles a header.
 */
function securityHeaders(options: { production: boolean; secureSite: boolean }): RequestHandler {
  const always = responseSecurityHeaders(options.secureSite)
  return (req, res, next) => {
    for (const [name, value] of always) res.setHeader(name, value)
    if (options.production) {
      res.setHeader('Content-Security-Policy', NON_DOCUMENT_CSP)
      if (isStaffPath(req.path)) {
        res.setHeader('X-Robots-Tag', 'noindex')
        res.setHeader('Cache-Control', 'no-store')
      }
    }
    next()
  }
}

/** When time alone next changes a public page: a scheduled post going live, or the store's day (and month) turning. */
async function nextTimedChange(now: Date): Promise<Date> {
  const midnight = nextStoreMidnight(now)
  const scheduled = await nextScheduledPublication(now)
  return scheduled && scheduled < midnight ? scheduled : midnight
}

export interface ServeOptions {
  /** The server build, or (in development) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Folder of the client build (hashed assets and copies of public/); absent in development. */
  clientDir?: string
  /** Vite's middlewares in development. */
  devMiddleware?: RequestHandler
}

/** The whole HTTP server: security headers, static files, compression, then the page handler. */
export function createHttpApp(options: ServeOptions) {
  const cfg = config()
  const production = !options.devMiddleware
  const app = express()
  app.disable('x-powered-by')
  app.use(securityHeaders({ production, secureSite: cfg.isSecureSite }))
  if (options.devMiddleware) app.use(options.devMiddleware)
  if (options.clientDir) {
    app.use(compression())
    // Hashed assets never change: cache them for a year.
    app.use(
      '/assets',
      express.static(path.join(options.clientDir, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        redirect: false,
      }),
    )
    // redirect: false, or the folder public/brands/ would turn the /brands page into a redirect to /brands/.
    app.use(
      express.static(options.clientDir, {
        maxAge: '1h',
        index: false,
        redirect: false,
        // The shipped pictures asked for with the current build's version (see staticImageUrl) never change under it.
        setHeaders(res) {
          const req = (res as typeof res & { req?: { path: string; query: Record<string, unknown> } }).req
          if (req && /^\/(?:images|brands)\//.test(req.path) && req.query.v === PUBLIC_IMAGES_VERSION) {
            res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
          }
        },
      }),
    )
  }
  const pages = createPageHandler({
    // React Router's own origin check on actions, a second line behind ours: the configured public host.
    build:
      typeof options.build === 'function'
        ? options.build
        : { ...options.build, allowedActionOrigins: [new URL(cfg.SITE_URL).host] },
    mode: production ? 'production' : 'development',
    siteUrl: cfg.SITE_URL,
    trustProxy: cfg.TRUST_PROXY,
    secureSite: cfg.isSecureSite,
    cacheBytes: cfg.RENDER_CACHE_MB * 1024 * 1024,
    nextTimedChange,
  })
  app.use(pages.handle)
  // In development the route answers every health check (Vite's middlewares come first there).
  const answerHealthCheck = production ? publicHealthCheck(cfg.isSecureSite) : undefined
  return {
    /**
     * Every request, step by step: the public health check (answered at
     * once), the case rule (a path spelled otherwise than
     * its route is redirected), a kept public page (written at once), then
     * Express: security headers, static files, compression, and the page
     * handler (methods, origin, body limits, the render line, React Router,
     * keeping the page).
     */
    handle(req: IncomingMessage, res: ServerResponse) {
      if (answerHealthCheck?.(req, res)) return
      if (pages.redirectToRouteSpelling(req, res)) return
      if (pages.serveKept(req, res)) return
      app(req, res)
    },
  }
}

/** Limits on connections: slow clients, and how many one address may hold open. */
export interface ConnectionLimits {
  /** Milliseconds to receive a request's headers (Node's own default is a minute). */
  headersTimeout: number
  /** Milliseconds to receive a whole request, body included (Node's default is 5 minutes). */
  requestTimeout: number
  /** How often the timeouts above are checked (Node checks every 30 s). */
  checkEveryMs: number
  /** Connections one client address may hold open at once; more are closed at once. 0: no cap. */
  perAddress: number
}

/**
 * 10 s for the headers (a browser sends them in one packet), 60 s for a whole
 * request (a 6 MB upload on a poor mobile link), checked every second; 64 open
 * connections per address (a browser opens 6; an office behind one address a
 * few dozen). Behind a trusted proxy every connection comes from the proxy,
 * so there the cap is left to the proxy.
 */
export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeout: 10_000,
  requestTimeout: 60_000,
  checkEveryMs: 1000,
  perAddress: 64,
}

/**
 * Listens on PORT; resolves with the server once it accepts connections. On
 * close, the page cache's figures go to the log.
 */
export function listen(
  http: ReturnType<typeof createHttpApp>,
  port: number,
  limits: ConnectionLimits = {
    ...CONNECTION_LIMITS,
    perAddress: config().TRUST_PROXY ? 0 : CONNECTION_LIMITS.perAddress,
  },
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(
      {
        headersTimeout: limits.headersTimeout,
        requestTimeout: limits.requestTimeout,
        connectionsCheckingInterval: limits.checkEveryMs,
      },
      (req, res) => {
        // Page views are counted here, so a page from the cache counts like a rendered one.
        countVisit(req, res)
        http.handle(req, res)
      },
    )
    if (limits.perAddress > 0) capConnectionsPerAddress(server, limits.perAddress)
    server.once('close', () => {
      const cache = renderCacheStats()
      if (cache?.enabled) {
        console.log(
          `Page cache at stop: ${cache.entries} pages, ${Math.round(cache.bytes / 1024)} KB, ${cache.hits} hits, ${cache.misses} misses; turned away: ${JSON.stringify(lineFigures())}`,
        )
      }
    })
    server.once('error', reject)
    server.listen(port, () => resolve(server))
  })
}

/** Closes a new connection at once when its sender (an IPv6 client by its /64) already holds `max` open ones. */
export function capConnectionsPerAddress(server: Pick<Server, 'on'>, max: number) {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = addressForLimits(socket.remoteAddress ?? '')
    const count = (open.get(address) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
