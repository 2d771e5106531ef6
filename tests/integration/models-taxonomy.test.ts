import { describe, expect, it } from 'vitest'

import { createPost } from '~/models/posts.server'
import {
  findOrCreateCategory,
  findOrCreateTag,
  getCategoryBySlug,
  getTagBySlug,
  listCategories,
  listCategoriesOfPost,
  listTags,
  listTagsOfPost,
  setPostCategories,
  setPostTags,
} from '~/models/taxonomy.server'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

const names = (rows: { name: string }[]) => rows.map((r) => r.name)
const post = (slug: string) => createPost({ title: slug, slug, content: 'Body' })

// Categories and tags have the same shape and rules; run the same cases on both.
const kinds = [
  {
    kind: 'category',
    findOrCreate: findOrCreateCategory,
    getBySlug: getCategoryBySlug,
    list: listCategories,
    listOfPost: listCategoriesOfPost,
    setForPost: setPostCategories,
    join: 'post_categories',
  },
  {
    kind: 'tag',
    findOrCreate: findOrCreateTag,
    getBySlug: getTagBySlug,
    list: listTags,
    listOfPost: listTagsOfPost,
    setForPost: setPostTags,
    join: 'post_tags',
  },
] as const

describe.each(kinds)('$kind', ({ findOrCreate, getBySlug, list, listOfPost, setForPost, join }) => {
  it('is created from a name with the slug rule, and found again by slug', async () => {
    const created = await findOrCreate('  Health & Wellness ')
    expect(created).toEqual({ id: expect.any(Number), name: 'Health & Wellness', slug: 'health-wellness' })
    expect(await getBySlug('health-wellness')).toEqual(created)
    expect(await getBySlug('Health-Wellness')).toBeUndefined()
    expect(await getBySlug('missing')).toBeUndefined()
  })

  it('is found, not duplicated, when a name with the same slug comes again', async () => {
    const first = await findOrCreate('Patient Guides')
    const again = await findOrCreate('patient   guides!')
    expect(again).toEqual(first)
    expect(await list()).toHaveLength(1)
  })

  it('is not created from a name without letters or digits', async () => {
    expect(await findOrCreate('  --- !!! ')).toBeNull()
    expect(await findOrCreate('')).toBeNull()
    expect(await list()).toEqual([])
  })

  it('keeps at most 100 characters of a long name', async () => {
    const created = await findOrCreate('x'.repeat(150))
    expect(created?.name).toHaveLength(100)
  })

  it('lists by name', async () => {
    await findOrCreate('Wellness')
    await findOrCreate('Events')
    await findOrCreate('News')
    expect(names(await list())).toEqual(['Events', 'News', 'Wellness'])
  })

  it("sets a post's list, replacing the old one, ignoring duplicates and unknown ids", async () => {
    const a = await post('a')
    const b = await post('b')
    const x = (await findOrCreate('Xylophone'))!
    const y = (await findOrCreate('Yarrow'))!
    const z = (await findOrCreate('Zinnia'))!

    await setForPost(a, [z.id, x.id, x.id, 9999])
    expect(names(await listOfPost(a))).toEqual(['Xylophone', 'Zinnia'])

    await setForPost(a, [y.id])
    expect(names(await listOfPost(a))).toEqual(['Yarrow'])

    await setForPost(b, [x.id, y.id])
    expect(names(await listOfPost(b))).toEqual(['Xylophone', 'Yarrow'])
    expect(names(await listOfPost(a))).toEqual(['Yarrow'])

    await setForPost(a, [])
    expect(await listOfPost(a)).toEqual([])
    await setForPost(b, [9999])
    expect(await listOfPost(b)).toEqual([])
    expect(t.sqlite.prepare(`SELECT count(*) FROM ${join}`).pluck().get()).toBe(0)
  })

  it('lists nothing for a post without any', async () => {
    expect(await listOfPost(await post('lonely'))).toEqual([])
  })
})

describe('categories and tags', () => {
  it('are separate vocabularies: the same slug may be both', async () => {
    const category = await findOrCreateCategory('Events')
    const tag = await findOrCreateTag('Events')
    expect(category?.slug).toBe('events')
    expect(tag?.slug).toBe('events')
    expect(await listCategories()).toHaveLength(1)
    expect(await listTags()).toHaveLength(1)
  })
})
