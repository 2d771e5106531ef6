import { crc32, deflateSync } from 'node:zlib'

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { ImageRefused, processImage } from '~/models/image-pipeline.server'

/** How an uploaded picture is encoded again: which copies it gets, and what is refused. */
const JPG = { contentType: 'image/jpeg', extension: 'jpg' } as const
const PNG = { contentType: 'image/png', extension: 'png' } as const
const WEBP = { contentType: 'image/webp', extension: 'webp' } as const
const GIF = { contentType: 'image/gif', extension: 'gif' } as const

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6' } })

/** A PNG whose header claims `width`×`height` grey pixels, with one row of data. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('an uploaded picture', () => {
  it('in WebP gets AVIF and WebP copies only, each width once', async () => {
    const bytes = await solid(900, 600).webp().toBuffer()
    const processed = (await processImage(bytes, WEBP))!
    expect(processed.main).toMatchObject({ contentType: 'image/webp', width: 900, height: 600 })
    // The WebP at full width is the upload itself.
    expect(processed.variants.map((v) => v.suffix)).toEqual([
      '-400.avif',
      '-400.webp',
      '-800.avif',
      '-800.webp',
      '-900.avif',
    ])
  })

  it('in GIF is kept as it came (an animation would be lost)', async () => {
    const bytes = await solid(20, 10).gif().toBuffer()
    expect(await processImage(bytes, GIF)).toBeNull()
  })

  it('turned a quarter by its EXIF orientation 5 is as wide as it is stored high', async () => {
    const bytes = await solid(300, 200).jpeg().withMetadata({ orientation: 5 }).toBuffer()
    const processed = (await processImage(bytes, JPG))!
    expect(processed.main).toMatchObject({ width: 200, height: 300 })
    expect(processed.variants.map((v) => v.suffix)).toEqual(['-200.avif', '-200.webp'])
  })

  it('in PNG keeps every colour (no palette)', async () => {
    // 512 shades: more than a palette of 256 can hold.
    const pixels = Buffer.alloc(512 * 3)
    for (let i = 0; i < 512; i++) pixels.set([i % 256, Math.floor(i / 2) % 256, 255 - (i % 256)], i * 3)
    const bytes = await sharp(pixels, { raw: { width: 512, height: 1, channels: 3 } })
      .png()
      .toBuffer()
    const processed = (await processImage(bytes, PNG))!
    const back = await sharp(processed.main.data).raw().toBuffer()
    expect(Buffer.compare(back, pixels)).toBe(0)
  })

  it('of more than 32 megapixels is refused before it is decoded, in words that say so', async () => {
    await expect(processImage(pngClaiming(8000, 7000), PNG)).rejects.toThrow(/at most .* 32 megapixels/i)
    // At exactly 32 megapixels the same kind of file is read (and found broken further on, not too big).
    await expect(processImage(pngClaiming(8000, 4000), PNG)).rejects.not.toThrow(/megapixels/i)
    // Far past what the decoder itself would open, the message is still ours.
    await expect(processImage(pngClaiming(20_000, 20_000), PNG)).rejects.toThrow(
      'This picture is 20,000 × 20,000 pixels; we take at most 12,000 pixels on a side and 32 megapixels.',
    )
  })

  it('in animated WebP is taken as a still picture, however many frames it has', async () => {
    // Each frame a colour far from the last, so the encoder keeps every one.
    const frames = await Promise.all(
      Array.from({ length: 301 }, (_, i) =>
        sharp({
          create: {
            width: 40,
            height: 30,
            channels: 3,
            background: { r: (i * 97) % 256, g: i % 2 ? 255 : 0, b: i >> 1 },
          },
        })
          .png()
          .toBuffer(),
      ),
    )
    const bytes = await sharp(frames, { join: { animated: true } })
      .webp({ lossless: true })
      .toBuffer()
    expect((await sharp(bytes).metadata()).pages).toBe(301)
    const processed = (await processImage(bytes, WEBP))!
    expect(processed.main).toMatchObject({ contentType: 'image/webp', width: 40, height: 30 })
    expect((await sharp(processed.main.data).metadata()).pages).toBeUndefined()
  })
})

describe('many pictures uploaded at once', () => {
  it('two are encoded and eight wait their turn; the rest are told to upload again in a minute', async () => {
    const bytes = await solid(64, 48).jpeg().toBuffer()
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => processImage(bytes, JPG)))
    const taken = results.filter((r) => r.status === 'fulfilled')
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []))
    expect(taken).toHaveLength(10)
    expect(refused.map((e) => [e instanceof ImageRefused, e.message])).toEqual(
      Array(2).fill([true, 'Many pictures are being processed right now. Please upload this one again in a minute.']),
    )
    // Once the line has drained, the next upload is taken.
    expect(await processImage(bytes, JPG)).toMatchObject({ main: { width: 64, height: 48 } })
  })
})
