import { expect, test } from './fixtures'
import { mintSessionCookie } from './support/session'

test('documents carry a nonce-based CSP and the page runs its scripts without violations', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  const response = await page.goto('/')
  const csp = response!.headers()['content-security-policy']
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce).toBeTruthy()
  expect(csp).toContain("'strict-dynamic'")
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("base-uri 'self'")
  expect(csp).toContain("form-action 'self'")
  expect(csp).toContain("frame-ancestors 'self'")
  // Hydration ran: React attached to the document (a client navigation works).
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  )
  expect(problems).toEqual([])
  const headers = response!.headers()
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
})

test('a page for nobody in particular keeps one nonce; a signed-in page gets a fresh one each time', async ({
  request,
}) => {
  const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1]
  const first = nonceOf((await request.get('/')).headers()['content-security-policy'])
  const second = nonceOf((await request.get('/')).headers()['content-security-policy'])
  expect(first).toBeTruthy()
  expect(second).toBe(first)

  const cookie = await mintSessionCookie()
  const mine = nonceOf((await request.get('/', { headers: { Cookie: cookie } })).headers()['content-security-policy'])
  const again = nonceOf((await request.get('/', { headers: { Cookie: cookie } })).headers()['content-security-policy'])
  expect(mine).toBeTruthy()
  expect(mine).not.toBe(again)
  expect(mine).not.toBe(first)
})

test('public pages revalidate with an ETag and answer 304', async ({ request }) => {
  const response = await request.get('/', { headers: { Cookie: '' } })
  const etag = response.headers()['etag']
  expect(etag).toBeTruthy()
  expect(response.headers()['cache-control']).toContain('stale-while-revalidate')
  const again = await request.get('/', { headers: { 'If-None-Match': etag } })
  expect(again.status()).toBe(304)
})

test('files and feeds get a strict policy; hashed assets are immutable', async ({ request }) => {
  const health = await request.get('/healthz')
  expect(health.headers()['content-security-policy']).toContain("default-src 'none'")
  const html = await (await request.get('/')).text()
  const asset = /<link rel="modulepreload"(?: fetchpriority="low")? href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
  expect(asset).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/)
  const assetResponse = await request.get(asset!)
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('text responses are compressed', async ({ request }) => {
  const response = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } })
  expect(response.headers()['content-encoding']).toBe('gzip')
})

test('every staff-area answer stays out of indexes and caches, exports and redirects included', async ({
  request,
  context,
  baseURL,
}) => {
  const redirect = await request.get('/admin/brands', { maxRedirects: 0 })
  expect(redirect.status()).toBe(302)
  expect(redirect.headers()['x-robots-tag']).toBe('noindex')
  expect(redirect.headers()['cache-control']).toBe('no-store')
  const { signIn } = await import('./support/session')
  await signIn(context, baseURL!)
  const csv = await context.request.get('/admin/inquiries/export')
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toContain('text/csv')
  expect(csv.headers()['x-robots-tag']).toBe('noindex')
  expect(csv.headers()['cache-control']).toContain('no-store')
})

test('pages that share a name with a folder of public files answer directly, without a redirect', async ({
  request,
}) => {
  for (const path of ['/brands', '/images', '/blog']) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).not.toBe(301)
  }
  const brands = await request.get('/brands', { maxRedirects: 0 })
  expect(brands.status()).toBe(200)
})
