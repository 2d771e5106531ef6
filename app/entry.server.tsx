import { PassThrough } from 'node:stream'

import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'

import { config } from './config.server'
import { requestFacts } from './context'
import {
  applyStaffAreaHeaders,
  isPubliclyCacheable,
  PRIVATE_NO_STORE,
  publicDocumentEtag,
  publicPageCache,
} from './http/http-cache.server'
import { contentSecurityPolicy } from './http/security-headers.server'
import { rewriteSharedDocument } from './http/shared-document.server'
import { pagePathOf } from './lib/data-request'
import { NonceContext } from './lib/nonce'
import { getSettings } from './models/settings.server'
import { DEFAULT_SETTINGS } from './schemas/settings'

export { createHttpApp, listen } from './http/server.server'
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
  // The deadline is cleared as soon as the document has been written (or failed): left
  // running, each timer would hold its whole render (tree, data, output) for seconds
  // after the answer went out, and under a stream of uncached requests the process
  // grew by hundreds of megabytes.
  const deadline: { timer?: NodeJS.Timeout } = {}
  const { pipe, abort } = renderToPipeableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
    </NonceContext.Provider>,
    {
      nonce: nonce || undefined,
      // A finished Suspense boundary is written in place however large, never
      // moved to the end of the stream for a script to put back: pages must
      // read complete without JavaScript (see hydrateWhenVisible).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [mode]() {
        const body = new PassThrough()
        body.once('close', () => clearTimeout(deadline.timer))
        onReady(body)
        pipe(body)
      },
      onShellError(error) {
        clearTimeout(deadline.timer)
        onFatal(error)
      },
      onError,
    },
  )
  deadline.timer = setTimeout(abort, streamTimeout + 1000)
}

async function readAll(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const url = new URL(request.url)
  const cfg = config()
  applyStaffAreaHeaders(url.pathname, responseHeaders)
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  // A page for nobody in particular carries the nonce of its key (the same in
  // every rendering of it); any other document a fresh one.
  const shared = isPubliclyCacheable(request, responseStatusCode, responseHeaders)
  const facts = loadContext.get(requestFacts)
  const nonce = (shared && facts.sharedNonce) || facts.cspNonce
  const withPolicy = Boolean(nonce) && process.env.NODE_ENV === 'production'
  const settings = withPolicy ? await getSettings().catch(() => DEFAULT_SETTINGS) : DEFAULT_SETTINGS
  const policy = withPolicy ? contentSecurityPolicy(nonce, settings, cfg.isSecureSite) : ''
  if (withPolicy) responseHeaders.set('Content-Security-Policy', policy)

  // A shared page is rendered whole: its ETag covers the body and the policy,
  // so every 304 and every later rendering of the same page send the policy
  // the browser's copy was written for.
  if (shared) {
    return new Promise((resolve, reject) => {
      render(
        request,
        routerContext,
        nonce,
        'onAllReady',
        async (stream) => {
          try {
            const whole = await readAll(stream)
            const html = process.env.NODE_ENV === 'production' ? rewriteSharedDocument(whole, nonce) : whole
            responseHeaders.set('ETag', publicDocumentEtag(html, policy))
            responseHeaders.set('Cache-Control', publicPageCache(cfg.PAGE_MAX_AGE))
            responseHeaders.set('Vary', 'Cookie')
            // A Buffer is a Uint8Array over an ArrayBuffer (Buffer.concat never shares memory with another thread).
            const body = html as Uint8Array<ArrayBuffer>
            resolve(new Response(body, { status: responseStatusCode, headers: responseHeaders }))
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
  applyStaffAreaHeaders(pagePathOf(new URL(request.url).pathname), response.headers)
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', PRIVATE_NO_STORE)
  return response
}

/** Logs unexpected errors with their stack on the server (never shown to visitors). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error)
}
