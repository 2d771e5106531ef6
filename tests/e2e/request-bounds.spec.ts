import routes from '../../app/routes'
import { expect, test } from './fixtures'
import { cacheFigures, copyOfSharedDatabase, usePrivateServer } from './support/server'
import { mintSessionCookie } from './support/session'

/**
 * What an outsider's request can do to the page cache and the staff area:
 * a path in another letter case, a cookie written with a stray space, a link
 * with a tracking parameter. Each is read the way the router reads it.
 */
const AGE = { Cookie: 'age_verified=IjEi' }

const server = usePrivateServer(() => ({ databasePath: copyOfSharedDatabase() }))
let adminCookie: string
test.beforeAll(async () => {
  adminCookie = await mintSessionCookie({ databasePath: server.databasePath })
})

/** The page cache's figures, as the owner sees them. */
function stats() {
  return cacheFigures(server, adminCookie)
}

function get(path: string, headers: Record<string, string> = AGE) {
  return fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
}

interface RouteEntry {
  path?: string
  index?: boolean
  children?: RouteEntry[]
}
const VALUES: Record<string, string> = { id: '1', bucket: 'deals' }
function staffPaths(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ''].filter(Boolean).join('/')
    const own = path === 'admin' || path.startsWith('admin/') || path === 'login' ? [`/${path}`] : []
    return [...own, ...staffPaths(entry.children ?? [], path)]
  })
}
const STAFF_ROUTES = [...new Set(staffPaths(routes as RouteEntry[]))]
/** A route's address with its parameters filled in, its own words written by `spell`: `/admin/uploads/:bucket` → `/ADMIN/UPLOADS/deals`. */
const address = (route: string, spell: (word: string) => string = (word) => word) =>
  route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (VALUES[segment.slice(1)] ?? '1') : spell(segment)))
    .join('/')
const upper = (word: string) => word.toUpperCase()
const mixed = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

test('an invitation link typed in capitals leads to the staff page itself, never a kept public copy', async () => {
  // The owner reads an invitation link aloud; the new budtender types /Admin/Invitation?token=…
  const before = await stats()
  const response = await get('/Admin/Invitation?token=abc')
  expect(response.status).toBe(301)
  expect(response.headers.get('location')).toBe('/admin/invitation?token=abc')
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(response.headers.get('x-robots-tag')).toBe('noindex')
  const followed = await fetch(`${server.url}/Admin/Invitation?token=abc`, { headers: AGE })
  expect(followed.url).toBe(`${server.url}/admin/invitation?token=abc`)
  expect(followed.headers.get('cache-control')).not.toContain('public')
  expect(followed.headers.get('x-robots-tag')).toBe('noindex')
  expect((await stats()).entries).toBe(before.entries)
})

test('every staff route in upper and mixed case goes to its own spelling: not public, not kept, noindex', async () => {
  expect(STAFF_ROUTES.length).toBeGreaterThan(20)
  const before = await stats()
  for (const route of STAFF_ROUTES) {
    const path = address(route)
    for (const variant of [address(route, upper), address(route, mixed)]) {
      if (variant === path) continue
      const response = await get(variant)
      expect(response.status, variant).toBe(301)
      expect(response.headers.get('location'), variant).toBe(path)
      expect(response.headers.get('cache-control'), variant).toBe('no-store')
      expect(response.headers.get('x-robots-tag'), variant).toBe('noindex')
      // Escapes and a trailing slash are other spellings of the same route.
      const escaped = await get(path.replace('/admin', '/%61dmin'))
      if (path.startsWith('/admin')) expect(escaped.headers.get('location'), path).toBe(path)
    }
  }
  const after = await stats()
  expect(after.entries).toBe(before.entries)
  expect(after.misses).toBe(before.misses)
})

test('a public page in capitals goes to its own spelling; a form post there is not taken', async () => {
  const response = await get('/ABOUT?utm_source=flyer')
  expect(response.status).toBe(301)
  expect(response.headers.get('location')).toBe('/about?utm_source=flyer')
  const post = await fetch(`${server.url}/CONTACT`, {
    method: 'POST',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'name=x',
    redirect: 'manual',
  })
  expect(post.status).toBe(404)
  // An unknown address stays unknown, in any case.
  expect((await get('/No-Such-Page')).status).toBe(404)
})

test('a signed-in cookie written with a space before "=" is signed in, and its pages are never kept', async () => {
  const [name, value] = adminCookie.split(/=(.*)/s)
  const spaced = `${name} =${value}`
  // The router reads the cookie and signs the owner in…
  const dashboard = await get('/admin', { Cookie: spaced })
  expect(dashboard.status).toBe(200)
  // …so the page cache must see a personal page too.
  const before = await stats()
  const about = await get('/about', { Cookie: `age_verified=IjEi; ${spaced}` })
  expect(about.status).toBe(200)
  expect(about.headers.get('cache-control')).not.toContain('public')
  await about.arrayBuffer()
  const after = await stats()
  expect(after.entries).toBe(before.entries)
  expect(after.hits).toBe(before.hits)
})

test('a link with a tracking parameter is served from the same kept page; a search is its own page', async () => {
  const tag = Date.now().toString(36)
  const first = await get(`/blog?utm_source=newsletter-${tag}`)
  const html = await first.text()
  // The page never writes the tracking parameter into itself: canonical, the age gate's return address.
  expect(html).not.toContain(`newsletter-${tag}`)
  expect(html).toContain(`<link rel="canonical" href="${server.url}/blog"`)
  // A first-time visitor gets the age gate, whose form returns to the page's own address.
  const gated = await (await get(`/blog?utm_source=newsletter-${tag}&page=1`, {})).text()
  expect(gated).not.toContain(`newsletter-${tag}`)
  expect(gated).toContain('value="/blog"')
  const before = await stats()
  for (const query of [`?fbclid=${tag}`, `?gclid=${tag}&utm_campaign=x`, `?x=${tag}`, `?q=&page=1`]) {
    const again = await get(`/blog${query}`)
    expect(again.status).toBe(200)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    await again.arrayBuffer()
  }
  const after = await stats()
  expect(after.hits).toBe(before.hits + 4)
  expect(after.misses).toBe(before.misses)
  const search = await get(`/blog?q=search-${tag}&utm_source=x`)
  expect(await search.text()).toContain(`search-${tag}`)
  expect((await stats()).misses).toBe(after.misses + 1)
})

test('a kept page carries one Vary header', async () => {
  await (await get('/locations')).arrayBuffer()
  const kept = await get('/locations')
  expect(kept.headers.get('vary')).toBe('Cookie, Accept-Encoding')
})
