import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { imageDimensions, svgDimensions } from '~/lib/image-type'

import { cpuMs, describeGrowth, growth, MAX_GROWTH_FOR_TENFOLD_INPUT } from '../support/growth'
import { TIME_BUDGET_FACTOR } from '../support/time-budget'

/**
 * Pixel sizes from image headers. The files in tests/fixtures/images are 40×30
 * images encoded by Chromium (the WebP ones cut down to each of WebP's three
 * layouts); each decodes in Chromium to the size asserted here.
 */
const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../fixtures/images', name)))

/** An APP1 segment holding an EXIF orientation tag, as a camera writes it. */
function exifSegment(orientation: number, littleEndian: boolean): number[] {
  const u16 = (v: number) => (littleEndian ? [v & 255, v >> 8] : [v >> 8, v & 255])
  const u32 = (v: number) =>
    littleEndian
      ? [v & 255, (v >> 8) & 255, (v >> 16) & 255, v >>> 24]
      : [v >>> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255]
  const tiff = [
    ...(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]),
    ...u16(42),
    ...u32(8),
    ...u16(1),
    ...u16(0x0112),
    ...u16(3),
    ...u32(1),
    ...u16(orientation),
    0,
    0,
    ...u32(0),
  ]
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]
  const length = body.length + 2
  return [0xff, 0xe1, length >> 8, length & 255, ...body]
}

function withSegmentAfterSoi(jpeg: Uint8Array, segment: number[]): Uint8Array {
  return Uint8Array.from([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)])
}

describe('imageDimensions', () => {
  it.each([
    ['PNG', '40x30.png'],
    ['JPEG (baseline, JFIF)', '40x30.jpg'],
    ['WebP lossy (VP8)', '40x30.vp8.webp'],
    ['WebP lossless (VP8L)', '40x30.vp8l.webp'],
    ['WebP extended (VP8X)', '40x30.vp8x.webp'],
  ])('reads a %s', (_name, file) => {
    expect(imageDimensions(fixture(file))).toEqual({ width: 40, height: 30 })
  })

  it('reads a GIF logical screen', () => {
    const gif = Uint8Array.from([...Buffer.from('GIF89a'), 0x28, 0x00, 0x1e, 0x00, 0x80, 0, 0])
    expect(imageDimensions(gif)).toEqual({ width: 40, height: 30 })
    expect(imageDimensions(Uint8Array.from([...Buffer.from('GIF87a'), 0x01, 0x02, 0x03, 0x04]))).toEqual({
      width: 513,
      height: 1027,
    })
  })

  it('swaps the sides of a JPEG whose EXIF turns it a quarter, as browsers show it', () => {
    const jpeg = fixture('40x30.jpg')
    for (const littleEndian of [true, false]) {
      for (const orientation of [5, 6, 7, 8]) {
        expect(imageDimensions(withSegmentAfterSoi(jpeg, exifSegment(orientation, littleEndian)))).toEqual({
          width: 30,
          height: 40,
        })
      }
      for (const orientation of [1, 2, 3, 4]) {
        expect(imageDimensions(withSegmentAfterSoi(jpeg, exifSegment(orientation, littleEndian)))).toEqual({
          width: 40,
          height: 30,
        })
      }
    }
  })

  it('reads progressive JPEGs and skips fill bytes before a marker', () => {
    const jpeg = fixture('40x30.jpg')
    const sof = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0)
    expect(sof).toBeGreaterThan(0)
    const progressive = Uint8Array.from(jpeg)
    progressive[sof + 1] = 0xc2
    expect(imageDimensions(progressive)).toEqual({ width: 40, height: 30 })
    const padded = Uint8Array.from([...jpeg.subarray(0, sof), 0xff, 0xff, ...jpeg.subarray(sof)])
    expect(imageDimensions(padded)).toEqual({ width: 40, height: 30 })
  })

  it('gives null for bytes cut short, other formats and nonsense', () => {
    for (const file of ['40x30.png', '40x30.jpg', '40x30.vp8.webp', '40x30.vp8l.webp', '40x30.vp8x.webp']) {
      const bytes = fixture(file)
      // Before the size fields, nothing can be known (the JPEG's frame header sits after its tables).
      expect(imageDimensions(bytes.subarray(0, 20)), file).toBeNull()
    }
    expect(imageDimensions(new Uint8Array())).toBeNull()
    expect(imageDimensions(Uint8Array.from(Buffer.from('<svg width="1" height="1"/>')))).toBeNull()
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull()
    // A PNG declaring a zero width.
    const png = Uint8Array.from(fixture('40x30.png'))
    png.set([0, 0, 0, 0], 16)
    expect(imageDimensions(png)).toBeNull()
    // A JPEG segment with an impossible length.
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0, 0]))).toBeNull()
  })

  it('gives null, not a wrong size, for a PNG or GIF cut off inside its height', () => {
    const png = Uint8Array.from(fixture('40x30.png'))
    png.set([0, 0, 0x02, 0x1c], 20)
    expect(imageDimensions(png)).toEqual({ width: 40, height: 540 })
    expect(imageDimensions(png.subarray(0, 23))).toBeNull()
    const gif = Uint8Array.from([...Buffer.from('GIF89a'), 0x28, 0x00, 0x1e, 0x00, 0x80, 0, 0])
    expect(imageDimensions(gif.subarray(0, 9))).toBeNull()
  })

  /** A JPEG with `segments` 64 KB comment segments before its frame header. */
  function jpegWithComments(segments: number) {
    const jpeg = fixture('40x30.jpg')
    const comment = new Uint8Array(0x10001).fill(0x20)
    comment.set([0xff, 0xfe, 0xff, 0xff])
    const big = new Uint8Array(jpeg.length + segments * comment.length)
    big.set(jpeg.subarray(0, 2))
    for (let i = 0; i < segments; i++) big.set(comment, 2 + i * comment.length)
    big.set(jpeg.subarray(2), 2 + segments * comment.length)
    return big
  }

  /**
   * One pass over the segments: ten times as many cost at most
   * MAX_GROWTH_FOR_TENFOLD_INPUT times the CPU time. The backstop is far above
   * the few milliseconds the 5 MB file takes on the CI machine.
   */
  it('reads a 5 MB JPEG in time that grows with its segments, no faster (one pass over them)', () => {
    const [fewer, more] = [8, 80].map(jpegWithComments)
    const small = cpuMs(() => imageDimensions(fewer))
    const large = cpuMs(() => imageDimensions(more))
    expect(small.value).toEqual({ width: 40, height: 30 })
    expect(large.value).toEqual({ width: 40, height: 30 })
    expect(growth(small, large), describeGrowth('80 segments', small, large)).toBeLessThan(MAX_GROWTH_FOR_TENFOLD_INPUT)
    expect(large.ms).toBeLessThan(500 * TIME_BUDGET_FACTOR)
  })
})

describe('svgDimensions', () => {
  it('reads the width and height of the root element', () => {
    expect(
      svgDimensions('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800">'),
    ).toEqual({
      width: 1200,
      height: 800,
    })
    expect(svgDimensions(`<?xml version="1.0"?>\n<svg width='64px' height='32px'></svg>`)).toEqual({
      width: 64,
      height: 32,
    })
  })

  it('falls back to the viewBox, scaled to a width or height given alone', () => {
    expect(svgDimensions('<svg viewBox="0 0 1600 900"><rect/></svg>')).toEqual({ width: 1600, height: 900 })
    expect(svgDimensions('<svg width="100%" height="100%" viewBox="0,0,300,150"/>')).toEqual({
      width: 300,
      height: 150,
    })
    expect(svgDimensions('<svg width="800" viewBox="0 0 1600 900"/>')).toEqual({ width: 800, height: 450 })
  })

  it('gives null when there is no size to know', () => {
    expect(svgDimensions('<svg><rect/></svg>')).toBeNull()
    expect(svgDimensions('<svg width="10em" height="2em"/>')).toBeNull()
    expect(svgDimensions('not an svg')).toBeNull()
  })

  it('reads the public images posts use', () => {
    const read = (path: string) => svgDimensions(readFileSync(join(__dirname, '../../public', path), 'utf8'))
    expect(read('images/gallery/shop-counter.svg')).toEqual({ width: 1200, height: 800 })
    expect(read('images/hero.svg')).toEqual({ width: 1600, height: 900 })
  })
})
