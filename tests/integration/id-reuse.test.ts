import { describe, expect, it } from 'vitest'

import { createBrand, deleteBrand, getBrand, updateBrand } from '~/models/brands.server'
import { createDealSlide, deleteDealSlide, getDealSlide, updateDealSlide } from '~/models/deals.server'
import { createPost, deletePost, getPostById, updatePost } from '~/models/posts.server'

import { useTestDatabase } from '../support/test-db'

useTestDatabase()

describe("a deleted record's id is never given to a new one", () => {
  it('so a form still open on a deleted deal cannot overwrite the next deal', async () => {
    const gone = await createDealSlide({ title: 'Gone soon' })
    await deleteDealSlide(gone)
    const next = await createDealSlide({ title: 'Brand new deal' })
    expect(next).not.toBe(gone)
    expect(await updateDealSlide(gone, { title: 'Stale edit' })).toBe(false)
    expect((await getDealSlide(next))?.title).toBe('Brand new deal')
  })

  it('holds for brands and posts too', async () => {
    const brand = await createBrand({ name: 'Old', logo_url: '/brands/old.svg' })
    await deleteBrand(brand)
    const newer = await createBrand({ name: 'New', logo_url: '/brands/new.svg' })
    expect(await updateBrand(brand, { name: 'Stale', logo_url: '/x.svg' })).toBe(false)
    expect((await getBrand(newer))?.name).toBe('New')

    const post = await createPost({ title: 'Old post', slug: 'old-post', content: 'x' })
    await deletePost(post)
    const newerPost = await createPost({ title: 'New post', slug: 'new-post', content: 'x' })
    expect(newerPost).not.toBe(post)
    expect(await updatePost(post, { title: 'Stale' })).toBe(false)
    expect((await getPostById(newerPost))?.title).toBe('New post')
  })
})
