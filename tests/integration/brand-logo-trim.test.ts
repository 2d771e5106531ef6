import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { RECORD_LISTS } from '~/lib/record-lists'
import { readFormWithImage, storeImage } from '~/models/upload-files.server'
import { getUploadData } from '~/models/uploads.server'

import { useTestDatabase } from '../support/test-db'

/**
 * Brands send logos in any shape, often lost in a wide empty margin. Stored
 * without it, every logo fills the box the pages show it in alike.
 */
useTestDatabase()

describe('brand logos lose their empty margins', () => {
  /** Sends a picture through an admin form to a folder, stores it, and reads back what was stored. */
  async function uploadAndStore(bytes: Buffer, bucket: 'brands' | 'deals', name = 'logo.png', type = 'image/png') {
    const form = new FormData()
    form.append('name', 'Margin Co')
    form.append('logo', new File([bytes as BlobPart], name, { type }))
    const { image, error } = await readFormWithImage(
      new Request('http://localhost/admin/brands/new', { method: 'POST', body: form }),
      { bucket, fileField: 'logo', messages: RECORD_LISTS.deal.uploadMessages },
    )
    expect(error).toBeNull()
    expect(await storeImage(image!)).toBe(true)
    const [, , folder, file] = image!.url.split('/')
    const data = (await getUploadData(folder!, file!))!
    return { data, info: await sharp(data).metadata() }
  }
  const marked = async (background: string | { r: number; g: number; b: number; alpha: number }, channels: 3 | 4) => {
    const mark = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1c432c' } })
      .png()
      .toBuffer()
    return sharp({ create: { width: 900, height: 900, channels, background } })
      .composite([{ input: mark, left: 100, top: 600 }])
      .png()
      .toBuffer()
  }

  it('a transparent or a white margin is cut away from a logo, so only the mark is stored', async () => {
    for (const [background, channels] of [
      [{ r: 0, g: 0, b: 0, alpha: 0 }, 4],
      ['#ffffff', 3],
    ] as const) {
      const { info } = await uploadAndStore(await marked(background, channels), 'brands')
      expect([info.width, info.height]).toEqual([300, 100])
    }
  }, 60_000)

  it('a JPEG or WebP logo is trimmed and stored in its own format', async () => {
    const white = await marked('#ffffff', 3)
    for (const [format, name, type] of [
      ['jpeg', 'logo.jpg', 'image/jpeg'],
      ['webp', 'logo.webp', 'image/webp'],
    ] as const) {
      const sent = await sharp(white)
        .toFormat(format, { quality: 100, lossless: format === 'webp' })
        .toBuffer()
      const { info } = await uploadAndStore(sent, 'brands', name, type)
      expect([info.format, info.width, info.height]).toEqual([format, 300, 100])
    }
  }, 60_000)

  it('a PNG logo keeps every colour of its mark once trimmed (no palette of 256)', async () => {
    // 512 shades side by side, none of them near the white margin, in a band of 8 rows
    // (trimming smooths away lines thinner than 2 pixels).
    const row = Buffer.alloc(512 * 3)
    for (let i = 0; i < 512; i++) row.set([i % 256, Math.floor(i / 2) % 256, 255 - (i % 256)], i * 3)
    const shades = Buffer.concat(Array<Buffer>(8).fill(row))
    const mark = await sharp(shades, { raw: { width: 512, height: 8, channels: 3 } })
      .png()
      .toBuffer()
    const logo = await sharp({ create: { width: 700, height: 200, channels: 3, background: '#ffffff' } })
      .composite([{ input: mark, left: 90, top: 120 }])
      .png()
      .toBuffer()
    const { data, info } = await sharp((await uploadAndStore(logo, 'brands')).data)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([512, 8])
    expect(Buffer.compare(data, shades)).toBe(0)
  }, 60_000)

  it('a logo photographed sideways is trimmed and stored upright', async () => {
    // Stored 100 × 300 with EXIF orientation 6: it stands 300 wide and 100 high, like the mark.
    const sideways = await sharp(await marked('#ffffff', 3))
      .rotate(-90)
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const { info } = await uploadAndStore(sideways, 'brands', 'logo.jpg', 'image/jpeg')
    expect([info.width, info.height, info.orientation]).toEqual([300, 100, undefined])
  }, 60_000)

  it('a logo that is all margin, one colour, is kept as it came', async () => {
    const blank = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer()
    const { info } = await uploadAndStore(blank, 'brands')
    expect([info.width, info.height]).toEqual([200, 120])
  }, 60_000)

  it('a logo under 3 pixels on a side, too small to have a margin, is kept as it came', async () => {
    for (const [width, height] of [
      [1, 1],
      [40, 2],
      [2, 40],
    ]) {
      const tiny = await sharp({ create: { width: width!, height: height!, channels: 3, background: '#1c432c' } })
        .png()
        .toBuffer()
      const { info } = await uploadAndStore(tiny, 'brands')
      expect([info.width, info.height]).toEqual([width, height])
    }
  }, 60_000)

  it('a photo for a deal keeps its margins', async () => {
    const { info } = await uploadAndStore(await marked('#ffffff', 3), 'deals')
    expect([info.width, info.height]).toEqual([900, 900])
  }, 60_000)
})
