import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { setTimeout as pause } from 'node:timers/promises'

import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import { createRequestHandler, type ServerBuild } from 'react-router'

import { config } from '~/config.server'
import { requestContext } from '~/context'
import { noteOtherWriters } from '~/db/db.server'
import { isAgeConfirmed } from '~/http/age-gate.server'
import { contentVersion } from '~/http/content-version.server'
import { etagMatches, isSharedRequest, sharedPageNonce } from '~/http/http-cache.server'
import { responseSecurityHeaders } from '~/http/security-headers.server'
import { addressForLimits } from '~/lib/client-network.server'
import { pagePathOf } from '~/lib/data-request'
import { pageQuery } from '~/lib/page-address'
import { isStaffPath } from '~/lib/staff-area'
import { Busy, type FairShare, WorkQueue, type WorkQueueFigures } from '~/lib/work-queue'
import { runInActorScope } from '~/models/activity.server'
import { getSettings } from '~/models/settings.server'
import { DEFAULT_SETTINGS } from '~/schemas/settings'

import { BodyLimit, bodyLimitFor, formatLimit, readWholeBody, SMALL_FORM_LIMIT } from './body-limit.server'
import { cookieHeaderOf, parseCookies } from './cookies.server'
import { isSameOrigin } from './origin.server'
import { plainPage } from './plain-page.server'
import { type CachedPage, compressedVariants, RenderCache } from './render-cache.server'
import { matchedRoutes, routeSpelling } from './route-spelling.server'

/** Answers a platform reads whatever the load: never queued, never turned away as busy. */
const HEALTH_CHECKS: ReadonlySet<string> = new Set(['/healthz', '/healthz/replication'])

export interface PageHandlerOptions {
  /** The server build, or (in development) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'production' | 'development'
  /** The public address of the site: form posts must come from it. */
  siteUrl: string
  /** Take the client address from the trusted proxy's header (see `clientAddressOf`). */
  trustProxy: boolean
  /** The site is served over https (HSTS on every answer). */
  secureSite: boolean
  /** Bytes of rendered pages to keep; 0 renders every request. */
  cacheBytes: number
  /** When time alone next changes what public pages show (a scheduled post, the store's midnight). */
  nextTimedChange: (now: Date) => Promise<Date>
  /** Page requests rendered at once and waiting in line (beyond: 503), and a busy line's share per client (none if not given); RENDER_LINE when not given. */
  renderLine?: { active: number; waiting: number; maxWaitMs?: number; share?: FairShare }
}

/**
 * While 24 or more of the render line's 50 places are taken, a client (an
 * address; IPv6 by its /64) that holds 8 or more gets no more. One client
 * alone can so hold 24 places, never all 50: one address asking random
 * searches over 60 connections used to hold every place, and every page not
 * already kept got a 503. A free lane goes first to a client with fewer pages
 * rendering, so a patient waits behind the flood's renders in progress, not
 * behind its whole queue.
 */
const RENDER_SHARE: FairShare = { busyFrom: 24, perSender: 8 }

/**
 * How many page renders run at once, and wait. Rendering is mostly work on the
 * one JavaScript thread, so more at once only adds memory, not speed; a short
 * line absorbs a burst, and past it a visitor is told at once to come back in
 * a few seconds (503 with Retry-After) instead of the process growing until it
 * is killed. Form posts have a line of their own, so a slow upload never
 * holds up the pages.
 */
export const RENDER_LINE = { active: 2, waiting: 48, maxWaitMs: 5000, share: RENDER_SHARE }
const POST_LINE = { active: 4, waiting: 8, maxWaitMs: 10_000 }
/** An escaped control character (%00–%1F, %7F) in a path. */
const CONTROL_ESCAPE = /%(?:[01][0-9a-f]|7f)/i

/** Seconds a visitor turned away is asked to wait. */
const RETRY_AFTER_SECONDS = 5
/** How long a client over its share of the render line waits for its 503. */
export const OVER_SHARE_PAUSE_MS = 1000

type Next = (error?: unknown) => void

/** The methods the site answers; every other one gets 405 before anything else runs. */
const SITE_METHODS = new Set(['GET', 'HEAD', 'POST'])

let activeCache: RenderCache | undefined
let activeLines: { renders: WorkQueue; posts: WorkQueue; compressions: WorkQueue } | undefined

/** Hits, misses and bytes of the page cache, for the health check (staff) and the log. */
export function renderCacheStats() {
  return activeCache?.stats()
}

/** How busy the render, form-post and compression lines are, and how many they turned away. */
export function lineFigures(): Record<string, WorkQueueFigures> | undefined {
  if (!activeLines) return undefined
  return Object.fromEntries(Object.entries(activeLines).map(([name, line]) => [name, line.figures()]))
}

/**
 * The client's address for rate limits. Behind a trusted proxy (TRUST_PROXY=1)
 * it is the address that proxy saw: Fly's edge writes Fly-Client-IP itself,
 * replacing anything the client sent, so that header is used when present;
 * otherwise the right-most X-Forwarded-For hop, the one the proxy appended.
 * Hops further left were written by the client and are never used.
 */
export function clientAddressOf(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const fly = headers['fly-client-ip']
    if (typeof fly === 'string' && fly.trim()) return fly.trim()
    const forwarded = headers['x-forwarded-for']
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',')
    const last = hops
      .map((hop) => hop.trim())
      .filter(Boolean)
      .at(-1)
    if (last) return last
  }
  return socketAddress || 'unknown'
}

/**
 * A kept page's key: the age gate's state (it shows or not on the same
 * address), the path, and only the query parameters the page reads, in their
 * normal form (a tracking parameter is served from the same page).
 */
export function pageKey(url: URL, cookieHeader: string | string[] | undefined): string {
  return `${isAgeConfirmed(cookieHeader) ? 'confirmed' : 'gate'} ${url.pathname}${pageQuery(url.pathname, url.search)}`
}

function requestUrl(req: IncomingMessage): URL {
  const host = (req.headers.host ?? '').split(/[\\/?#@]/)[0] || 'localhost'
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  try {
    return new URL(`${protocol}://${host}${req.url ?? '/'}`)
  } catch {
    return new URL(`${protocol}://localhost${req.url?.startsWith('/') ? req.url : '/'}`)
  }
}

/** The request's headers for React Router; the cookies as the HTTP layer read them (see cookies.server.ts). */
function requestHeaders(req: IncomingMessage, drop: string[] = []): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || drop.includes(name)) continue
    if (name === 'cookie') {
      const cookies = cookieHeaderOf(parseCookies(value))
      if (cookies) headers.set('cookie', cookies)
      continue
    }
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return headers
}

function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (Array.isArray(header)) header = header.join(',')
  const accepted = new Map<string, number>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br'
  if ((accepted.get('gzip') ?? accepted.get('x-gzip') ?? 0) > 0) return 'gzip'
  return null
}

async function siteName(): Promise<string> {
  return (await getSettings().catch(() => DEFAULT_SETTINGS)).brand_name
}

async function sendPlainPage(
  res: ServerResponse,
  options: { status: number; title: string; message: string; headers?: Record<string, string> },
) {
  const html = plainPage({ ...options, siteName: await siteName() })
  res.statusCode = options.status
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value)
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Content-Length', Buffer.byteLength(html))
  res.end(html)
}

/** After a refusal, how long the rest of the body is read and dropped before the connection is cut. */
const LINGER_MS = 1000

function refuseTooLarge(req: IncomingMessage, res: ServerResponse, limit: number) {
  // Cutting the connection while the client is still sending makes its system
  // reset it, and a reset can throw away our answer before the browser reads
  // it. So the rest of the body is read and dropped (never kept) for a moment;
  // a client still sending after that is cut off.
  req.unpipe()
  req.resume()
  res.once('finish', () => {
    if (req.complete) return
    setTimeout(() => {
      if (!req.complete) req.socket.destroy()
    }, LINGER_MS).unref()
  })
  return sendPlainPage(res, {
    status: 413,
    title: 'That was more than we accept',
    message: `This form takes at most ${formatLimit(limit)}. Go back, shorten what you entered, and send it again.`,
  })
}

/** The methods a page allows: GET and HEAD, and POST where its route takes form posts. */
function allowedMethods(build: ServerBuild, pathname: string): string {
  const leaf = matchedRoutes(build, pagePathOf(pathname))?.at(-1)
  const hasAction = leaf ? Boolean(build.routes[leaf.id]?.module.action) : false
  return hasAction ? 'GET, HEAD, POST' : 'GET, HEAD'
}

async function sendResponse(res: ServerResponse, response: Response, head: boolean) {
  res.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('Set-Cookie', cookies)
  if (!response.body || head) {
    await response.body?.cancel()
    res.end()
    return
  }
  try {
    await writeReadableStreamToWritable(response.body, res)
  } catch (error) {
    if (res.destroyed || res.writableEnded) return
    throw error
  }
}

/** The one Vary header of a kept page: it differs by cookies (signed in, age gate) and by encoding. */
const KEPT_PAGE_VARY = 'Cookie, Accept-Encoding'

type PageToSend = Pick<CachedPage, 'status' | 'headers' | 'etag' | 'body'> & Partial<Pick<CachedPage, 'gzip' | 'br'>>

/**
 * A whole public page: its headers, a 304 when the browser's copy is current
 * (with the same Content-Security-Policy the copy was written for), else the
 * best compressed variant the browser accepts (or the plain body, which the
 * compression middleware then compresses).
 */
function sendPage(req: IncomingMessage, res: ServerResponse, page: PageToSend, head: boolean) {
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.setHeader('Vary', KEPT_PAGE_VARY)
  if (etagMatches(req.headers['if-none-match'], page.etag)) {
    res.statusCode = 304
    res.removeHeader('Content-Type')
    res.end()
    return
  }
  const encoding = page.br && page.gzip ? acceptedEncoding(req.headers['accept-encoding']) : null
  const body = encoding === 'br' ? page.br! : encoding === 'gzip' ? page.gzip! : page.body
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.statusCode = page.status
  res.end(head ? undefined : body)
}

/** A rendered response the cache may keep: a whole public page for nobody in particular. */
function isKeepable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has('Set-Cookie') &&
    (response.headers.get('Cache-Control') ?? '').startsWith('public') &&
    Boolean(response.headers.get('ETag')) &&
    (response.headers.get('Content-Type') ?? '').startsWith('text/html')
  )
}

/**
 * The request handler in front of React Router: method and origin policy,
 * bounded request bodies, the client address, and the cache of rendered public
 * pages. Routes know nothing of any of it.
 */
export function createPageHandler(options: PageHandlerOptions) {
  const handleRequest = createRequestHandler(options.build, options.mode)
  const currentBuild = async () => (typeof options.build === 'function' ? options.build() : options.build)
  const cache = new RenderCache(options.mode === 'production' ? options.cacheBytes : 0)
  activeCache = cache
  const siteOrigin = new URL(options.siteUrl).origin
  let seenVersion = contentVersion()
  const rendering = new Map<string, { version: number; page: Promise<(PageToSend & { version: number }) | null> }>()
  const alwaysHeaders = responseSecurityHeaders(options.secureSite)
  const renderLine = options.renderLine ?? RENDER_LINE
  const lines = {
    renders: new WorkQueue(renderLine.active, renderLine.waiting, renderLine.maxWaitMs, renderLine.share),
    posts: new WorkQueue(POST_LINE.active, POST_LINE.waiting, POST_LINE.maxWaitMs),
    // One page compressed to keep at a time, one more waiting (see compressedVariants for its memory).
    compressions: new WorkQueue(1, 1, 10_000),
  }
  activeLines = lines
  // In development the build is loaded per request (Vite); the case rule runs on the production build.
  const staticBuild = typeof options.build === 'function' ? undefined : options.build

  /**
   * The case rule, before anything else: a path the router would match only
   * by ignoring letter case, escapes or a trailing slash is sent to the route's
   * own spelling (a page request) or answered 404 (anything else), so every
   * later rule keyed on the path sees the spelling the router table has.
   * Returns true when it answered.
   */
  function redirectToRouteSpelling(req: IncomingMessage, res: ServerResponse): boolean {
    if (!staticBuild) return false
    const url = requestUrl(req)
    // A control character (an escaped line break, say) is in no address of the site; one line in the log says so.
    if (CONTROL_ESCAPE.test(url.pathname)) {
      console.warn(`404 Not Found: ${url.pathname}`)
      notFound(req, res)
      return true
    }
    const spelled = routeSpelling(staticBuild, url.pathname)
    if (spelled === url.pathname) return false
    const method = (req.method ?? 'GET').toUpperCase()
    if (method === 'GET' || method === 'HEAD') {
      res.writeHead(301, [
        ...alwaysHeaders.flat(),
        'Location',
        `${spelled}${url.search}`,
        'Cache-Control',
        'no-store',
        ...(isStaffPath(spelled) ? ['X-Robots-Tag', 'noindex'] : []),
        'Content-Length',
        '0',
      ])
      res.end()
      return true
    }
    notFound(req, res)
    return true
  }

  function notFound(req: IncomingMessage, res: ServerResponse) {
    req.resume()
    void sendPlainPage(res, {
      status: 404,
      title: 'Page not found',
      message: 'There is no page at this address.',
      headers: Object.fromEntries(alwaysHeaders),
    })
  }

  /** 503 at once, with Retry-After: the render line is full. */
  function sendBusy(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      req.unpipe()
      req.resume()
    }
    return sendPlainPage(res, {
      status: 503,
      title: 'We are busy right now',
      message: `Many people are opening pages at this moment. Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    })
  }

  /**
   * The fast path, run before anything else for every request: a kept page is
   * written with one writeHead (its headers prepared when it was kept), without
   * building a fetch Request or passing through the middleware. False when the
   * request is not for a kept, current page.
   */
  function serveKept(req: IncomingMessage, res: ServerResponse): boolean {
    if (!cache.enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return false
    const url = requestUrl(req)
    if (!isSharedRequest(url, req.headers.cookie)) return false
    noteOtherWriters()
    const version = contentVersion()
    if (version !== seenVersion) {
      cache.clear()
      seenVersion = version
    }
    const page = cache.get(pageKey(url, req.headers.cookie), version, Date.now())
    if (!page) return false
    const notModified = etagMatches(req.headers['if-none-match'], page.etag)
    const encoding = notModified ? null : acceptedEncoding(req.headers['accept-encoding'])
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body
    const headers: string[] = []
    for (const [name, value] of alwaysHeaders) headers.push(name, value)
    for (const [name, value] of page.headers) {
      if (notModified && name === 'content-type') continue
      headers.push(name, value)
    }
    headers.push('Vary', KEPT_PAGE_VARY)
    if (notModified) {
      res.writeHead(304, headers)
      res.end()
      return true
    }
    if (encoding) headers.push('Content-Encoding', encoding)
    headers.push('Content-Length', String(body.length))
    res.writeHead(page.status, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }

  async function handle(req: IncomingMessage, res: ServerResponse, next: Next) {
    try {
      const method = (req.method ?? 'GET').toUpperCase()
      const url = requestUrl(req)
      if (method !== 'GET' && method !== 'HEAD') {
        const allowed = allowedMethods(await currentBuild(), url.pathname)
        if (!SITE_METHODS.has(method) || !allowed.includes(method)) {
          return await sendPlainPage(res, {
            status: 405,
            title: 'That request is not used here',
            message: allowed.includes('POST')
              ? 'This address only opens pages and takes form posts.'
              : 'This page does not take form posts. Open it and use the form on it, if it has one.',
            headers: { Allow: allowed },
          })
        }
      }
      const hasBody = method !== 'GET' && method !== 'HEAD'
      if (hasBody && !isSameOrigin(req.headers, siteOrigin, url.origin)) {
        return await sendPlainPage(res, {
          status: 403,
          title: 'That form came from another site',
          message:
            'For your safety, forms on this site can only be sent from its own pages. Open the page here and try again.',
        })
      }

      const controller = new AbortController()
      res.once('close', () => {
        if (!res.writableFinished) controller.abort()
      })

      let limiter: BodyLimit | undefined
      let body: ReadableStream | Buffer | undefined
      if (hasBody) {
        const limit = bodyLimitFor(url.pathname)
        const declared = Number(req.headers['content-length'])
        if (Number.isFinite(declared) && declared > limit) return await refuseTooLarge(req, res, limit)
        if (limit <= SMALL_FORM_LIMIT) {
          // A small form is read to its end before it takes a place in the form-post
          // line, so a sender that trickles its bytes (or never finishes) holds a
          // connection and at most 64 KB, never a place that staff saves and other
          // visitors' messages wait for.
          const whole = await readWholeBody(req, limit)
          if (whole === 'too large') return await refuseTooLarge(req, res, limit)
          if (!whole) return
          body = whole
        } else {
          // Picture forms and the post preview stream in, inside the line: their
          // actions check the staff session before reading a byte, so only staff
          // can keep a place while their upload arrives.
          limiter = new BodyLimit(limit)
          req.once('error', (error) => limiter!.destroy(error))
          body = createReadableStreamFromReadable(req.pipe(limiter))
        }
      }

      const shared = !hasBody && isSharedRequest(url, req.headers.cookie)
      const head = method === 'HEAD'
      // The age gate shows or not on the same address; it is part of what the page is.
      const request = new Request(url, {
        // A shared page is rendered in full (a HEAD too) so it can be kept; 304s are decided here.
        method: shared ? 'GET' : method,
        headers: requestHeaders(req, shared ? ['if-none-match', 'if-modified-since'] : []),
        body,
        signal: controller.signal,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit)
      const key = shared ? pageKey(url, req.headers.cookie) : null

      const versionAtStart = contentVersion()
      // A kept page lasts until the next timed change after this moment, which is no
      // later than when its loaders read the clock: one that renders across midnight
      // is kept only until that midnight, not the next.
      const startedAt = new Date()
      const clientAddress = clientAddressOf(req.headers, req.socket.remoteAddress ?? '', options.trustProxy)
      const context = requestContext({
        clientAddress,
        cspNonce: randomBytes(16).toString('base64url'),
        ...(key ? { sharedNonce: sharedPageNonce(config().SESSION_SECRET, key, versionAtStart) } : {}),
      })
      // Kept while this request waited its turn (the fast path missed it a moment ago).
      const kept = key ? cache.get(key, versionAtStart, Date.now()) : undefined
      if (kept) return sendPage(req, res, kept, head)
      // Many visitors asking for the same page at once (after a staff edit, at start) share one rendering.
      const flight = key && cache.enabled ? rendering.get(key) : undefined
      if (flight && flight.version === versionAtStart) {
        const page = await flight.page
        if (page && page.version === contentVersion()) return sendPage(req, res, page, head)
      }
      // The health checks never wait behind pages: they must answer while the site is busy
      // (a busy 503 from the replication check would read as replication failing).
      const line = HEALTH_CHECKS.has(url.pathname) ? null : hasBody ? lines.posts : lines.renders
      const sender = line === lines.renders ? addressForLimits(clientAddress) : undefined
      if (line && !line.hasRoom(sender)) {
        // A client over its share is answered after a pause. Answered at once, its
        // connections asked again at once: in the bench's flood, 1,132 refusals in
        // 5 s, and a patient's pages meanwhile took 2.0 s (p99) instead of 0.7–0.8 s.
        if (line.turnAway(sender) === 'over share') await pause(OVER_SHARE_PAUSE_MS)
        return await sendBusy(req, res)
      }
      let settle: ((page: (PageToSend & { version: number }) | null) => void) | undefined
      if (key && cache.enabled && !rendering.has(key)) {
        rendering.set(key, { version: versionAtStart, page: new Promise((resolve) => (settle = resolve)) })
      }
      try {
        // Each request notes who is acting in its own scope (for the activity log).
        // A page that may be kept is read to its end inside the line: React
        // writes most of the document (the loader data after the first part)
        // while its body is read, so ending the turn when the first part is
        // ready would let every waiting visitor's page be written at once.
        const render = async () => {
          const response = await runInActorScope(() => handleRequest(request, context))
          const html = key && isKeepable(response) ? Buffer.from(await response.arrayBuffer()) : null
          return { response, html }
        }
        let response: Response
        let html: Buffer | null
        try {
          ;({ response, html } = line ? await line.run(render, sender) : await render())
        } catch (error) {
          if (error instanceof Busy) return await sendBusy(req, res)
          throw error
        }
        if (limiter?.exceeded) {
          await response.body?.cancel()
          return await refuseTooLarge(req, res, limiter.limit)
        }
        if (key && html) {
          const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'vary')
          const etag = response.headers.get('ETag')!
          if (!cache.enabled) return sendPage(req, res, { status: 200, headers, etag, body: html }, head)
          cache.countMiss()
          const changeAt = await options.nextTimedChange(startedAt)
          const plain = {
            status: 200,
            headers,
            etag,
            body: html,
            version: versionAtStart,
            expiresAt: changeAt.getTime(),
          }
          // A write that landed while the page rendered may not be in it: serve it, but do not keep it.
          const keep = (variants: { gzip: Buffer; br: Buffer }) => {
            const page: CachedPage = { ...plain, ...variants }
            if (contentVersion() === versionAtStart) cache.set(key, page)
            return page
          }
          if (lines.compressions.idle) {
            // Nothing else is being compressed: this visitor waits for the page's own compression only.
            const page = await lines.compressions.run(() => compressedVariants(html)).then(keep, () => null)
            if (page) {
              settle?.(page)
              return sendPage(req, res, page, head)
            }
          } else if (lines.compressions.hasRoom()) {
            // Another page is being compressed: this one is kept once its turn comes…
            lines.compressions.run(() => compressedVariants(html)).then(keep, () => undefined)
          }
          // …and this visitor does not wait for it: the plain page, which the compression middleware sends with fast gzip.
          settle?.(plain)
          return sendPage(req, res, plain, head)
        }
        settle?.(null)
        // The router refuses a form post to a page without one; say what the page does take.
        if (response.status === 405) res.setHeader('Allow', allowedMethods(await currentBuild(), url.pathname))
        await sendResponse(res, response, head)
      } finally {
        if (settle) {
          settle(null)
          rendering.delete(key!)
        }
      }
    } catch (error) {
      next(error)
    }
  }

  return {
    serveKept,
    handle,
    redirectToRouteSpelling,
  }
}
