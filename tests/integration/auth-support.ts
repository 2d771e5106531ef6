import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { hashPasswordSync } from '~/auth/password.server'
import { resetConfigForTesting } from '~/config.server'
import { requestContext } from '~/context'

import { createTestDatabase, useTestDatabase } from '../support/test-db'

/** Helpers for the auth integration tests: a temp database, the default limits, form posts to route actions. */
export const SITE_URL = 'http://127.0.0.1:4999'

export async function setUpAuthTest() {
  process.env.SITE_URL = SITE_URL
  process.env.RATE_LIMIT_MULTIPLIER = '1'
  process.env.TRUST_PROXY = '0'
  process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'lsc-outbox-'))
  delete process.env.SMTP_URL
  resetConfigForTesting()
  return createTestDatabase()
}

export type TestDb = Awaited<ReturnType<typeof setUpAuthTest>>

/** `setUpAuthTest` before each test of the file, its database cleaned up after it (see `useTestDatabase`). */
export function useAuthTest(): TestDb {
  return useTestDatabase(setUpAuthTest)
}

/** Inserts a user with a hash of the app's kind at a fast cost (4); returns its id. */
export function insertUser(t: TestDb, email: string, password: string, admin = false): number {
  const id = Number(
    t.sqlite.prepare('INSERT INTO users (email, password_hash) VALUES (?, ?)').run(email, hashPasswordSync(password, 4))
      .lastInsertRowid,
  )
  if (admin) t.sqlite.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')").run(id)
  return id
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Request {
  return new Request(new URL(path, SITE_URL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE_URL, ...headers },
    body: new URLSearchParams(fields),
  })
}

export function getRequest(path: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, SITE_URL), { headers })
}

/** The route-module arguments a loader or action gets, with the client address server.mjs passes. */
export function routeArgs(request: Request, clientAddress = '203.0.113.7') {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { request, params: {}, context: requestContext({ clientAddress, cspNonce: '' }) } as any
}

/** What an action or loader answered: a Response (redirect) or data(value, init). */
export interface Answer {
  status: number
  location: string | null
  cookies: string[]
  headers: Headers
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any
}

export async function answer(run: () => unknown): Promise<Answer> {
  let value: unknown
  try {
    value = await run()
  } catch (thrown) {
    value = thrown
  }
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get('Location'),
      cookies: value.headers.getSetCookie(),
      headers: value.headers,
      data: null,
    }
  }
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'DataWithResponseInit') {
    const { data, init } = value as { data: unknown; init?: ResponseInit | null }
    const headers = new Headers(init?.headers)
    return { status: init?.status ?? 200, location: null, cookies: headers.getSetCookie(), headers, data }
  }
  if (value instanceof Error) throw value
  return { status: 200, location: null, cookies: [], headers: new Headers(), data: value }
}

/** The form-level messages of a conform reply. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function formErrors(data: any): string[] {
  return data?.result?.error?.[''] ?? []
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function fieldErrors(data: any, field: string): string[] {
  return data?.result?.error?.[field] ?? []
}

/** "name=value" of a Set-Cookie line. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0]
}

/** What a route action answers to a form post to `path`, with these headers (a Cookie, say) and from this address. */
export function postTo(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  action: (args: any) => unknown,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  clientAddress?: string,
): Promise<Answer> {
  return answer(() => action(routeArgs(formRequest(path, fields, headers), clientAddress)))
}

/** What a route loader answers to a GET of `path` with these headers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function getFrom(loader: (args: any) => unknown, path: string, headers: Record<string, string> = {}) {
  return answer(() => loader(routeArgs(getRequest(path, headers))))
}
