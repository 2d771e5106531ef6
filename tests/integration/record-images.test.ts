import { describe, expect, it } from 'vitest'

import { createBrand, deleteBrand, updateBrand } from '~/models/brands.server'
import { createDealSlide, deleteDealSlide, updateDealSlide } from '~/models/deals.server'
import { savePostFromEditor } from '~/models/post-editor.server'
import { createPost, deletePost } from '~/models/posts.server'
import { PostSchema } from '~/schemas/post'

import { useTestDatabase } from '../support/test-db'
import { isStored, storeUpload } from '../support/uploads'

/** Whoever deletes or changes a record through its model also deletes the image it no longer uses. */

useTestDatabase()

describe('images go with the record that used them', () => {
  it('a brand: the old logo goes when it is replaced, the new one when the brand is deleted', async () => {
    const first = await storeUpload('brands')
    const second = await storeUpload('brands')
    const id = await createBrand({ name: 'Prairie Gold', logo_url: first })
    await updateBrand(id, { name: 'Prairie Gold', logo_url: second })
    expect(await isStored(first)).toBe(false)
    expect(await isStored(second)).toBe(true)
    await deleteBrand(id)
    expect(await isStored(second)).toBe(false)
  })

  it('a deal: same, and an image another record still uses stays', async () => {
    const shared = await storeUpload('deals')
    const own = await storeUpload('deals')
    const keeper = await createDealSlide({ title: 'Keeps the image', image_url: shared })
    const id = await createDealSlide({ title: 'Friday flower', image_url: shared })
    await updateDealSlide(id, { title: 'Friday flower', image_url: own })
    expect(await isStored(shared)).toBe(true)
    await deleteDealSlide(id)
    expect(await isStored(own)).toBe(false)
    await deleteDealSlide(keeper)
    expect(await isStored(shared)).toBe(false)
  })

  it('a post: a replaced featured image stays while a kept version shows it; every image goes on delete', async () => {
    const hero = await storeUpload('blog-images')
    const social = await storeUpload('blog-images')
    const next = await storeUpload('blog-images')
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
    expect(await isStored(hero)).toBe(true)
    expect(await isStored(social)).toBe(true)
    await deletePost(id)
    expect(await isStored(hero)).toBe(false)
    expect(await isStored(next)).toBe(false)
    expect(await isStored(social)).toBe(false)
  })
})
