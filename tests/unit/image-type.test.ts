import { describe, expect, it } from 'vitest'

import { contentTypeForFileName, detectImageType, IMAGE_SNIFF_BYTES } from '~/lib/image-type'

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part)))

describe('the type of an uploaded file, from its first bytes', () => {
  it('is read from the first twelve bytes', () => {
    expect(IMAGE_SNIFF_BYTES).toBe(12)
  })

  it('knows JPEG, PNG, both GIF versions and WebP', () => {
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ contentType: 'image/jpeg', extension: 'jpg' })
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({
      contentType: 'image/png',
      extension: 'png',
    })
    expect(detectImageType(bytes('GIF87a'))).toEqual({ contentType: 'image/gif', extension: 'gif' })
    expect(detectImageType(bytes('GIF89a'))).toEqual({ contentType: 'image/gif', extension: 'gif' })
    expect(detectImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBP'))).toEqual({
      contentType: 'image/webp',
      extension: 'webp',
    })
  })

  it('is no WebP without the RIFF header, or a RIFF file that is not WebP (a WAV sound)', () => {
    expect(detectImageType(bytes('XXXX', [0x24, 0, 0, 0], 'WEBP'))).toBeNull()
    expect(detectImageType(bytes('RIFX', [0x24, 0, 0, 0], 'WEBP'))).toBeNull()
    expect(detectImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVE'))).toBeNull()
    expect(detectImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEB'))).toBeNull()
  })

  it('is nothing for signatures cut short, one byte off, or other files', () => {
    expect(detectImageType(bytes([0xff, 0xd8]))).toBeNull()
    expect(detectImageType(bytes([0xff, 0xd8, 0xfe]))).toBeNull()
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull()
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]))).toBeNull()
    expect(detectImageType(bytes('GIF88a'))).toBeNull()
    expect(detectImageType(bytes('GIF8'))).toBeNull()
    expect(detectImageType(bytes('%PDF-1.7'))).toBeNull()
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull()
    expect(detectImageType(new Uint8Array())).toBeNull()
  })
})

describe('the type of a stored upload, from its name', () => {
  it('follows the extension of a {uuid}.{ext} name', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e'
    expect(contentTypeForFileName(`${uuid}.jpg`)).toBe('image/jpeg')
    expect(contentTypeForFileName(`${uuid}.png`)).toBe('image/png')
    expect(contentTypeForFileName(`${uuid}.webp`)).toBe('image/webp')
    expect(contentTypeForFileName(`${uuid}.gif`)).toBe('image/gif')
  })

  it('is nothing for any other name', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e'
    expect(contentTypeForFileName(`${uuid}.svg`)).toBeNull()
    expect(contentTypeForFileName(`${uuid}.jpeg`)).toBeNull()
    expect(contentTypeForFileName(`${uuid}.png.html`)).toBeNull()
    expect(contentTypeForFileName(`x${uuid}.png`)).toBeNull()
    expect(contentTypeForFileName('logo.png')).toBeNull()
    expect(contentTypeForFileName(`../${uuid}.png`)).toBeNull()
  })
})
