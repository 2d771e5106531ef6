import zlib from 'node:zlib'

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { RECORD_LISTS } from '~/lib/record-lists'
import {
  readFormWithImage,
  UPLOAD_MAX_BODY_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_READ_MAX_BYTES,
} from '~/models/upload-files.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

const DEAL = { bucket: 'deals' as const, fileField: 'image', messages: RECORD_LISTS.deal.uploadMessages }
/**
 * A real PNG (a small picture a decoder can read, since images are re-encoded)
 * of exactly `size` bytes: the picture, padded by a private chunk that
 * decoders skip, placed before its closing chunk.
 */
async function pngOfSize(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer()
  const end = picture.length - 12 // the IEND chunk: length, type, no data, CRC
  const padding = size - picture.length - 12
  const type = Buffer.from('prVt')
  const data = Buffer.alloc(padding)
  const length = Buffer.alloc(4)
  length.writeUInt32BE(padding)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])))
  return new Uint8Array(Buffer.concat([picture.subarray(0, end), length, type, data, crc, picture.subarray(end)]))
}

/** A PNG of exactly `size` bytes, sent as a multipart form. */
async function formWithImage(size: number): Promise<Request> {
  const form = new FormData()
  form.append('title', 'Big deal')
  form.append('image', new File([await pngOfSize(size)], 'big.png', { type: 'image/png' }))
  return new Request('http://localhost/admin/deals/new', { method: 'POST', body: form })
}

describe('the size limit of an uploaded image', () => {
  it('is 5 MB, with 1 MB more for the other fields of the form; twice that is read before a body is cut off', () => {
    expect(UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024)
    expect(UPLOAD_MAX_BODY_BYTES).toBe(6 * 1024 * 1024)
    expect(UPLOAD_READ_MAX_BYTES).toBe(12 * 1024 * 1024)
  })

  it('takes an image of exactly 5 MB', async () => {
    const result = await readFormWithImage(await formWithImage(UPLOAD_MAX_BYTES), DEAL)
    expect(result.error).toBeNull()
    // Stored re-encoded, without the padding.
    expect(result.image?.bytes.length).toBeGreaterThan(0)
    expect(result.image?.bytes.length).toBeLessThan(UPLOAD_MAX_BYTES)
    expect(result.image?.contentType).toBe('image/png')
    expect(result.formData.get('title')).toBe('Big deal')
  })

  it('refuses an image one byte larger, with the bucket’s message, and keeps the typed fields', async () => {
    const result = await readFormWithImage(await formWithImage(UPLOAD_MAX_BYTES + 1), DEAL)
    expect(result).toMatchObject({ image: null, error: 'Image must be less than 5MB' })
    expect(result.formData.get('title')).toBe('Big deal')
  })

  it('reads a body that announces exactly the most a form with a picture may send', async () => {
    const form = new URLSearchParams({ title: 'Small' })
    const request = new Request('http://localhost/admin/deals/new', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(UPLOAD_READ_MAX_BYTES),
      },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(form.toString()))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    const result = await readFormWithImage(request, DEAL)
    expect(result.error).toBeNull()
    expect(result.formData.get('title')).toBe('Small')
  })
})

describe('the fields of a form with an image', () => {
  it('take the picture only from the form’s image field; a file sent under another name is ignored', async () => {
    const form = new FormData()
    form.append('title', 'Weekend deal')
    form.append('attachment', new File([await pngOfSize(4096)], 'other.png', { type: 'image/png' }))
    const result = await readFormWithImage(
      new Request('http://localhost/admin/deals/new', { method: 'POST', body: form }),
      DEAL,
    )
    expect(result.error).toBeNull()
    expect(result.image).toBeNull()
    expect(result.formData.get('title')).toBe('Weekend deal')
  })

  it('read a form whose content type is written in capitals (with its boundary) like any other: the picture is checked and kept', async () => {
    const request = await formWithImage(4096)
    const body = await request.arrayBuffer()
    const type = request.headers.get('Content-Type')!.replace('multipart/form-data', 'Multipart/Form-Data ')
    const result = await readFormWithImage(
      new Request(request.url, { method: 'POST', body, headers: { 'Content-Type': type } }),
      DEAL,
    )
    expect(result.error).toBeNull()
    expect(result.image?.url).toMatch(/^\/uploads\/deals\/[0-9a-f-]{36}\.png$/)
    expect(result.formData.get('title')).toBe('Big deal')
    // The file went through the image checks, not into the form's fields.
    expect(result.formData.get('image')).toBeNull()
  })
})
