import { expect, test } from './fixtures'
import { copyOfSharedDatabase, startServer } from './support/server'
import { e2eDatabase, mintSessionCookie } from './support/session'

/**
 * What the server accepts before any route runs: form posts only from the
 * site's own pages (pages and resource routes alike), only the methods the site
 * uses, and, behind a proxy, the client address the proxy itself saw.
 */
const FOREIGN = { Origin: 'https://evil.example' }

function count(sql: string): number {
  const db = e2eDatabase()
  try {
    return (db.prepare(sql).get() as { n: number }).n
  } finally {
    db.close()
  }
}

test.describe('a form post from another site', () => {
  test('cannot store an upload', async ({ request }) => {
    const cookie = await mintSessionCookie()
    const before = count('SELECT COUNT(*) AS n FROM uploads')
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    const response = await request.post('/admin/uploads/deals', {
      headers: { ...FOREIGN, Cookie: cookie },
      multipart: { file: { name: 'x.png', mimeType: 'image/png', buffer: png } },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
    expect(count('SELECT COUNT(*) AS n FROM uploads')).toBe(before)
  })

  test('cannot sign a member of staff out, with or without an Origin header', async ({ request }) => {
    const email = `signout-${Date.now()}@example.com`
    const cookie = await mintSessionCookie({ email })
    const sessions = () =>
      count(
        `SELECT COUNT(*) AS n FROM sessions JOIN users ON users.id = sessions.user_id WHERE users.email = '${email}'`,
      )
    const before = sessions()
    for (const headers of [FOREIGN, { 'Sec-Fetch-Site': 'cross-site' }]) {
      const response = await request.post('/admin/logout', { headers: { ...headers, Cookie: cookie }, maxRedirects: 0 })
      expect(response.status()).toBe(403)
      expect(response.headers()['set-cookie'] ?? '').toBe('')
    }
    expect(sessions()).toBe(before)
    // The same sign-out from the site itself works.
    const own = await request.post('/admin/logout', {
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
      maxRedirects: 0,
    })
    expect(own.status()).toBe(302)
    expect(sessions()).toBe(before - 1)
  })

  test('cannot use the post preview or confirm the age gate', async ({ request }) => {
    const cookie = await mintSessionCookie()
    const preview = await request.post('/admin/blog/preview', {
      headers: { ...FOREIGN, Cookie: cookie },
      form: { content: '# Hello' },
      maxRedirects: 0,
    })
    expect(preview.status()).toBe(403)
    const gate = await request.post('/age-gate', { headers: FOREIGN, form: { redirectTo: '/' }, maxRedirects: 0 })
    expect(gate.status()).toBe(403)
    expect(gate.headers()['set-cookie'] ?? '').not.toContain('age_verified')
  })
})

test.describe('methods', () => {
  test('a method the site does not use answers 405 with Allow, in the site’s own words', async ({ request }) => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const onPage = await request.fetch('/about', { method })
      expect(onPage.status(), method).toBe(405)
      expect(onPage.headers()['allow']).toBe('GET, HEAD')
      expect(await onPage.text()).toContain('This page does not take form posts.')
      const onForm = await request.fetch('/contact', { method })
      expect(onForm.status(), method).toBe(405)
      expect(onForm.headers()['allow']).toBe('GET, HEAD, POST')
      expect(await onForm.text()).toContain('This address only opens pages and takes form posts.')
    }
  })

  test('a form post to a page without a form answers 405 with Allow and no developer message', async ({ request }) => {
    const response = await request.post('/about', { form: { anything: '1' }, maxRedirects: 0 })
    expect(response.status()).toBe(405)
    expect(response.headers()['allow']).toBe('GET, HEAD')
    const text = await response.text()
    expect(text).toContain('This page does not take form posts.')
    expect(text).not.toContain('did not provide an')
  })

  test('TRACE answers 405 and logs no stack trace', async () => {
    const server = await startServer({ databasePath: copyOfSharedDatabase() })
    try {
      const response = await fetch(`${server.url}/`, { method: 'TRACE' }).catch(() => null)
      // Node's fetch refuses to send TRACE; speak HTTP directly.
      const raw =
        response ?? (await rawRequest(server.port, 'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'))
      const status = response ? response.status : Number(/^HTTP\/1\.1 (\d{3})/.exec(raw as string)?.[1])
      expect(status).toBe(405)
      if (!response) expect(raw as string).toMatch(/\r\nAllow: GET, HEAD\r\n/i)
      expect(server.output()).not.toMatch(/\n\s+at /)
    } finally {
      await server.stop()
    }
  })
})

async function rawRequest(port: number, text: string): Promise<string> {
  const { connect } = await import('node:net')
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

test('behind a trusted proxy, addresses the client wrote in X-Forwarded-For do not escape the contact limit', async () => {
  const server = await startServer({
    databasePath: copyOfSharedDatabase(),
    env: { TRUST_PROXY: '1', RATE_LIMIT_MULTIPLIER: '1' },
  })
  try {
    // One network address may send 30 messages in ten minutes, whoever writes them.
    const addressLimit = 30
    const statuses: number[] = []
    for (let i = 0; i <= addressLimit; i++) {
      const response = await fetch(`${server.url}/contact`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          // The client invents a new first hop each time; the proxy appends the address it saw.
          'X-Forwarded-For': `198.51.100.${i + 1}, 203.0.113.7`,
        },
        body: new URLSearchParams({
          name: 'Proxy Tester',
          // A new sender and a new message each time: only the network address is the same,
          // and a message sent twice is answered as received without counting.
          email: `proxy${i + 1}@example.com`,
          topic: 'general',
          message: `Checking that the limit holds behind the proxy, note ${i + 1}.`,
          company: '',
        }),
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, addressLimit).every((status) => status === 302)).toBe(true)
    expect(statuses[addressLimit]).toBe(429)
  } finally {
    await server.stop()
  }
})
