import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'
import { connect, type Socket } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { capConnectionsPerAddress, CONNECTION_LIMITS, listen } from '~/http/server.server'

/**
 * Slow clients (one header byte every few seconds) and one address opening
 * connection after connection must not hold the server's sockets for minutes.
 * The limits are checked by value, and their effect with short ones.
 */
let server: Server | undefined
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

const hello = { handle: (_req: unknown, res: { end: (body: string) => void }) => res.end('hello') }

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
    sockets.push(socket)
  })
}

/** Everything the server wrote before it closed the connection. */
function untilClosed(socket: Socket): Promise<string> {
  let text = ''
  socket.on('data', (chunk) => (text += chunk.toString()))
  return new Promise((resolve) => socket.once('close', () => resolve(text)))
}

describe('slow clients and crowds from one address', () => {
  it('the server gives headers seconds, not minutes, and a whole request a minute at most', () => {
    expect(CONNECTION_LIMITS.headersTimeout).toBeLessThanOrEqual(10_000)
    expect(CONNECTION_LIMITS.requestTimeout).toBeLessThanOrEqual(60_000)
    expect(CONNECTION_LIMITS.checkEveryMs).toBeLessThanOrEqual(1000)
    expect(CONNECTION_LIMITS.perAddress).toBeGreaterThan(6)
  })

  it('a client dribbling its headers is answered 408 and cut off, while others are served', async () => {
    server = await listen(hello as never, 0, {
      headersTimeout: 300,
      requestTimeout: 600,
      checkEveryMs: 100,
      perAddress: 0,
    })
    const port = (server.address() as { port: number }).port
    const slow = await open(port)
    const closed = untilClosed(slow)
    slow.write('GET / HTTP/1.1\r\nHost: x\r\n')
    const dribble = setInterval(() => slow.writable && slow.write('X'), 50)
    const answer = await closed
    clearInterval(dribble)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('hello')
  })

  it('one address past its cap of open connections has the extra ones closed at once; the first ones still work', async () => {
    server = await listen(hello as never, 0, { ...CONNECTION_LIMITS, perAddress: 3 })
    const port = (server.address() as { port: number }).port
    const held = await Promise.all([open(port), open(port), open(port)])
    const extra = await open(port)
    const extraAnswer = untilClosed(extra)
    extra.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(await extraAnswer).toBe('')
    const firstAnswer = untilClosed(held[0])
    held[0].write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(await firstAnswer).toContain('hello')
  })

  it('a phone or home connection opening each connection from another address of its IPv6 /64 meets the same cap', () => {
    const server = new EventEmitter()
    capConnectionsPerAddress(server as never, 3)
    const connect = (remoteAddress: string) => {
      const socket = Object.assign(new EventEmitter(), { remoteAddress, destroyed: false })
      Object.assign(socket, { destroy: () => (socket.destroyed = true) })
      server.emit('connection', socket)
      return socket
    }
    const home = ['2001:db8:7:1::a', '2001:db8:7:1::b', '2001:db8:7:1:ffff::1'].map(connect)
    expect(home.map((socket) => socket.destroyed)).toEqual([false, false, false])
    expect(connect('2001:db8:7:1::c').destroyed).toBe(true)
    // Another network, and IPv4 addresses, each count on their own.
    expect(connect('2001:db8:7:2::a').destroyed).toBe(false)
    expect(connect('::ffff:192.0.2.1').destroyed).toBe(false)
    expect(connect('192.0.2.2').destroyed).toBe(false)
    // A connection that closes frees its place for the network.
    home[0].emit('close')
    expect(connect('2001:db8:7:1::d').destroyed).toBe(false)
  })
})
