import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { DEAL_UPLOAD_MESSAGES, readFormWithImage, UPLOAD_MAX_BODY_BYTES, UPLOAD_MAX_BYTES } from '~/lib/uploads.server'

import { createTestDatabase } from '../support/test-db'

let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ cleanup } = await createTestDatabase())
})
afterEach(async () => cleanup())

const DEAL = { bucket: 'deals' as const, fileField: 'image', messages: DEAL_UPLOAD_MESSAGES }
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A PNG-signed file of exactly `size` bytes, sent as a multipart form. */
function formWithImage(size: number): Request {
  const bytes = new Uint8Array(size)
  bytes.set(PNG_SIGNATURE)
  const form = new FormData()
  form.append('title', 'Big deal')
  form.append('image', new File([bytes], 'big.png', { type: 'image/png' }))
  return new Request('http://localhost/admin/deals/new', { method: 'POST', body: form })
}

describe('the size limit of an uploaded image', () => {
  it('is 5 MB, with 1 MB more for the other fields of the form', () => {
    expect(UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024)
    expect(UPLOAD_MAX_BODY_BYTES).toBe(6 * 1024 * 1024)
  })

  it('takes an image of exactly 5 MB', async () => {
    const result = await readFormWithImage(formWithImage(UPLOAD_MAX_BYTES), DEAL)
    expect(result.error).toBeNull()
    expect(result.image?.bytes.length).toBe(UPLOAD_MAX_BYTES)
    expect(result.image?.contentType).toBe('image/png')
    expect(result.formData.get('title')).toBe('Big deal')
  })

  it('refuses an image one byte larger, with the bucket’s message', async () => {
    const result = await readFormWithImage(formWithImage(UPLOAD_MAX_BYTES + 1), DEAL)
    expect(result).toMatchObject({ image: null, error: 'Image must be less than 5MB' })
  })

  it('reads a body that announces exactly the largest size allowed', async () => {
    const form = new URLSearchParams({ title: 'Small' })
    const request = new Request('http://localhost/admin/deals/new', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(UPLOAD_MAX_BODY_BYTES),
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
