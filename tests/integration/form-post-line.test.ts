import { createServer, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { lineFigures } from '~/http/page-handler.server'

import { productionPageHandler } from '../support/page-handler'
import { standInBuild } from '../support/stand-in-build'
import { useTestDatabase } from '../support/test-db'

/**
 * Form posts wait in a line of their own (four handled at once, eight
 * waiting). A small form is read to its end before it joins that line, so
 * someone sending forms a byte at a time cannot fill it and keep every other
 * visitor's message, sign-in and staff save out.
 */

useTestDatabase()
let server: Server
let base: string
let port: number
/** The messages the page's action read, in order. */
let received: string[]
/** Requests the server has seen start (headers read). */
let arrived: number
const sockets: Socket[] = []

beforeEach(async () => {
  received = []
  arrived = 0
  const build = standInBuild(
    (_request, status, headers) => {
      headers.set('Content-Type', 'text/html; charset=utf-8')
      return new Response('<!doctype html><title>sent</title>', { status, headers })
    },
    async ({ request }) => {
      received.push(String((await request.formData()).get('message')))
      return { ok: true }
    },
  )
  const pages = productionPageHandler({ build, cacheBytes: 0 })
  server = createServer((req, res) => {
    arrived++
    void pages.handle(req, res, (error) => res.end(String(error)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
  base = `http://127.0.0.1:${port}`
})
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(condition()).toBe(true)
}

/** Opens a raw connection and sends a form post's head and the first part of a body of `length` bytes. */
function startPost(firstPart: string, head: { length?: number } = {}): Socket {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => undefined)
  sockets.push(socket)
  const size = head.length === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${head.length}`
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n${size}\r\n\r\n${firstPart}`,
  )
  return socket
}

/** The status line of what the server wrote back on `socket`, once it has. */
function statusOf(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let text = ''
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1')
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)
      if (status) resolve(Number(status[1]))
    })
  })
}

const sendMessage = (message: string) =>
  fetch(`${base}/contact`, { method: 'POST', body: new URLSearchParams({ message }), redirect: 'manual' })

describe('the form-post line', () => {
  it('while twelve senders trickle forms they never finish, a patient’s message still goes through', async () => {
    // Twelve is the whole line: four places and eight waiting. Before small forms were
    // read to their end first, the next post was turned away with 503 at once.
    for (let i = 0; i < 12; i++) startPost('message=very', { length: 5000 })
    await until(() => arrived === 12)

    const response = await sendMessage('Do you carry tinctures?')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>sent</title>')
    expect(received).toEqual(['Do you carry tinctures?'])
    expect(lineFigures()?.posts).toMatchObject({ active: 0, waiting: 0, refused: 0 })
  })

  it('a form that arrives in slow pieces is read whole once its last byte comes', async () => {
    const socket = startPost('5\r\nmessa\r\n')
    const status = statusOf(socket)
    await until(() => arrived === 1)
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.write('8\r\nge=slow \r\n')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(received).toEqual([])
    socket.write('6\r\nsender\r\n0\r\n\r\n')
    expect(await status).toBe(200)
    expect(received).toEqual(['slow sender'])
  })

  it('a sender that goes away halfway reaches no action and leaves no place taken', async () => {
    const socket = startPost('message=half', { length: 400 })
    await until(() => arrived === 1)
    socket.destroy()
    const response = await sendMessage('after the one who left')
    expect(response.status).toBe(200)
    expect(received).toEqual(['after the one who left'])
    expect(lineFigures()?.posts).toMatchObject({ active: 0, waiting: 0 })
  })

  it('a small form that keeps coming past 64 KB without saying its length is refused with 413, unread by the action', async () => {
    const socket = startPost('')
    const status = statusOf(socket)
    const piece = 'a'.repeat(16 * 1024)
    for (let i = 0; i < 5; i++) socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`)
    expect(await status).toBe(413)
    expect(received).toEqual([])
  })
})
