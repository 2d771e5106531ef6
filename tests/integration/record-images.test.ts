import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { createBrand, deleteBrand, updateBrand } from '~/models/brands.server'
import { createDealSlide, deleteDealSlide, updateDealSlide } from '~/models/deals.server'
import { savePostFromEditor } from '~/models/post-editor.server'
import { createPost, deletePost } from '~/models/posts.server'
import { getUploadMeta, insertUpload, type UploadBucketName } from '~/models/uploads.server'
import { PostSchema } from '~/schemas/post'

import { createTestDatabase } from '../support/test-db'

/** Whoever deletes or changes a record through its model also deletes the image it no longer uses. */

let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ cleanup } = await createTestDatabase())
})
afterEach(async () => cleanup())

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
let counter = 0
async function upload(bucket: UploadBucketName): Promise<string> {
  const file_name = `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}.png`
  await insertUpload({ bucket, file_name, content_type: 'image/png', data: PNG_1X1 })
  return `/uploads/${bucket}/${file_name}`
}
const stored = async (url: string) => {
  const [, , bucket, file] = url.split('/')
  return (await getUploadMeta(bucket!, file!)) !== undefined
}

describe('images go with the record that used them', () => {
  it('a brand: the old logo goes when it is replaced, the new one when the brand is deleted', async () => {
    const first = await upload('brands')
    const second = await upload('brands')
    const id = await createBrand({ name: 'Prairie Gold', logo_url: first })
    await updateBrand(id, { name: 'Prairie Gold', logo_url: second })
    expect(await stored(first)).toBe(false)
    expect(await stored(second)).toBe(true)
    await deleteBrand(id)
    expect(await stored(second)).toBe(false)
  })

  it('a deal: same, and an image another record still uses stays', async () => {
    const shared = await upload('deals')
    const own = await upload('deals')
    const keeper = await createDealSlide({ title: 'Keeps the image', image_url: shared })
    const id = await createDealSlide({ title: 'Friday flower', image_url: shared })
    await updateDealSlide(id, { title: 'Friday flower', image_url: own })
    expect(await stored(shared)).toBe(true)
    await deleteDealSlide(id)
    expect(await stored(own)).toBe(false)
    await deleteDealSlide(keeper)
    expect(await stored(shared)).toBe(false)
  })

  it('a post: a replaced featured image stays while a kept version shows it; every image goes on delete', async () => {
    const hero = await upload('blog-images')
    const social = await upload('blog-images')
    const next = await upload('blog-images')
    const id = await createPost({
      title: 'Hello',
      slug: 'hello',
      content: 'x',
      hero_image_url: hero,
      og_image_url: social,
    })
    const values = PostSchema.parse({
      title: 'Hello',
      slug: 'hello',
      content: 'x',
      status: 'draft',
      hero_image_url: next,
      og_image_url: social,
    })
    expect(await savePostFromEditor({ id, values, brandName: 'Lindsey Street' })).toMatchObject({ ok: true })
    // The version before this save still shows the first image: History can bring it back.
    expect(await stored(hero)).toBe(true)
    expect(await stored(social)).toBe(true)
    await deletePost(id)
    expect(await stored(hero)).toBe(false)
    expect(await stored(next)).toBe(false)
    expect(await stored(social)).toBe(false)
  })
})
