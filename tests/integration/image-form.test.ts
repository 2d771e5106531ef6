import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

import { parseFormWithImage } from '~/http/image-form.server'
import { parseId } from '~/http/records.server'
import { RECORD_LISTS } from '~/lib/record-lists'
import { getUploadMeta } from '~/models/uploads.server'
import { DEAL_FORM } from '~/schemas/deal'

import { PNG_1X1 } from '../support/png'
import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

const Schema = z.object({
  title: z.string({ error: 'Title is required' }).min(1, { error: 'Title is required' }),
  image_url: z.string().optional(),
})

const OPTIONS = { kind: 'deal', schema: Schema, fileField: 'image', urlField: 'image_url' } as const

function request(fields: Record<string, string>, file?: { bytes: Uint8Array | string; name: string }): Request {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append('image', new File([file.bytes as BlobPart], file.name, { type: 'image/png' }))
  return new Request('http://localhost/admin/deals/new', { method: 'POST', body: form })
}

const storedCount = () => t.sqlite.prepare('SELECT count(*) FROM uploads').pluck().get()

describe('a form with an image', () => {
  it('gives the values with the uploaded image’s address, and stores the image', async () => {
    const parsed = await parseFormWithImage(request({ title: 'Deal' }, { bytes: PNG_1X1, name: 'a.png' }), OPTIONS)
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.value.title).toBe('Deal')
    const url = parsed.value.image_url!
    expect(url).toMatch(/^\/uploads\/deals\/[0-9a-f-]{36}\.png$/)
    expect(await getUploadMeta('deals', url.split('/').pop()!)).toMatchObject({ content_type: 'image/png' })
  })

  it('keeps a typed address when no file is sent', async () => {
    const parsed = await parseFormWithImage(request({ title: 'Deal', image_url: 'https://cdn.example/a.png' }), OPTIONS)
    expect(parsed).toMatchObject({ ok: true, value: { title: 'Deal', image_url: 'https://cdn.example/a.png' } })
    expect(storedCount()).toBe(0)
  })

  it('refuses an invalid form with its first message, and stores nothing', async () => {
    const parsed = await parseFormWithImage(request({ title: '' }, { bytes: PNG_1X1, name: 'a.png' }), OPTIONS)
    expect(parsed).toMatchObject({ ok: false, message: 'Title is required', status: 400 })
    if (parsed.ok) return
    expect(parsed.result.error).toMatchObject({ title: ['Title is required'] })
    expect(storedCount()).toBe(0)
  })

  it('refuses a file that is not an image, the message on the address field', async () => {
    const parsed = await parseFormWithImage(request({ title: 'Deal' }, { bytes: 'plain text', name: 'a.png' }), OPTIONS)
    expect(parsed).toMatchObject({ ok: false, message: RECORD_LISTS.deal.uploadMessages.badType, status: 400 })
    if (parsed.ok) return
    expect(parsed.result.error).toMatchObject({ image_url: [RECORD_LISTS.deal.uploadMessages.badType] })
    expect(storedCount()).toBe(0)
  })

  it('refuses a picture over the size limit with 413, and stores nothing', async () => {
    const tooLarge = new Uint8Array(6 * 1024 * 1024)
    tooLarge.set(PNG_1X1)
    const parsed = await parseFormWithImage(request({ title: 'Deal' }, { bytes: tooLarge, name: 'a.png' }), OPTIONS)
    expect(parsed).toMatchObject({ ok: false, message: RECORD_LISTS.deal.uploadMessages.tooLarge, status: 413 })
    if (parsed.ok) return
    expect(parsed.result.error).toMatchObject({ image_url: [RECORD_LISTS.deal.uploadMessages.tooLarge] })
    expect(storedCount()).toBe(0)
  })

  it('says the upload failed when the image cannot be stored', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    t.sqlite.exec('DROP TABLE uploads')
    const parsed = await parseFormWithImage(request({ title: 'Deal' }, { bytes: PNG_1X1, name: 'a.png' }), OPTIONS)
    expect(parsed).toMatchObject({ ok: false, message: RECORD_LISTS.deal.uploadMessages.failed, status: 400 })
    if (parsed.ok) return
    expect(parsed.result.error).toMatchObject({ image_url: [RECORD_LISTS.deal.uploadMessages.failed] })
  })
})

describe('a record id in an address', () => {
  it('is a positive whole number', () => {
    expect(parseId('1')).toBe(1)
    expect(parseId('42')).toBe(42)
    expect(parseId('9007199254740991')).toBe(9007199254740991)
  })

  it('is nothing else (the page answers 404)', () => {
    for (const raw of [
      undefined,
      '',
      '0',
      '01',
      '-1',
      '1.5',
      '1e3',
      ' 1',
      '1 ',
      'abc',
      '9007199254740993',
      '12345678901234567',
    ]) {
      expect(parseId(raw), String(raw)).toBeNull()
    }
  })

  it('without JavaScript I attach a 7 MB phone photo to my deal: I am told it is too large, and everything I typed is still in the form', async () => {
    const photo = new Uint8Array(7 * 1024 * 1024)
    photo.set(PNG_1X1)
    const form = new FormData()
    // In the order the deal form sends them: the picture comes between the fields.
    form.append('title', 'Black Friday: 30% off flower')
    form.append('description', 'All day at both stores.')
    form.append(DEAL_FORM.fileField, new File([photo], 'IMG_2041.png', { type: 'image/png' }))
    form.append('start_date', '2026-11-27')
    form.append('end_date', '2026-11-28')
    form.append('is_active', 'on')
    form.append('sort_order', '3')
    const parsed = await parseFormWithImage(
      new Request('http://localhost/admin/deals/new', { method: 'POST', body: form }),
      DEAL_FORM,
    )
    expect(parsed).toMatchObject({ ok: false, message: 'Image must be less than 5MB', status: 413 })
    if (parsed.ok) return
    // What the page is drawn from after the refusal.
    expect(parsed.result.initialValue).toMatchObject({
      title: 'Black Friday: 30% off flower',
      description: 'All day at both stores.',
      start_date: '2026-11-27',
      end_date: '2026-11-28',
      is_active: 'on',
      sort_order: '3',
    })
    expect(storedCount()).toBe(0)
  })
})
