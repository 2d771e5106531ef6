import { crc32, deflateSync } from 'node:zlib'

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { processImage } from '~/models/image-pipeline.server'

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
    // Just under the limit the same kind of file is read (and found broken further on, not too big).
    await expect(processImage(pngClaiming(6000, 5000), PNG)).rejects.not.toThrow(/megapixels/i)
  })
})
