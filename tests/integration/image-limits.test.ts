import { randomBytes } from 'node:crypto'

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { RECORD_LISTS } from '~/lib/record-lists'
import { readFormWithImage } from '~/models/upload-files.server'

import { craftedPng } from '../support/crafted-png'
import { useTestDatabase } from '../support/test-db'

useTestDatabase()

function upload(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData()
  form.append('title', 'Friday flower')
  form.append('image', new File([bytes as BlobPart], name, { type }))
  return readFormWithImage(new Request('http://localhost/admin/deals/new', { method: 'POST', body: form }), {
    bucket: 'deals',
    fileField: 'image',
    messages: RECORD_LISTS.deal.uploadMessages,
  })
}

const rssMB = () => process.memoryUsage().rss / 1024 / 1024

/**
 * The shop owner never sees these pictures; an outsider probing the upload
 * form sends them. Each is refused by the size it declares, before a pixel is
 * decoded, with a message that says what we take, and the server's memory
 * barely moves.
 */
describe('pictures too big to take', () => {
  it('crafted PNGs declaring tens of millions of pixels are refused with a message, without decoding them', async () => {
    const probes = [
      await craftedPng({ width: 49_999_999, height: 1 }),
      await craftedPng({ width: 1, height: 49_000_000 }),
      await craftedPng({ width: 7000, height: 7000, bitDepth: 16, colour: 'rgb' }),
    ]
    const before = rssMB()
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, rssMB())), 5)
    const results = await Promise.all(probes.map((bytes, i) => upload(bytes, `probe-${i}.png`, 'image/png')))
    clearInterval(sampler)
    for (const result of results) {
      expect(result.image).toBeNull()
      expect(result.error).toMatch(/we take at most 12,000 pixels on a side and 32 megapixels/)
      expect(result.formData.get('title')).toBe('Friday flower')
    }
    expect(results[0].error).toContain('49,999,999 × 1 pixels')
    // Decoding any one of them would take hundreds of megabytes; a generous bound on the growth.
    expect(Math.max(peak, rssMB()) - before).toBeLessThan(100)
  }, 60_000)

  // A panorama or a tall banner is measured by its longest side, not only by its pixels.
  it.each([
    [12_000, 2, 12_001, 2],
    [2, 12_000, 2, 12_001],
  ])(
    'a %i × %i picture is taken; at %i × %i, one pixel longer though few pixels in all, it is refused',
    async (...sides) => {
      const [width, height, longerWidth, longerHeight] = sides
      const taken = await upload(await craftedPng({ width, height }), 'banner.png', 'image/png')
      expect(taken.error).toBeNull()
      expect(taken.image).not.toBeNull()
      const refused = await upload(
        await craftedPng({ width: longerWidth, height: longerHeight }),
        'banner.png',
        'image/png',
      )
      expect(refused.image).toBeNull()
      expect(refused.error).toContain(
        `This picture is ${longerWidth.toLocaleString('en-US')} × ${longerHeight.toLocaleString('en-US')} pixels; we take at most 12,000 pixels on a side`,
      )
    },
    60_000,
  )

  it('an animated GIF with too many frames is refused with a message; a short one is kept as it came', async () => {
    // A strip of 8 × 6 frames of noise (the encoder merges frames that look alike), written as an animation.
    const gifOf = (frames: number) =>
      sharp(randomBytes(8 * 6 * frames * 3), { raw: { width: 8, height: 6 * frames, channels: 3, pageHeight: 6 } })
        .gif()
        .toBuffer()
    const long = await gifOf(301)
    expect((await sharp(long, { pages: -1 }).metadata()).pages).toBe(301)
    const refused = await upload(long, 'spinner.gif', 'image/gif')
    expect(refused.image).toBeNull()
    expect(refused.error).toMatch(/This animated GIF has 301 frames of 8 × 6 pixels; we take at most 300 frames/)
    // 300 frames, the most we take, and a short one: each kept as it came.
    for (const short of [await gifOf(300), await gifOf(12)]) {
      const kept = await upload(short, 'wave.gif', 'image/gif')
      expect(kept.error).toBeNull()
      expect(kept.image?.processed).toBeNull()
      expect(Buffer.compare(kept.image!.bytes, short)).toBe(0)
    }
  }, 60_000)

  it('an animated GIF is measured by all its frames: 50 megapixels in all are kept, one frame more is refused', async () => {
    const at = await upload(gifClaiming(400, 500, 250), 'banner.gif', 'image/gif')
    expect(at.error).toBeNull()
    expect(at.image?.processed).toBeNull()
    const over = await upload(gifClaiming(400, 500, 251), 'banner.gif', 'image/gif')
    expect(over.image).toBeNull()
    expect(over.error).toBe(
      'This animated GIF has 251 frames of 400 × 500 pixels; we take at most 300 frames and 50 megapixels in all. Shorten or shrink the animation, or upload a still picture.',
    )
  })
})

/**
 * A GIF whose screen is `width` × `height` with `frames` frames, each of them
 * one pixel: a few kilobytes that declare as many pixels as a long animation.
 */
function gifClaiming(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(13)
  screen.write('GIF89a', 'ascii')
  screen.writeUInt16LE(width, 6)
  screen.writeUInt16LE(height, 8)
  screen[10] = 0x80 // a colour table of two colours follows
  const colours = Buffer.from([0, 0, 0, 255, 255, 255])
  // An image of 1 × 1 at the top left; LZW codes of 3 bits: clear, colour 0, end.
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0])
  return Buffer.concat([screen, colours, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])])
}
