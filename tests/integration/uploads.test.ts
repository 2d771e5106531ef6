import { describe, expect, it } from 'vitest'

import { detectImageType } from '~/lib/image-type'
import { RECORD_LISTS } from '~/lib/record-lists'
import { createBrand } from '~/models/brands.server'
import { createDealSlide } from '~/models/deals.server'
import {
  deleteImageIfUnreferenced,
  readFormWithImage,
  storeImage,
  UPLOAD_READ_MAX_BYTES,
} from '~/models/upload-files.server'
import { getUpload, getUploadMeta } from '~/models/uploads.server'

import { PNG_1X1 } from '../support/png'
import { useTestDatabase } from '../support/test-db'

useTestDatabase()

function formRequest(form: FormData): Request {
  return new Request('http://localhost/admin/deals/new', { method: 'POST', body: form })
}

function withFile(bytes: Uint8Array | string, name: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('image', new File([bytes as BlobPart], name, { type }))
  return form
}

const DEAL = { bucket: 'deals' as const, fileField: 'image', messages: RECORD_LISTS.deal.uploadMessages }

describe('detectImageType', () => {
  it('knows the four image signatures and nothing else', () => {
    expect(detectImageType(PNG_1X1)?.contentType).toBe('image/png')
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.extension).toBe('jpg')
    expect(detectImageType(new TextEncoder().encode('GIF89a......'))?.contentType).toBe('image/gif')
    expect(detectImageType(new TextEncoder().encode('GIF87a......'))?.contentType).toBe('image/gif')
    expect(detectImageType(new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 '))?.contentType).toBe('image/webp')
    expect(detectImageType(new TextEncoder().encode('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull()
    expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(detectImageType(new Uint8Array([0x89, 0x50]))).toBeNull()
  })
})

describe('readFormWithImage', () => {
  it('reads a real PNG named .jpg as image/png under a UUID .png name, and stores it only when asked', async () => {
    const result = await readFormWithImage(
      formRequest(withFile(PNG_1X1, 'photo.jpg', 'image/jpeg', { title: 'Friday flower' })),
      DEAL,
    )
    expect(result.error).toBeNull()
    expect(result.image?.url).toMatch(
      /^\/uploads\/deals\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/,
    )
    expect(result.formData.get('title')).toBe('Friday flower')
    expect(result.formData.get('image')).toBeNull()
    const fileName = result.image!.url.split('/').pop()!
    expect(await getUploadMeta('deals', fileName)).toBeUndefined()

    expect(await storeImage(result.image!)).toBe(true)
    const stored = await getUpload('deals', fileName)
    expect(stored?.content_type).toBe('image/png')
    // Decoded and encoded again (no metadata): still a 1×1 PNG.
    expect(stored?.size).toBe(stored!.data.length)
    expect(detectImageType(stored!.data)?.contentType).toBe('image/png')
    expect([stored?.width, stored?.height]).toEqual([1, 1])
  })

  it('refuses a text file named .png with the bucket message and keeps the fields', async () => {
    const form = withFile('just some notes, not a picture', 'notes.png', 'image/png', { title: 'Kept' })
    const deal = await readFormWithImage(formRequest(form), DEAL)
    expect(deal).toMatchObject({ image: null, error: 'Only JPEG, PNG, WebP, and GIF images are allowed' })
    expect(deal.formData.get('title')).toBe('Kept')

    const post = await readFormWithImage(formRequest(withFile('<svg/>', 'x.png', 'image/png')), {
      bucket: 'blog-images',
      fileField: 'image',
      messages: RECORD_LISTS.post.uploadMessages,
    })
    expect(post.error).toBe('Invalid file type')
  })

  it('treats an empty file input as no image', async () => {
    const result = await readFormWithImage(
      formRequest(withFile(new Uint8Array(0), '', 'application/octet-stream', { title: 'T' })),
      DEAL,
    )
    expect(result).toMatchObject({ image: null, error: null })
    expect(result.formData.get('title')).toBe('T')
  })

  it('reads urlencoded forms too', async () => {
    const request = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Prairie+Gold&sort_order=2',
    })
    const result = await readFormWithImage(request, {
      bucket: 'brands',
      fileField: 'logo',
      messages: RECORD_LISTS.brand.uploadMessages,
    })
    expect(result.error).toBeNull()
    expect(result.formData.get('name')).toBe('Prairie Gold')
  })

  /** A deal form whose picture streams in 64 KB pieces, `total` bytes of it, with a field after it; counts what was pulled. */
  function streamingDealForm(total: number) {
    const boundary = 'test-boundary-big'
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    )
    const tail = new TextEncoder().encode(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="end_date"\r\n\r\n2026-12-31\r\n--${boundary}--\r\n`,
    )
    const chunkSize = 64 * 1024
    const pulled = { fileBytes: 0, closed: false, chunkSize }
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(head)
          const signature = new Uint8Array(chunkSize)
          signature.set(PNG_1X1.subarray(0, 8))
          controller.enqueue(signature)
          pulled.fileBytes = chunkSize
        },
        pull(controller) {
          if (pulled.fileBytes >= total) {
            controller.enqueue(tail)
            controller.close()
            pulled.closed = true
            return
          }
          controller.enqueue(new Uint8Array(chunkSize))
          pulled.fileBytes += chunkSize
        },
      },
      { highWaterMark: 0 },
    )
    const request = new Request('http://localhost/admin/deals/new', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit)
    return { request, pulled }
  }

  it('refuses a 7 MB phone photo with the deal message, and keeps the fields typed before and after it', async () => {
    const { request, pulled } = streamingDealForm(7 * 1024 * 1024)
    const result = await readFormWithImage(request, DEAL)
    expect(result).toMatchObject({ image: null, error: 'Image must be less than 5MB' })
    expect(result.formData.get('title')).toBe('Big')
    expect(result.formData.get('end_date')).toBe('2026-12-31')
    expect(pulled.closed).toBe(true)
  })

  it('stops reading a body past what a form with a picture may take, long before it is all read', async () => {
    const total = 50 * 1024 * 1024
    const { request, pulled } = streamingDealForm(total)
    const result = await readFormWithImage(request, DEAL)
    expect(result).toMatchObject({ image: null, error: 'Image must be less than 5MB' })
    expect(pulled.closed).toBe(false)
    expect(pulled.fileBytes).toBeLessThanOrEqual(UPLOAD_READ_MAX_BYTES + 4 * pulled.chunkSize)
  })

  it('refuses a body whose declared length is too large without reading it', async () => {
    let pulled = 0
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1
          controller.enqueue(new Uint8Array(1024))
        },
      },
      { highWaterMark: 0 },
    )
    const request = new Request('http://localhost/x', {
      method: 'POST',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(UPLOAD_READ_MAX_BYTES + 1),
      },
      body,
      duplex: 'half',
    } as RequestInit)
    const result = await readFormWithImage(request, {
      bucket: 'blog-images',
      fileField: 'image',
      messages: RECORD_LISTS.post.uploadMessages,
    })
    expect(result.error).toBe('File too large')
    expect(pulled).toBe(0)
  })

  it('answers malformed bodies with an error instead of throwing', async () => {
    const post = (contentType: string, body: string) =>
      new Request('http://localhost/x', { method: 'POST', headers: { 'Content-Type': contentType }, body })
    const cases: Request[] = [
      post('multipart/form-data; boundary=abc', 'this is not multipart at all'),
      post('multipart/form-data', '--abc\r\n'),
      post(
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated',
      ),
      post('application/json', '{}'),
      new Request('http://localhost/x', { method: 'POST' }),
    ]
    for (const request of cases) {
      const result = await readFormWithImage(request, DEAL)
      expect(result).toMatchObject({ image: null, error: 'Failed to upload image' })
    }
  })

  it('refuses a second file', async () => {
    const form = withFile(PNG_1X1, 'a.png', 'image/png')
    form.append('other', new File([PNG_1X1], 'b.png', { type: 'image/png' }))
    const result = await readFormWithImage(formRequest(form), DEAL)
    expect(result.error).toBe('Failed to upload image')
  })
})

describe('deleteImageIfUnreferenced', () => {
  async function upload(bucket: 'deals' | 'brands') {
    const result = await readFormWithImage(formRequest(withFile(PNG_1X1, 'a.png', 'image/png')), {
      bucket,
      fileField: 'image',
      messages: RECORD_LISTS.deal.uploadMessages,
    })
    await storeImage(result.image!)
    return result.image!.url
  }
  const fileOf = (url: string) => url.split('/').pop()!

  it('keeps an image that a deal or a brand still uses and deletes it once nothing does', async () => {
    const url = await upload('deals')
    await createDealSlide({ title: 'Uses it', image_url: url, start_date: null, end_date: null, description: null })
    await deleteImageIfUnreferenced(url)
    expect(await getUploadMeta('deals', fileOf(url))).toBeDefined()

    const logo = await upload('brands')
    await createBrand({ name: 'Prairie Gold', logo_url: logo, site_url: null })
    await deleteImageIfUnreferenced(logo)
    expect(await getUploadMeta('brands', fileOf(logo))).toBeDefined()

    const orphan = await upload('deals')
    await deleteImageIfUnreferenced(orphan)
    expect(await getUploadMeta('deals', fileOf(orphan))).toBeUndefined()
  })

  it('ignores URLs that are not our uploads', async () => {
    await expect(deleteImageIfUnreferenced('/images/deals/october.svg')).resolves.toBeUndefined()
    await expect(deleteImageIfUnreferenced('/uploads/deals/../../etc/passwd')).resolves.toBeUndefined()
    await expect(deleteImageIfUnreferenced(null)).resolves.toBeUndefined()
  })
})
