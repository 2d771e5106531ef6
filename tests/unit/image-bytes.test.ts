import { describe, expect, it } from 'vitest'

import { imageDimensions } from '~/lib/image-type'

/**
 * Image sizes read from hand-made headers: each format's fields, its bounds,
 * and the JPEG segments and EXIF rotation a real camera file carries.
 */

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff]
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]

function png(width: number, height: number, chunk = 'IHDR'): Uint8Array {
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...be32(13),
    ...ascii(chunk),
    ...be32(width),
    ...be32(height),
  ])
}

describe('a PNG’s size', () => {
  it('is read from its IHDR chunk, 24 bytes being enough', () => {
    expect(png(640, 480)).toHaveLength(24)
    expect(imageDimensions(png(640, 480))).toEqual({ width: 640, height: 480 })
    expect(imageDimensions(png(0x01020304 & 0xffff, 7))).toEqual({ width: 0x0304, height: 7 })
  })

  it('is unknown without IHDR first', () => {
    expect(imageDimensions(png(640, 480, 'IDAT'))).toBeNull()
  })

  it('is from 1 to 65,535 pixels a side', () => {
    expect(imageDimensions(png(1, 1))).toEqual({ width: 1, height: 1 })
    expect(imageDimensions(png(65_535, 65_535))).toEqual({ width: 65_535, height: 65_535 })
    expect(imageDimensions(png(0, 10))).toBeNull()
    expect(imageDimensions(png(10, 0))).toBeNull()
    expect(imageDimensions(png(65_536, 10))).toBeNull()
    expect(imageDimensions(png(10, 65_536))).toBeNull()
  })
})

describe('a GIF’s size', () => {
  it('is its logical screen, little-endian', () => {
    expect(imageDimensions(Uint8Array.from([...ascii('GIF89a'), ...le16(0x0201), ...le16(0x0403)]))).toEqual({
      width: 0x0201,
      height: 0x0403,
    })
  })
})

function webp(kind: string, payload: number[]): Uint8Array {
  const bytes = new Uint8Array(30)
  bytes.set([...ascii('RIFF'), 22, 0, 0, 0, ...ascii('WEBP'), ...ascii(kind)])
  bytes.set(payload, 16)
  return bytes
}

describe('a WebP’s size', () => {
  it('is read from a lossy key frame after its start code', () => {
    const lossy = webp('VP8 ', [0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(0x4000 | 300), ...le16(200)])
    expect(imageDimensions(lossy)).toEqual({ width: 300, height: 200 })
    lossy[23] = 0x9c
    expect(imageDimensions(lossy)).toBeNull()
  })

  it('is read from a lossless header after its signature', () => {
    const bits = (300 - 1) | ((200 - 1) << 14)
    const lossless = webp('VP8L', [
      0,
      0,
      0,
      0,
      0x2f,
      bits & 0xff,
      (bits >> 8) & 0xff,
      (bits >> 16) & 0xff,
      (bits >>> 24) & 0xff,
    ])
    expect(imageDimensions(lossless)).toEqual({ width: 300, height: 200 })
    lossless[20] = 0x2e
    expect(imageDimensions(lossless)).toBeNull()
  })

  it('is read from an extended header’s canvas', () => {
    expect(
      imageDimensions(
        webp('VP8X', [
          0,
          0,
          0,
          0,
          0,
          0,
          0,
          0,
          ...[299, 0, 0].map((b, i) => (i === 0 ? 299 & 0xff : i === 1 ? 299 >> 8 : 0)),
          199,
          0,
          0,
        ]),
      ),
    ).toEqual({
      width: 300,
      height: 200,
    })
  })

  it('is unknown for another chunk or a header cut short', () => {
    expect(imageDimensions(webp('ALPH', []))).toBeNull()
    expect(imageDimensions(webp('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0]).subarray(0, 29))).toBeNull()
  })
})

/** A JPEG: SOI, the given segments, then a baseline frame header of this size. */
function jpeg(segments: number[][], width = 40, height = 30, frame = 0xc0): Uint8Array {
  const sof = [0xff, frame, ...be16(17), 8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  return Uint8Array.from([0xff, 0xd8, ...segments.flat(), ...sof])
}
const segment = (marker: number, body: number[]) => [0xff, marker, ...be16(body.length + 2), ...body]

/** An APP1 EXIF segment whose IFD0 holds these (tag, value) entries, little- or big-endian. */
function exif(entries: [number, number][], order: 'II' | 'MM' = 'II'): number[] {
  const u16 = order === 'II' ? le16 : be16
  const u32 = (n: number) => (order === 'II' ? [...le16(n & 0xffff), ...le16(n >>> 16)] : be32(n))
  const ifd = [
    ...u16(entries.length),
    ...entries.flatMap(([tag, value]) => [...u16(tag), ...u16(3), ...u32(1), ...u16(value), 0, 0]),
    0,
    0,
    0,
    0,
  ]
  return segment(0xe1, [...ascii('Exif'), 0, 0, ...ascii(order), ...u16(42), ...u32(8), ...ifd])
}

describe('a JPEG’s size', () => {
  it('is its frame header’s, whichever kind of frame it is', () => {
    for (const frame of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xcf]) {
      expect(imageDimensions(jpeg([], 40, 30, frame)), frame.toString(16)).toEqual({ width: 40, height: 30 })
    }
  })

  it('passes over tables, comments, restart markers and fill bytes before the frame', () => {
    const tables = segment(0xc4, [0, 1, 2, 3])
    const arithmetic = segment(0xcc, [0, 1])
    const jpg = segment(0xc8, [0])
    const comment = segment(0xfe, ascii('made by hand'))
    expect(imageDimensions(jpeg([tables, arithmetic, jpg, comment, [0xff, 0xd0], [0xff, 0x01], [0xff, 0xff]]))).toEqual(
      {
        width: 40,
        height: 30,
      },
    )
  })

  it('is unknown when the image ends or its scan starts before any frame', () => {
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0]))).toBeNull()
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, ...segment(0xda, [0, 0, 0]), 0, 0]))).toBeNull()
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0x00, 0xc0, 0, 0, 0, 0]))).toBeNull()
  })

  it('stops at the end of the image, at scan data, or at a byte that is not a marker, whatever follows', () => {
    const frame = jpeg([]).subarray(2)
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9, 0x00, 0x02, ...frame]))).toBeNull()
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, ...frame]))).toBeNull()
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0x00, ...frame.subarray(1)]))).toBeNull()
  })

  it('passes over an empty segment (length 2)', () => {
    expect(imageDimensions(jpeg([[0xff, 0xfe, 0x00, 0x02]]))).toEqual({ width: 40, height: 30 })
  })

  it('has its sides swapped when EXIF says it is turned a quarter (orientations 5 to 8)', () => {
    for (const orientation of [5, 6, 7, 8]) {
      expect(imageDimensions(jpeg([exif([[0x0112, orientation]])])), String(orientation)).toEqual({
        width: 30,
        height: 40,
      })
    }
    for (const orientation of [1, 2, 3, 4]) {
      expect(imageDimensions(jpeg([exif([[0x0112, orientation]])])), String(orientation)).toEqual({
        width: 40,
        height: 30,
      })
    }
  })

  it('reads EXIF in either byte order, the orientation wherever it is among the entries', () => {
    expect(imageDimensions(jpeg([exif([[0x0112, 6]], 'MM')]))).toEqual({ width: 30, height: 40 })
    expect(
      imageDimensions(
        jpeg([
          exif([
            [0x010f, 1],
            [0x0110, 2],
            [0x0112, 6],
          ]),
        ]),
      ),
    ).toEqual({ width: 30, height: 40 })
    expect(imageDimensions(jpeg([exif([[0x010f, 6]])]))).toEqual({ width: 40, height: 30 })
  })

  it('ignores an orientation outside 1 to 8, an unknown byte order, and EXIF that is not EXIF', () => {
    expect(imageDimensions(jpeg([exif([[0x0112, 9]])]))).toEqual({ width: 40, height: 30 })
    expect(imageDimensions(jpeg([exif([[0x0112, 0]])]))).toEqual({ width: 40, height: 30 })
    const mixedOrder = exif([[0x0112, 6]])
    mixedOrder.splice(10, 2, ...ascii('IM'))
    expect(imageDimensions(jpeg([mixedOrder]))).toEqual({ width: 40, height: 30 })
    const notExif = exif([[0x0112, 6]])
    notExif.splice(4, 4, ...ascii('Exig'))
    expect(imageDimensions(jpeg([notExif]))).toEqual({ width: 40, height: 30 })
  })

  it('ignores EXIF whose entries run past its segment', () => {
    const cut = exif([[0x0112, 6]])
    // The segment claims to end right after the entry count.
    const length = 2 + 6 + 8 + 2
    cut.splice(2, 2, ...be16(length))
    const bytes = Uint8Array.from([0xff, 0xd8, ...cut.slice(0, 2 + length), ...jpeg([]).subarray(2)])
    expect(imageDimensions(bytes)).toEqual({ width: 40, height: 30 })
  })
})
