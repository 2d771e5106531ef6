import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'

import { convertStoredUploads, storeMissingUploadSizes, UPKEEP_BATCH } from '~/models/upkeep.server'

import { craftedPng } from '../support/crafted-png'
import { useTestDatabase } from '../support/test-db'

/**
 * After an upgrade, the first start brings uploads stored by older versions up
 * to date: their pixel sizes recorded, their responsive copies made. An
 * operator sees only the log; a visitor sees pictures sized and served in
 * AVIF and WebP.
 */
const t = useTestDatabase()

/** An upload row as an older version stored it: no size, no copies. */
function storeOld(fileName: string, contentType: string, data: Buffer) {
  return Number(
    t.sqlite
      .prepare(
        `INSERT INTO uploads (bucket, file_name, content_type, size, data, created_at) VALUES ('deals', ?, ?, ?, ?, '2020-01-01T00:00:00.000Z')`,
      )
      .run(fileName, contentType, data.length, data).lastInsertRowid,
  )
}

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6' } })

describe('sizes of old uploads', () => {
  it('story: after the upgrade, 120 old uploads get their width and height at the first start; a file that is not a picture keeps none', async () => {
    const png = await picture(3, 2).png().toBuffer()
    const count = 120
    expect(count).toBeGreaterThan(2 * UPKEEP_BATCH)
    for (let i = 0; i < count; i++) storeOld(`old-${i}.png`, 'image/png', png)
    const notAPicture = storeOld('notes.png', 'image/png', Buffer.from('not a picture at all'))

    expect(await storeMissingUploadSizes(t.db)).toBe(count)
    const sizes = t.sqlite.prepare(`SELECT width, height FROM uploads WHERE id != ?`).all(notAPicture)
    expect(sizes).toHaveLength(count)
    for (const size of sizes) expect(size).toEqual({ width: 3, height: 2 })
    expect(t.sqlite.prepare(`SELECT width, height FROM uploads WHERE id = ?`).get(notAPicture)).toEqual({
      width: null,
      height: null,
    })
    // A second start finds nothing left to do.
    expect(await storeMissingUploadSizes(t.db)).toBe(0)
  })
})

describe('copies of old uploads', () => {
  it('story: the first start after the upgrade makes copies of old JPEG, PNG and WebP pictures, keeps what it cannot read as it was, and says in the log what it did', async () => {
    const converted = [
      storeOld('old-jpeg.jpg', 'image/jpeg', await picture(500, 300).jpeg().toBuffer()),
      storeOld('old-png.png', 'image/png', await picture(500, 300).png().toBuffer()),
      storeOld('old-webp.webp', 'image/webp', await picture(500, 300).webp().toBuffer()),
    ]
    // Kept as they were: a GIF stored under a PNG name (a GIF keeps its animation), bytes that
    // are no picture, and a PNG broken after its header.
    const kept: [string, Buffer][] = [
      ['named.png', await picture(20, 10).gif().toBuffer()],
      ['notes.png', Buffer.from('not a picture at all')],
      ['broken.png', (await craftedPng({ width: 400, height: 400 })).subarray(0, 60)],
    ]
    const keptIds = kept.map(([name, data]) => storeOld(name, 'image/png', data))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})

    expect(await convertStoredUploads(t.db)).toBe(3)

    const copies = t.sqlite.prepare(`SELECT upload_id, count(*) AS n FROM upload_variants GROUP BY upload_id`).all()
    expect(copies).toEqual(converted.map((id) => ({ upload_id: id, n: expect.any(Number) })))
    for (const [i, [, data]] of kept.entries()) {
      const row = t.sqlite.prepare(`SELECT data FROM uploads WHERE id = ?`).get(keptIds[i]) as { data: Buffer }
      expect(Buffer.compare(row.data, data)).toBe(0)
    }
    // Only the broken picture is worth a warning; the others are not pictures to convert.
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'Upload deals/broken.png could not be decoded; kept as it was:',
    ])
    expect(log.mock.calls).toHaveLength(1)
    const [line] = log.mock.calls[0]
    const seconds = /^Converted 3 stored images in (\d+\.\d) s$/.exec(String(line))?.[1]
    expect(Number(seconds)).toBeLessThan(60)

    // The next start has nothing to convert, and says nothing.
    expect(await convertStoredUploads(t.db)).toBe(0)
    expect(log.mock.calls).toHaveLength(1)
  }, 60_000)
})
