import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import './context'
import { config } from './config.server'
import {
  applyStaffAreaHeaders,
  documentEtag,
  etagMatches,
  isPubliclyCacheable,
  PRIVATE_NO_STORE,
  PUBLIC_PAGE_CACHE,
} from './lib/http-cache.server'
import { NonceContext } from './lib/nonce'
import { contentSecurityPolicy } from './lib/security-headers.server'
import { getSettings } from './models/settings.server'
import { DEFAULT_SETTINGS } from './schemas/settings'

export { startup } from './startup.server'

export const streamTimeout = 5_000

function render(
  request: Request,
  routerContext: EntryContext,
  nonce: string,
  mode: 'onShellReady' | 'onAllReady',
  onReady: (stream: PassThrough) => void,
  onFatal: (error: unknown) => void,
  onError: (error: unknown) => void,
) {
  const { pipe, abort } = renderToPipeableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
    </NonceContext.Provider>,
    {
      nonce: nonce || undefined,
      [mode]() {
        const body = new PassThrough()
        onReady(body)
        pipe(body)
      },
      onShellError: onFatal,
      onError,
    },
  )
  setTimeout(abort, streamTimeout + 1000)
}

async function readAll(stream: PassThrough): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext?.cspNonce ?? ''
  const url = new URL(request.url)
  if (nonce && process.env.NODE_ENV === 'production') {
    const settings = await getSettings().catch(() => DEFAULT_SETTINGS)
    responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, settings, config().isSecureSite))
  }
  applyStaffAreaHeaders(url.pathname, responseHeaders)
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')

  // Public pages are rendered whole so they can carry an ETag and answer 304.
  if (isPubliclyCacheable(request, responseStatusCode, responseHeaders)) {
    return new Promise((resolve, reject) => {
      render(
        request,
        routerContext,
        nonce,
        'onAllReady',
        async (stream) => {
          try {
            const html = await readAll(stream)
            const etag = documentEtag(html, nonce)
            if (etagMatches(request, etag)) {
              // A 304 must not carry a new CSP: the cached page keeps its own nonce.
              resolve(
                new Response(null, {
                  status: 304,
                  headers: { ETag: etag, 'Cache-Control': PUBLIC_PAGE_CACHE, Vary: 'Cookie' },
                }),
              )
              return
            }
            responseHeaders.set('ETag', etag)
            responseHeaders.set('Cache-Control', PUBLIC_PAGE_CACHE)
            responseHeaders.set('Vary', 'Cookie')
            resolve(new Response(html, { status: responseStatusCode, headers: responseHeaders }))
          } catch (error) {
            reject(error)
          }
        },
        reject,
        (error) => {
          responseStatusCode = 500
          console.error(error)
        },
      )
    })
  }

  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', PRIVATE_NO_STORE)
  const userAgent = request.headers.get('user-agent')
  // Bots get the complete document at once; people get the shell as soon as it is ready.
  const mode = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
  return new Promise((resolve, reject) => {
    let shellRendered = false
    render(
      request,
      routerContext,
      nonce,
      mode,
      (stream) => {
        shellRendered = true
        resolve(
          new Response(createReadableStreamFromReadable(stream), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
      },
      reject,
      (error) => {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    )
  })
}

/** Client navigations fetch data too: staff-area data is never cached or indexed. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applyStaffAreaHeaders(new URL(request.url).pathname.replace(/\.data$/, ''), response.headers)
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', PRIVATE_NO_STORE)
  return response
}

/** Logs unexpected errors with their stack on the server (never shown to visitors). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error)
}
