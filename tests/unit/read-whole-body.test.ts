import { EventEmitter } from 'node:events'
import type { IncomingMessage } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

import { describe, expect, it } from 'vitest'

import { readWholeBody } from '~/http/body-limit.server'

/** A request whose body the test sends piece by piece, as a network delivers it. */
function arrivingRequest() {
  const req = new EventEmitter()
  return { req: req as unknown as IncomingMessage, send: (piece: Buffer) => req.emit('data', piece), req$: req }
}

/** A full garbage collection, so the heap holds only what something still keeps. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

const LIMIT = 64 * 1024

describe('reading a small form to its end', () => {
  it('gives back the bytes sent, however they were cut, past the first buffer', async () => {
    const { req, send, req$ } = arrivingRequest()
    const reading = readWholeBody(req, LIMIT)
    const sent = Buffer.from(Array.from({ length: 40_000 }, (_, i) => i % 251))
    // A hundred one-byte pieces, then pieces of 997 bytes: past the first 16 KB buffer and its double.
    for (let at = 0; at < 100; at++) send(sent.subarray(at, at + 1))
    for (let at = 100; at < sent.length; at += 997) send(sent.subarray(at, at + 997))
    req$.emit('end')
    expect(await reading).toEqual(sent)
  })

  it('gives an empty body for a form with no bytes, and exactly the limit is still read', async () => {
    const empty = arrivingRequest()
    const reading = readWholeBody(empty.req, LIMIT)
    empty.req$.emit('end')
    expect(await reading).toEqual(Buffer.alloc(0))

    const full = arrivingRequest()
    const fullReading = readWholeBody(full.req, LIMIT)
    full.send(Buffer.alloc(LIMIT - 1, 1))
    full.send(Buffer.alloc(1, 2))
    full.req$.emit('end')
    expect((await fullReading) as Buffer).toHaveLength(LIMIT)
  })

  it('says too large as soon as one byte more than the limit comes, and stops listening', async () => {
    const { req, send, req$ } = arrivingRequest()
    const reading = readWholeBody(req, LIMIT)
    send(Buffer.alloc(LIMIT))
    send(Buffer.alloc(1))
    expect(await reading).toBe('too large')
    expect(req$.listenerCount('data')).toBe(0)
  })

  it('gives nothing when the sender goes away before the end', async () => {
    const { req, send, req$ } = arrivingRequest()
    const reading = readWholeBody(req, LIMIT)
    send(Buffer.from('name=Ada'))
    req$.emit('close')
    expect(await reading).toBeNull()
  })

  it('someone trickles a 64 KB contact form one byte per packet: the server keeps about what was sent, not each packet', async () => {
    const { req, send, req$ } = arrivingRequest()
    const reading = readWholeBody(req, LIMIT)
    collectGarbage()
    const before = process.memoryUsage().heapUsed
    // Each packet is its own piece of memory, as a socket read gives it.
    for (let i = 0; i < LIMIT; i++) send(Buffer.alloc(1, 97))
    collectGarbage()
    const heldMB = (process.memoryUsage().heapUsed - before) / 2 ** 20
    req$.emit('end')
    expect(await reading).toEqual(Buffer.alloc(LIMIT, 97))
    // Keeping the 65,536 pieces held 14.6 MB of heap here (about 40 MB of memory in all);
    // copying each into one buffer holds its 64 KB. Generous: 2 MB.
    expect(heldMB).toBeLessThan(2)
  })
})
