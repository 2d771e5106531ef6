import { randomUUID } from 'node:crypto'

import { beforeEach, describe, expect, it, vi } from 'vitest'

import { isUploadBucket } from '~/lib/record-lists'
import { createDealSlide, deleteDealSlide } from '~/models/deals.server'
import { deleteImageIfUnreferenced } from '~/models/upload-files.server'
import { sweepUnusedUploads } from '~/models/upload-sweep.server'
import { getUploadMeta, insertUpload, isImageUrlReferenced } from '~/models/uploads.server'

import { useTestDatabase } from '../support/test-db'

/**
 * An uploaded image stays while anything shows it: a deal, a brand, a post's
 * hero or social image, a post's text, or the settings. Both ways of deleting
 * images (at once, with the deal, brand or post that used them, and the daily
 * sweep) keep every one of those.
 */

const t = useTestDatabase()
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {})
})

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

/** Stores an image two days old; returns its public URL. */
async function upload(bucket: 'deals' | 'blog-images'): Promise<string> {
  const fileName = `${randomUUID()}.png`
  await insertUpload({ bucket, file_name: fileName, content_type: 'image/png', data: PNG })
  t.sqlite
    .prepare('UPDATE uploads SET created_at = ? WHERE file_name = ?')
    .run(new Date(Date.now() - 48 * 3600_000).toISOString(), fileName)
  return `/uploads/${bucket}/${fileName}`
}

async function exists(url: string): Promise<boolean> {
  const [, , bucket, fileName] = url.split('/')
  return (await getUploadMeta(bucket, fileName)) !== undefined
}

function insertPost(slug: string, values: { hero?: string; og?: string; content?: string }) {
  t.sqlite
    .prepare('INSERT INTO posts (title, slug, status, hero_image_url, og_image_url, content) VALUES (?, ?, ?, ?, ?, ?)')
    .run(slug, slug, 'published', values.hero ?? null, values.og ?? null, values.content ?? '')
}

describe('an image used only as a post’s hero or social image', () => {
  it('survives the sweep', async () => {
    const hero = await upload('blog-images')
    const social = await upload('blog-images')
    const unused = await upload('blog-images')
    insertPost('hero-only', { hero })
    insertPost('social-only', { og: social })
    const swept = await sweepUnusedUploads()
    expect(swept.map((u) => `/uploads/${u.bucket}/${u.file_name}`)).toEqual([unused])
    expect(await exists(hero)).toBe(true)
    expect(await exists(social)).toBe(true)
  })

  it('is not deleted when a deal that also used it is deleted', async () => {
    for (const field of ['hero', 'og'] as const) {
      const url = await upload('deals')
      const deal = await createDealSlide({
        title: 'D',
        image_url: url,
        start_date: null,
        end_date: null,
        description: null,
      })
      insertPost(`post-${field}`, { [field]: url })
      await deleteDealSlide(deal)
      await deleteImageIfUnreferenced(url)
      expect(await exists(url), field).toBe(true)
    }
  })
})

describe('an image shown in a post’s text or named in the settings', () => {
  it('is not deleted when the deal it was uploaded for is deleted', async () => {
    const inText = await upload('deals')
    const inSettings = await upload('deals')
    const deals = []
    for (const url of [inText, inSettings]) {
      deals.push(
        await createDealSlide({ title: 'D', image_url: url, start_date: null, end_date: null, description: null }),
      )
    }
    insertPost('shows-the-deal', { content: `This month:\n\n![Deal](https://shop.example${inText})` })
    t.sqlite.prepare('INSERT INTO settings (id, data) VALUES (1, ?)').run(JSON.stringify({ note: inSettings }))

    // Deleting a deal deletes the image it leaves behind, unless something else still shows it.
    for (const deal of deals) await deleteDealSlide(deal)
    expect(await exists(inText)).toBe(true)
    expect(await exists(inSettings)).toBe(true)
    await deleteImageIfUnreferenced(inText)
    await deleteImageIfUnreferenced(inSettings)
    expect(await exists(inText)).toBe(true)
    expect(await exists(inSettings)).toBe(true)
    // The sweep agrees.
    expect(await sweepUnusedUploads()).toEqual([])
  })

  it('is deleted once nothing shows it', async () => {
    const url = await upload('deals')
    insertPost('mentions-another', { content: `![Other](/uploads/deals/${randomUUID()}.png)` })
    await deleteImageIfUnreferenced(url)
    expect(await exists(url)).toBe(false)
  })
})

describe('deleting an image that is no longer used', () => {
  it('never throws: a failure is logged and the image waits for the sweep', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const url = await upload('deals')
    t.sqlite.exec('DROP TABLE deals_slides')
    await expect(deleteImageIfUnreferenced(url)).resolves.toBeUndefined()
    expect(error).toHaveBeenCalledWith('Could not delete an unreferenced upload', expect.any(Error))
    expect(await exists(url)).toBe(true)
  })
})

describe('whether an address is still in use', () => {
  it('for another site’s image, is whether a deal, brand or post image names it exactly', async () => {
    const address = 'https://cdn.example/deal.png'
    insertPost('mentions-it', { content: `![x](${address})` })
    expect(await isImageUrlReferenced(address)).toBe(false)
    await createDealSlide({ title: 'D', image_url: address, start_date: null, end_date: null, description: null })
    expect(await isImageUrlReferenced(address)).toBe(true)
  })
})

describe('the upload buckets', () => {
  it('are deals, blog images and brands, by their exact names', () => {
    for (const bucket of ['deals', 'blog-images', 'brands']) expect(isUploadBucket(bucket), bucket).toBe(true)
    for (const other of ['Deals', 'posts', '', 'deals/..', 5, null, undefined])
      expect(isUploadBucket(other), String(other)).toBe(false)
  })
})
