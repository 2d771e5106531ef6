import { createHash } from 'node:crypto'

import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'

import routes from '../../app/routes'
import { expect, test } from './fixtures'
import { type PrivateServer, startServer } from './support/server'
import { e2eDatabase, mintSessionCookie } from './support/session'

/**
 * Walks every /admin route of the route table (so routes added later are
 * covered too) against a server with a database of its own, and checks the
 * guard: anonymous visitors go to the login page, signed-in users without the
 * admin role go to /, and no POST of theirs changes any row of any table.
 */

interface RouteEntry {
  path?: string
  index?: boolean
  file: string
  children?: RouteEntry[]
}

interface AdminRoute {
  /** the address, ids filled in */
  url: string
  /** index routes take POSTs with ?index */
  index: boolean
  file: string
}

const PUBLIC_AUTH_PAGES = new Set([
  'admin/login',
  'admin/login/verify',
  'admin/invitation',
  'admin/reset',
  'admin/reset/confirm',
  'admin/logout',
  'admin/setup',
])
const PARAM_VALUES: Record<string, string> = { id: '1', bucket: 'deals', slug: 'x', file: 'x.png' }

function adminRoutes(entries: RouteEntry[], parent = ''): AdminRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ''].filter(Boolean).join('/')
    const own: AdminRoute[] =
      (path === 'admin' || path.startsWith('admin/')) && !PUBLIC_AUTH_PAGES.has(path)
        ? [
            {
              url: `/${path.replace(/:(\w+)\??/g, (_, name: string) => PARAM_VALUES[name] ?? '1').replace(/\*$/, 'x')}`,
              index: Boolean(entry.index),
              file: entry.file,
            },
          ]
        : []
    return [...own, ...adminRoutes(entry.children ?? [], path)]
  })
}

const ADMIN_ROUTES = adminRoutes(routes as RouteEntry[])

/** Form fields a real admin form might send: names the admin actions read. */
const PLAUSIBLE_FIELDS = {
  intent: 'delete',
  id: '1',
  name: 'Access walk',
  title: 'Access walk',
  slug: 'access-walk',
  excerpt: 'x',
  content: 'Access walk content',
  status: 'closed',
  logo_url: 'https://example.com/logo.png',
  site_url: 'https://example.com',
  image_url: 'https://example.com/deal.png',
  is_featured: 'on',
  is_active: 'on',
  sort_order: '0',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  published_at: '2026-01-01T00:00',
  brand_name: 'Taken Over',
  email: 'walk@example.com',
  password: 'walk-password',
}
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

/** Every row of every table, hashed per table: any insert, update or delete shows. */
function databaseFingerprint(path: string): Record<string, string> {
  const db = e2eDatabase(path)
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[]
    return Object.fromEntries(
      tables.map((table) => {
        // In the table's own order of rows; a table without rowids is ordered by its key.
        const rows = db.prepare(`SELECT * FROM "${table}"`).raw().all()
        const lines = rows.map((row) => JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('base64') : v)))
        const hash = createHash('sha256').update(lines.sort().join('\n')).digest('hex')
        return [table, `${rows.length}:${hash}`]
      }),
    )
  } finally {
    db.close()
  }
}

let server: PrivateServer
let anonymous: APIRequestContext
let nonAdmin: APIRequestContext
let admin: APIRequestContext
let staff: APIRequestContext

test.describe('the admin guard, walked over the route table', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_MULTIPLIER: '100' } })
    const context = (cookie?: string) =>
      playwrightRequest.newContext({
        baseURL: server.url,
        extraHTTPHeaders: { Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
        maxRedirects: 0,
      })
    anonymous = await context()
    nonAdmin = await context(
      await mintSessionCookie({ email: 'clerk@example.com', admin: false, databasePath: server.databasePath }),
    )
    admin = await context(await mintSessionCookie({ databasePath: server.databasePath }))
    const staffCookie = await mintSessionCookie({
      email: 'budtender@example.com',
      admin: false,
      databasePath: server.databasePath,
    })
    const db = e2eDatabase(server.databasePath)
    try {
      db.prepare(
        "INSERT INTO user_roles (user_id, role) SELECT id, 'staff' FROM users WHERE email = 'budtender@example.com'",
      ).run()
    } finally {
      db.close()
    }
    staff = await context(staffCookie)
  })

  test.afterAll(async () => {
    await Promise.all([anonymous?.dispose(), nonAdmin?.dispose(), admin?.dispose(), staff?.dispose()])
    await server?.stop()
  })

  test('the walk finds the admin routes', () => {
    const urls = ADMIN_ROUTES.map((r) => r.url)
    expect(urls).toContain('/admin')
    expect(urls.length).toBeGreaterThanOrEqual(2)
    expect(urls.filter((u) => u.startsWith('/admin/login') || u === '/admin/logout')).toEqual([])
  })

  test('an anonymous GET of every admin route goes to the login page, remembering where it was', async () => {
    for (const route of ADMIN_ROUTES) {
      const response = await anonymous.get(route.url)
      const location = response.headers()['location'] ?? ''
      expect.soft(response.status(), `${route.url} (${route.file})`).toBe(302)
      expect.soft(location, route.url).toBe(`/admin/login?${new URLSearchParams({ redirectTo: route.url })}`)
    }
  })

  test('a signed-in user without the admin role is sent to / from every admin route', async () => {
    for (const route of ADMIN_ROUTES) {
      const response = await nonAdmin.get(route.url)
      expect.soft(response.status(), `${route.url} (${route.file})`).toBe(302)
      expect.soft(response.headers()['location'], route.url).toBe('/')
    }
  })

  test('the admin really gets through (the walk would catch a guard that sends everyone away)', async () => {
    const response = await admin.get('/admin')
    expect(response.status()).toBe(200)
  })

  test('anonymous and non-admin POSTs are refused and change nothing in the database', async () => {
    const before = databaseFingerprint(server.databasePath)
    for (const [who, context, target] of [
      ['anonymous', anonymous, '/admin/login'],
      ['non-admin', nonAdmin, '/'],
    ] as const) {
      for (const route of ADMIN_ROUTES) {
        const url = route.index ? `${route.url}?index` : route.url
        const dataUrl = route.index ? `${route.url}.data?index` : `${route.url}.data`
        const label = `${who} POST ${url} (${route.file})`
        const answers = [
          await context.post(url, { form: PLAUSIBLE_FIELDS }),
          await context.post(url, {
            multipart: { ...PLAUSIBLE_FIELDS, file: { name: 'x.png', mimeType: 'image/png', buffer: PNG } },
          }),
          // What a client-side form submission sends (single fetch).
          await context.post(dataUrl, { form: PLAUSIBLE_FIELDS }),
        ]
        for (const response of answers.slice(0, 2)) {
          // Refused: redirected by the guard, or no action here at all (405).
          expect.soft([302, 303, 405], label).toContain(response.status())
          if (response.status() !== 405) expect.soft(response.headers()['location'] ?? '', label).toContain(target)
        }
        expect.soft(answers[2].status(), `${label} (data)`).not.toBe(200)
      }
    }
    expect(databaseFingerprint(server.databasePath)).toEqual(before)
  })

  /** What the staff role may open: blog posts and their images, inquiries, applications, their account, the Trash (posts only). */
  const STAFF_AREAS = ['/admin/blog', '/admin/inquiries', '/admin/applications', '/admin/account', '/admin/trash']
  const staffMayOpen = (url: string) =>
    url === '/admin' || STAFF_AREAS.some((a) => url === a || url.startsWith(`${a}/`))

  test('a member of staff opens the blog, inquiries, applications and their account, and gets 403 everywhere else', async () => {
    const opened: string[] = []
    for (const route of ADMIN_ROUTES) {
      const response = await staff.get(route.url)
      const label = `${route.url} (${route.file})`
      if (staffMayOpen(route.url)) {
        opened.push(route.url)
        expect.soft(response.status(), label).not.toBe(403)
        expect.soft(response.headers()['location'] ?? '', label).not.toContain('/admin/login')
      } else {
        expect.soft(response.status(), label).toBe(403)
      }
    }
    expect(opened).toEqual(expect.arrayContaining(['/admin', '/admin/blog', '/admin/inquiries', '/admin/account']))
    // The upload endpoint takes post images from staff, never deal or brand images.
    const upload = await staff.post('/admin/uploads/deals', {
      multipart: { file: { name: 'x.png', mimeType: 'image/png', buffer: PNG } },
    })
    expect(upload.status()).toBe(403)
  })

  test("a member of staff's POSTs to admin-only routes are refused and change nothing", async () => {
    const before = databaseFingerprint(server.databasePath)
    for (const route of ADMIN_ROUTES.filter((r) => !staffMayOpen(r.url))) {
      const url = route.index ? `${route.url}?index` : route.url
      const label = `staff POST ${url} (${route.file})`
      const answers = [
        await staff.post(url, { form: PLAUSIBLE_FIELDS }),
        await staff.post(url, {
          multipart: { ...PLAUSIBLE_FIELDS, file: { name: 'x.png', mimeType: 'image/png', buffer: PNG } },
        }),
        await staff.post(route.index ? `${route.url}.data?index` : `${route.url}.data`, { form: PLAUSIBLE_FIELDS }),
      ]
      for (const response of answers.slice(0, 2)) expect.soft([403, 405], label).toContain(response.status())
      expect.soft(answers[2].status(), `${label} (data)`).not.toBe(200)
    }
    expect(databaseFingerprint(server.databasePath)).toEqual(before)
  })
})

test.describe('the form-post origin check', () => {
  const wrongLogin = { email: 'nobody@example.com', password: 'not-the-password' }

  test('a form post whose Origin is the site URL is accepted', async ({ request, baseURL }) => {
    const response = await request.post('/admin/login', {
      form: wrongLogin,
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(401)
    expect(await response.text()).toContain('Invalid email or password')
  })

  test('the same host over another scheme is another origin and is refused', async ({ request, baseURL }) => {
    const response = await request.post('/admin/login', {
      form: { email: 'admin@example.com', password: 'admin-password-1' },
      headers: { Origin: `https://${new URL(baseURL!).host}` },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
    expect(response.headers()['set-cookie'] ?? '').not.toContain('session=')
  })

  test('a form post from another origin is refused before the action runs', async ({ request }) => {
    const response = await request.post('/admin/login', {
      form: { email: 'admin@example.com', password: 'admin-password-1' },
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
    expect(await response.text()).toContain('forms on this site can only be sent from its own pages')
    expect(response.headers()['set-cookie'] ?? '').not.toContain('session=')
  })
})
