import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'

import { expect, test } from './fixtures'
import { copyOfSharedDatabase, type PrivateServer, startServer } from './support/server'

/**
 * One anonymous request must not be able to take the server's memory: a body
 * over its form's limit is refused while it streams in, with 413 and a page
 * that says what happened, and the server keeps answering everyone else.
 */
const FIFTY_MB = 50 * 1024 * 1024
const ANONYMOUS_FORMS = [
  '/contact',
  '/age-gate',
  '/admin/login',
  '/admin/reset',
  '/admin/reset/confirm',
  '/admin/logout',
]

let server: PrivateServer
test.beforeAll(async () => {
  server = await startServer({ databasePath: copyOfSharedDatabase() })
})
test.afterAll(async () => {
  await server?.stop()
})

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
}

interface Answer {
  status: number
  body: string
  ms: number
  /** Bytes of the body the client had handed to its socket when the answer came. */
  sent: number
}

/**
 * Streams `bytes` of form body to `path` from a separate process and resolves
 * as soon as the server answers (a refusing server stops taking the body).
 */
function postHuge(path: string, bytes: number, options: { declareLength: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('./support/huge-post.mjs', import.meta.url))
    execFile(
      process.execPath,
      [script, `${server.url}${path}`, String(bytes), options.declareLength ? 'declared' : 'chunked'],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as Answer)),
    )
  })
}

for (const path of ANONYMOUS_FORMS) {
  test(`a 50 MB post to ${path} is refused with 413 at once, without the memory it would take`, async () => {
    const before = residentMegabytes(server.process.pid!)
    for (const declareLength of [true, false]) {
      const answer = await postHuge(path, FIFTY_MB, { declareLength })
      expect(answer.status, `${path} declared=${declareLength}`).toBe(413)
      // Refused while the body streams in: the answer came long before the client could
      // send it all (what it sent is what the socket buffers took after the server stopped
      // reading), however fast or busy the machine is.
      expect(answer.sent, `${path} declared=${declareLength}`).toBeLessThan(FIFTY_MB / 2)
      expect(answer.body).toContain('This form takes at most 64 KB')
    }
    expect(residentMegabytes(server.process.pid!) - before).toBeLessThan(50)
  })
}

test('the health check stays fast while four huge posts arrive at once', async () => {
  const posts = Array.from({ length: 4 }, (_, i) =>
    postHuge(ANONYMOUS_FORMS[i], FIFTY_MB, { declareLength: i % 2 === 0 }),
  )
  const timings: number[] = []
  for (let i = 0; i < 5; i++) {
    const started = Date.now()
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    timings.push(Date.now() - started)
  }
  for (const answer of await Promise.all(posts)) expect(answer.status).toBe(413)
  // Tenfold room: on the CI machine the slowest of these answers took about 10 ms
  // (the target, 100 ms at the 99th percentile, is reported by `npm run bench`).
  expect(Math.max(...timings)).toBeLessThan(1_000)
})

test('a form just under its limit is read as usual', async () => {
  // 60 KB of message: over the message's own length, under the body limit, so the form answers with its message.
  const body = new URLSearchParams({
    name: 'Long Writer',
    email: 'long@example.com',
    topic: 'general',
    message: 'm'.repeat(60_000),
    company: '',
  })
  const response = await fetch(`${server.url}/contact`, { method: 'POST', body, redirect: 'manual' })
  expect(response.status).toBe(400)
  const page = await response.text()
  expect(page).toContain('Message must be less than')
  // The refused message is echoed back no longer than the field allows (5,000 characters).
  expect(page).not.toContain('m'.repeat(5_001))
})

test('while someone trickles posts they never finish at the contact form and the upload address, a patient’s message still goes through', async () => {
  // Twelve of each: the form-post line has four places and eight waiting. A contact
  // form is read to its end before it takes a place; the upload's action turns an
  // anonymous sender away before reading its body.
  const { hostname, port } = new URL(server.url)
  const trickling: Socket[] = []
  for (const path of [...Array(12).fill('/contact'), ...Array(12).fill('/admin/uploads/brands')]) {
    const socket = connect(Number(port), hostname)
    socket.on('error', () => undefined)
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nmessage=I`,
    )
    trickling.push(socket)
  }
  // Time for the server to read those requests' heads (if some had not, the message would only meet a shorter line).
  await new Promise((resolve) => setTimeout(resolve, 1000))
  try {
    const body = new URLSearchParams({
      name: 'Patient Writer',
      email: 'patient@example.com',
      topic: 'general',
      message: 'Do you carry a low-dose tincture at the Main Street store?',
      company: '',
    })
    const response = await fetch(`${server.url}/contact`, { method: 'POST', body, redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/contact')
  } finally {
    for (const socket of trickling) socket.destroy()
  }
})
