import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

import { SettingsSchema } from '../../app/schemas/settings'
import { flatRoutes } from './support/route-table'
import { copyOfSharedDatabase, mintSessionCookie, type PrivateServer, startServer } from './support/server'

/**
 * Sends at least 2,000 malformed requests (fixed seed) over every route of the
 * route table — every form action and every loader that reads a query string
 * or a path parameter — as a visitor and as an admin, on a private server.
 * Pass: no status >= 500, the server keeps answering, the database stays valid.
 */
test.describe.configure({ mode: 'serial' })

function mulberry32(seed: number) {
  return () => {
    seed |= 0
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const random = mulberry32(20261122)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
const chance = (p: number) => random() < p

const MEGABYTE = 'x'.repeat(1024 * 1024)
const VALUES = [
  '',
  ' ',
  'a',
  '0',
  '1',
  '-1',
  '2',
  '1.5',
  '1e309',
  '0x1F',
  'NaN',
  'null',
  'undefined',
  'true',
  'on',
  'off',
  '[]',
  '{}',
  '{"a":1}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31mred',
  '\r\n\r\nX-Injected: 1',
  '\uffff',
  '\ufeffBOM',
  'ｆｕｌｌｗｉｄｔｈ',
  'e\u0301\u0301\u0301',
  '🌿'.repeat(60),
  'A'.repeat(10_000),
  '9'.repeat(40),
  '99999999999999999999',
  '-99999999999999999999',
  '2026-02-30',
  '2026-13-01',
  '9999-12-31T23:59',
  'yesterday',
  'javascript:alert(1)',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example/',
  'x@',
  '@',
  'a@b',
  'someone@example.com',
  'draft',
  'published',
  'scheduled',
  'new',
  'in-progress',
  'closed',
  'career',
  'Lindsey',
  'BlueWater',
  'admin',
  'delete',
  'create',
  'update',
]
const FIELDS = [
  'name',
  'email',
  'phone',
  'topic',
  'message',
  'company',
  'website',
  'password',
  'confirmPassword',
  'passwordConfirm',
  'redirectTo',
  'token',
  'intent',
  '_action',
  'id',
  'status',
  'title',
  'slug',
  'excerpt',
  'content',
  'author',
  'published_at',
  'meta_title',
  'meta_description',
  'og_image_url',
  'hero_image_url',
  'logo_url',
  'site_url',
  'is_featured',
  'sort_order',
  'description',
  'image_url',
  'start_date',
  'end_date',
  'is_active',
  'categories',
  'tags',
  'new_categories',
  'new_tags',
  'category_ids',
  'tag_ids',
  'brand_name',
  'contact_email',
  'live_menu_url',
  'stores.Lindsey.phone',
  'stores.BlueWater.hours.friday.closes',
  'social.facebook',
  'q',
  'page',
  'filter',
  'store',
  'returnTo',
  '__proto__',
  'constructor',
  'x'.repeat(300),
]
const QUERY_KEYS = [
  'q',
  'page',
  'status',
  'filter',
  'store',
  'redirectTo',
  'token',
  'preview',
  'index',
  '_data',
  'sort',
]
const RAW_QUERY_VALUES = ['%', '%zz', '%FF%FE', '%C0%AF', '%00', '%E2%80%AE', '%F0%9F%8C%BF', '+++', '&&&', '=%3D=']
const PARAM_VALUES = [
  '1',
  '0',
  '-1',
  '999999999',
  '99999999999999999999',
  'abc',
  '1e3',
  '1.5',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2Fapp.db',
  '%00',
  'a%20b',
  '%F0%9F%8C%BF',
  'x'.repeat(2000),
  'deals',
  'blog-images',
  'brands',
  'not-a-real-slug',
  '..',
  '%2e%2e',
  'a.png',
  '00000000-0000-0000-0000-000000000000.png',
  'CON',
  '%E2%80%AE',
]

function encode(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80' // a lone surrogate, as raw bytes
  }
}

function fillPath(path: string): string {
  return path.replace(/:[a-zA-Z]+/g, () => pick(PARAM_VALUES))
}

function randomQuery(): string {
  const parts: string[] = []
  const count = 1 + Math.floor(random() * 4)
  for (let i = 0; i < count; i++) {
    const key = chance(0.85) ? pick(QUERY_KEYS) : encode(pick(VALUES))
    const value = chance(0.25) ? pick(RAW_QUERY_VALUES) : encode(chance(0.02) ? MEGABYTE.slice(0, 6000) : pick(VALUES))
    parts.push(`${key}=${value}`)
    if (chance(0.15)) parts.push(`${key}=${encode(pick(VALUES))}`) // duplicated key
  }
  return parts.join('&')
}

interface FuzzBody {
  body?: string | Buffer
  contentType?: string
}

function urlencodedBody(): FuzzBody {
  const parts: string[] = []
  const count = Math.floor(random() * 8)
  for (let i = 0; i < count; i++) {
    const field = pick(FIELDS)
    const value = chance(0.03) ? MEGABYTE : pick(VALUES)
    parts.push(`${encode(field)}=${chance(0.1) ? pick(RAW_QUERY_VALUES) : encode(value)}`)
    if (chance(0.2)) parts.push(`${encode(field)}=${encode(pick(VALUES))}`)
  }
  return { body: parts.join('&'), contentType: 'application/x-www-form-urlencoded' }
}

function multipartBody(): FuzzBody {
  const boundary = `----fuzz${Math.floor(random() * 1e9)}`
  const kind = Math.floor(random() * 6)
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const file = (name: string, filename: string, type: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ])
  const end = `--${boundary}--\r\n`
  switch (kind) {
    case 0: // truncated: no closing boundary
      return {
        body: field(pick(FIELDS), pick(VALUES)).slice(0, -5),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }
    case 1: // no boundary parameter
      return { body: field('title', 'x') + end, contentType: 'multipart/form-data' }
    case 2: // text pretending to be an image, with a traversal name
      return {
        body: Buffer.concat([
          Buffer.from(field('title', pick(VALUES))),
          file(
            pick(['image', 'file', 'logo', 'hero_image', 'image_file']),
            pick(['../../etc/passwd.png', '..\\..\\app.db.jpg', 'a.png', '\u0000.gif', '.htaccess']),
            'image/png',
            Buffer.from('not an image at all'),
          ),
          Buffer.from(end),
        ]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }
    case 3: // oversized file (6 MB), rarely
      if (chance(0.3)) {
        return {
          body: Buffer.concat([
            file('image', 'big.png', 'image/png', Buffer.alloc(6 * 1024 * 1024, 0x89)),
            Buffer.from(end),
          ]),
          contentType: `multipart/form-data; boundary=${boundary}`,
        }
      }
      return { body: field('name', MEGABYTE) + end, contentType: `multipart/form-data; boundary=${boundary}` }
    case 4: // garbage between boundaries
      return {
        body: `--${boundary}\r\n\r\n\u0000\u0001garbage\r\n--${boundary}--`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      }
    default: // many fields, some duplicated
      return {
        body:
          Array.from({ length: 1 + Math.floor(random() * 30) }, () => field(pick(FIELDS), pick(VALUES))).join('') + end,
        contentType: `multipart/form-data; boundary=${boundary}`,
      }
  }
}

function randomBody(): FuzzBody {
  const kind = random()
  if (kind < 0.55) return urlencodedBody()
  if (kind < 0.8) return multipartBody()
  if (kind < 0.87) return { body: '{"name": "x", "email": 1, "nested": {"a": [1,2]}}', contentType: 'application/json' }
  if (kind < 0.93) return { body: '\u0000\u0001\u0002 plain garbage', contentType: 'text/plain' }
  return {}
}

function randomCookie(adminCookie: string): string | undefined {
  const value = adminCookie.slice('session='.length)
  return pick([
    undefined,
    undefined,
    adminCookie,
    `session=${value.slice(0, Math.max(1, value.length - 7))}`, // truncated
    `session=${value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`, // forged signature
    'session=abc.def',
    'session=%E0%A4%A',
    `toast=${encode(pick(VALUES))}`,
    'toast=eyJ0aXRsZSI6MX0%3D.bogus',
    `age_verified=${encode(pick(VALUES))}`,
    `${adminCookie}; toast=broken; age_verified=%FF`,
    `session=${'A'.repeat(4000)}`,
  ])
}

/** The server answers /healthz (a reused socket may be reset once: ask up to 3 times). */
async function answers(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (
      await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

let server: PrivateServer
let adminCookie: string

test.beforeAll(async () => {
  server = await startServer({ databasePath: copyOfSharedDatabase() })
  adminCookie = await mintSessionCookie(server.databasePath)
})

test.afterAll(async () => {
  await server?.stop()
})

test('a form that sends its image address twice gets its messages back, not a server error', async () => {
  for (const [path, field] of [
    ['/admin/deals/new', 'image_url'],
    ['/admin/brands/new', 'logo_url'],
  ]) {
    const body = new URLSearchParams([
      [field, '/images/a.svg'],
      [field, '/images/b.svg'],
    ])
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { Cookie: adminCookie, Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    })
    expect(response.status, path).toBe(400)
    expect(await response.text(), path).toMatch(/is required/)
  }
})

test('2,000+ malformed requests never get a 5xx and leave the database valid', async () => {
  const routes = flatRoutes()
  expect(routes.length).toBeGreaterThan(20)
  const plan: { method: 'GET' | 'POST'; url: string; body?: FuzzBody; cookie?: string; origin?: string }[] = []
  for (let round = 0; round < 26; round++) {
    for (const route of routes) {
      const path = fillPath(route.path)
      plan.push({ method: 'GET', url: `${path}?${randomQuery()}`, cookie: randomCookie(adminCookie) })
      const asAdmin = route.path !== '/admin/logout' && chance(0.6)
      plan.push({
        method: 'POST',
        url: chance(0.3) ? `${path}?${randomQuery()}` : path,
        body: randomBody(),
        cookie: asAdmin ? adminCookie : randomCookie(adminCookie.replace(/.$/, '')),
        origin: chance(0.9) ? server.url : 'https://evil.example',
      })
    }
  }
  expect(plan.length).toBeGreaterThanOrEqual(2000)

  const failures: string[] = []
  let sent = 0
  const worker = async () => {
    for (let item = plan.shift(); item; item = plan.shift()) {
      const headers: Record<string, string> = {}
      if (item.cookie) headers.Cookie = item.cookie
      if (item.origin) headers.Origin = item.origin
      if (item.body?.contentType) headers['Content-Type'] = item.body.contentType
      let status: number
      try {
        const response = await fetch(`${server.url}${item.url}`, {
          method: item.method,
          headers,
          body: item.method === 'POST' ? (item.body?.body as BodyInit | undefined) : undefined,
          redirect: 'manual',
        })
        status = response.status
        await response.arrayBuffer().catch(() => undefined)
      } catch (error) {
        // The server may close the connection on a body it refuses to read (e.g. 413);
        // that is not a failure as long as it keeps answering (checked below).
        status = 0
        if (!(await answers(server.url))) {
          const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error)
          failures.push(`${item.method} ${item.url.slice(0, 120)} → server stopped answering (${cause})`)
        }
      }
      sent++
      if (status >= 500) failures.push(`${item.method} ${item.url.slice(0, 120)} → ${status}`)
    }
  }
  await Promise.all(Array.from({ length: 6 }, worker))
  expect(sent).toBeGreaterThanOrEqual(2000)
  expect(failures.slice(0, 25)).toEqual([])

  // Still answering.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  expect((await fetch(`${server.url}/`, { headers: { Cookie: 'age_verified=IjEi' } })).status).toBe(200)

  // Nothing stored breaks a schema rule.
  const db = new Database(server.databasePath, { readonly: true })
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
    const settings = db.prepare('SELECT data FROM settings WHERE id = 1').get() as { data: string }
    expect(SettingsSchema.safeParse(JSON.parse(settings.data)).success).toBe(true)
    const badSlugs = db
      .prepare("SELECT slug FROM posts WHERE slug GLOB '*[^a-z0-9-]*' OR slug LIKE '-%' OR slug LIKE '%-'")
      .all()
    expect(badSlugs).toEqual([])
    const badUsers = db.prepare("SELECT email FROM users WHERE email NOT LIKE '%_@_%'").all()
    expect(badUsers).toEqual([])
  } finally {
    db.close()
  }
})
