import { expect, test } from './fixtures'
import { cacheFigures, copyOfSharedDatabase, type PrivateServer, startServer, usePrivateServer } from './support/server'
import { e2eDatabase, mintSessionCookie } from './support/session'

/**
 * The page cache keeps rendered public pages, and a visitor never sees one that
 * is out of date: a staff edit shows on the next request, a post dated a few
 * seconds ahead appears when its time comes, and pages that are someone's own
 * are never kept.
 */
const AGE = { Cookie: 'age_verified=IjEi' }

const server = usePrivateServer(() => ({ databasePath: copyOfSharedDatabase() }))
test.beforeAll(async () => {
  await signInOn(server)
})

/**
 * Signs the owner in on a server, before any page is kept: the session is
 * written by another process, and such a commit empties the cache.
 */
const staffCookies = new Map<string, string>()
async function signInOn(of: PrivateServer) {
  staffCookies.set(of.databasePath, await mintSessionCookie({ databasePath: of.databasePath }))
}

/** The cache figures, as the owner sees them. */
function stats(of: PrivateServer = server) {
  return cacheFigures(of, staffCookies.get(of.databasePath)!)
}

async function page(path: string, headers: Record<string, string> = AGE) {
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

test('a repeat visit is served from the cache, compressed once', async () => {
  await page('/brands')
  const before = await stats()
  const again = await fetch(`${server.url}/brands`, { headers: { ...AGE, 'Accept-Encoding': 'br' } })
  expect(again.status).toBe(200)
  expect(again.headers.get('content-encoding')).toBe('br')
  expect(await again.text()).toContain('<h1')
  expect((await stats()).hits).toBe(before.hits + 1)
  // HEAD is answered from the same page, without a body.
  const head = await fetch(`${server.url}/brands`, { method: 'HEAD', headers: AGE })
  expect(head.status).toBe(200)
  expect(head.headers.get('etag')).toBe(again.headers.get('etag'))
})

test('a staff edit made through the admin shows on the very next request', async () => {
  const name = `Cache Test Brand ${Date.now().toString(36)}`
  expect((await page('/brands')).text).not.toContain(name)
  expect((await page('/brands')).text).not.toContain(name)
  const cookie = await mintSessionCookie({ databasePath: server.databasePath })
  const form = new FormData()
  form.set('name', name)
  form.set('logo_url', '/brands/prairie-gold.svg')
  form.set('site_url', '')
  form.set('sort_order', '1')
  form.set('is_featured', 'on')
  const saved = await fetch(`${server.url}/admin/brands/new`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: server.url },
    body: form,
    redirect: 'manual',
  })
  expect(saved.status).toBe(302)
  expect((await page('/brands')).text).toContain(name)
})

test('a post dated a few seconds ahead appears on the blog when its time comes', async () => {
  const slug = `on-time-${Date.now().toString(36)}`
  const title = `Right On Time ${slug}`
  const due = new Date(Date.now() + 4000).toISOString()
  const db = e2eDatabase(server.databasePath)
  try {
    db.prepare(
      "INSERT INTO posts (title, slug, excerpt, content, status, published_at) VALUES (?, ?, 'Due soon.', 'Due soon.', 'published', ?)",
    ).run(title, slug, due)
  } finally {
    db.close()
  }
  // Rendered (and kept) before the post is due: not there yet, twice.
  expect((await page('/blog')).text).not.toContain(title)
  const before = await stats()
  expect((await page('/blog')).text).not.toContain(title)
  expect((await stats()).hits).toBe(before.hits + 1)
  await expect.poll(async () => (await page('/blog')).text, { intervals: [500] }).toContain(title)
  expect(Date.now()).toBeGreaterThanOrEqual(new Date(due).getTime())
})

test('pages for a signed-in member of staff, with a toast, or redirects are never kept', async () => {
  const cookie = await mintSessionCookie({ databasePath: server.databasePath })
  const before = await stats()
  await page('/about', { Cookie: cookie })
  await page('/about', { Cookie: cookie })
  await page('/contact', { ...AGE, Cookie: 'age_verified=IjEi; toast=anything' })
  await page('/login', AGE)
  const after = await stats()
  expect(after.hits).toBe(before.hits)
  expect(after.misses).toBe(before.misses)
})

test('the cache stays within the bytes it is given', async () => {
  const small = await startServer({ databasePath: copyOfSharedDatabase(), env: { RENDER_CACHE_MB: '0.2' } })
  await signInOn(small)
  try {
    for (const path of ['/', '/about', '/deals', '/brands', '/blog', '/reviews', '/contact', '/locations', '/terms']) {
      expect((await fetch(`${small.url}${path}`, { headers: AGE })).status).toBe(200)
    }
    const held = await stats(small)
    expect(held.maxBytes).toBe(Math.floor(0.2 * 1024 * 1024))
    expect(held.bytes).toBeLessThanOrEqual(held.maxBytes)
    expect(held.entries).toBeGreaterThan(0)
  } finally {
    await small.stop()
  }
})

test('visitors asking for the same page at once share one rendering', async () => {
  // A write from another connection (like the command-line tools) empties the cache.
  const db = e2eDatabase(server.databasePath)
  try {
    db.prepare('UPDATE brands SET sort_order = sort_order WHERE id = (SELECT MIN(id) FROM brands)').run()
  } finally {
    db.close()
  }
  const before = await stats()
  const pages = await Promise.all(Array.from({ length: 20 }, () => page('/reviews')))
  expect(pages.every((p) => p.status === 200)).toBe(true)
  expect(new Set(pages.map((p) => p.headers.get('etag'))).size).toBe(1)
  expect((await stats()).misses).toBe(before.misses + 1)
})
