import { describe, expect, it } from 'vitest'

import { publishedAtFor, savePostFromEditor, SLUG_TAKEN_MESSAGE } from '~/models/post-editor.server'
import { getPostById } from '~/models/posts.server'
import { listCategories, listCategoriesOfPost, listTags, listTagsOfPost } from '~/models/taxonomy.server'

import { postFormValues } from '../support/post-form'
import { useTestDatabase } from '../support/test-db'

useTestDatabase()

const NOW = new Date('2026-07-04T17:30:00.000Z')

describe('publishedAtFor', () => {
  it('stores nothing for drafts, even with a date', () => {
    expect(publishedAtFor('draft', '2026-07-04T09:00', NOW)).toBeNull()
  })
  it('defaults to now for published and scheduled posts', () => {
    expect(publishedAtFor('published', undefined, NOW)).toBe(NOW.toISOString())
    expect(publishedAtFor('scheduled', undefined, NOW)).toBe(NOW.toISOString())
  })
  it('reads the editor value as Norman wall-clock time', () => {
    // July: Central Daylight Time, UTC-5.
    expect(publishedAtFor('scheduled', '2026-07-10T09:00', NOW)).toBe('2026-07-10T14:00:00.000Z')
    // January: Central Standard Time, UTC-6.
    expect(publishedAtFor('published', '2026-01-10T09:00', NOW)).toBe('2026-01-10T15:00:00.000Z')
  })
})

describe('savePostFromEditor', () => {
  it('creates a post with the slug from the title, default author, read minutes and published_at now', async () => {
    const result = await savePostFromEditor({
      values: postFormValues({ title: 'Fall Harvest: What’s New!', status: 'published', content: 'word '.repeat(450) }),
      brandName: 'Lindsey Street Cannabis Co.',
      now: NOW,
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.created).toBe(true)
    const post = await getPostById(result.id)
    expect(post).toMatchObject({
      slug: 'fall-harvest-what-s-new',
      author: 'Lindsey Street Cannabis Co. Team',
      status: 'published',
      published_at: NOW.toISOString(),
      read_minutes: 3,
      excerpt: null,
      meta_title: null,
    })
  })

  it('clears published_at when a post goes back to draft and keeps updated_at moving', async () => {
    const created = await savePostFromEditor({
      values: postFormValues({ title: 'Toggle', status: 'published', published_at: '2026-07-01T08:00' }),
      brandName: 'B',
      now: NOW,
    })
    if (!created.ok) throw new Error('not saved')
    const before = await getPostById(created.id)
    expect(before?.published_at).toBe('2026-07-01T13:00:00.000Z')
    await new Promise((resolve) => setTimeout(resolve, 5))
    const updated = await savePostFromEditor({
      id: created.id,
      values: postFormValues({ title: 'Toggle', slug: 'toggle', status: 'draft', published_at: '2026-07-01T08:00' }),
      brandName: 'B',
    })
    expect(updated.ok && updated.created).toBe(false)
    const after = await getPostById(created.id)
    expect(after?.published_at).toBeNull()
    expect(after!.updated_at > before!.updated_at).toBe(true)
    expect(after?.created_at).toBe(before?.created_at)
  })

  it('refuses a slug another post uses, but lets a post keep its own', async () => {
    const first = await savePostFromEditor({ values: postFormValues({ title: 'Same Name' }), brandName: 'B' })
    if (!first.ok) throw new Error('not saved')
    const clash = await savePostFromEditor({ values: postFormValues({ title: 'Same name!' }), brandName: 'B' })
    expect(clash).toEqual({ ok: false, fieldErrors: { slug: [SLUG_TAKEN_MESSAGE] } })
    const explicit = await savePostFromEditor({
      values: postFormValues({ title: 'Other', slug: 'same-name' }),
      brandName: 'B',
    })
    expect(explicit.ok).toBe(false)
    const own = await savePostFromEditor({
      id: first.id,
      values: postFormValues({ title: 'Same Name', slug: 'same-name' }),
      brandName: 'B',
    })
    expect(own.ok).toBe(true)
  })

  it('refuses a title without letters or digits when no slug is given', async () => {
    const result = await savePostFromEditor({ values: postFormValues({ title: '!!!' }), brandName: 'B' })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.fieldErrors.slug).toHaveLength(1)
  })

  it('reports an unknown post id as not found', async () => {
    const result = await savePostFromEditor({ id: 999, values: postFormValues({ title: 'Ghost' }), brandName: 'B' })
    expect(result).toMatchObject({ ok: false, notFound: true })
  })

  it('creates new categories and tags by name and links existing ones', async () => {
    const first = await savePostFromEditor({
      values: postFormValues({ title: 'One', new_categories: 'Product News, Wellness', new_tags: 'Edibles' }),
      brandName: 'B',
    })
    if (!first.ok) throw new Error('not saved')
    const categories = await listCategories()
    expect(categories.map((c) => [c.name, c.slug])).toEqual([
      ['Product News', 'product-news'],
      ['Wellness', 'wellness'],
    ])
    const wellness = categories.find((c) => c.slug === 'wellness')!
    const edibles = (await listTags())[0]

    const second = await savePostFromEditor({
      values: postFormValues({
        title: 'Two',
        category_ids: [String(wellness.id)],
        new_categories: 'product news',
        tag_ids: [String(edibles.id), '9999'],
        new_tags: 'Edibles, Local Growers',
      }),
      brandName: 'B',
    })
    if (!second.ok) throw new Error('not saved')
    // "product news" is the existing Product News (same slug): no duplicate is made.
    expect(await listCategories()).toHaveLength(2)
    expect((await listCategoriesOfPost(second.id)).map((c) => c.name)).toEqual(['Product News', 'Wellness'])
    expect((await listTagsOfPost(second.id)).map((t) => t.name)).toEqual(['Edibles', 'Local Growers'])

    // Unticking everything removes the links, not the categories.
    await savePostFromEditor({ id: second.id, values: postFormValues({ title: 'Two', slug: 'two' }), brandName: 'B' })
    expect(await listCategoriesOfPost(second.id)).toEqual([])
    expect(await listTagsOfPost(second.id)).toEqual([])
    expect(await listCategories()).toHaveLength(2)
  })
})
