import { describe, expect, it } from 'vitest'

import { savePostFromEditor, SLUG_TAKEN_MESSAGE } from '~/models/post-editor.server'
import { getPostById } from '~/models/posts.server'
import { findOrCreateCategory, findOrCreateTag, listCategoriesOfPost, listTagsOfPost } from '~/models/taxonomy.server'

import { postFormValues } from '../support/post-form'
import { useTestDatabase } from '../support/test-db'

/**
 * What staff type into the post editor is what the post keeps: every optional
 * field is stored as typed and read back, and only an empty field falls back
 * (to nothing, or to the brand's team as author).
 */

const database = useTestDatabase()

async function save(fields: Record<string, string | string[]>, id?: number) {
  const result = await savePostFromEditor({ id, values: postFormValues(fields), brandName: 'Green Leaf' })
  if (!result.ok) throw new Error(`not saved: ${JSON.stringify(result)}`)
  return (await getPostById(result.id))!
}

const FILLED = {
  title: 'Terpenes 101',
  slug: 'terpenes-101',
  excerpt: 'What limonene and myrcene do.',
  content: 'Body text.',
  hero_image_url: '/uploads/blog-images/0f8fad5b-d9cb-469f-a165-70867728950e.png',
  og_image_url: 'https://cdn.example/terpenes-card.png',
  meta_title: 'Terpenes explained',
  meta_description: 'A short guide to the terpenes in our flower.',
  author: 'Sam Budtender',
  status: 'published',
}

describe('the post editor stores every field it is given', () => {
  it('keeps the excerpt, both images, the meta title and description and the author as typed', async () => {
    const post = await save(FILLED)
    expect(post).toMatchObject(FILLED)
  })

  it('stores nothing for optional fields left empty, and the brand’s team as author', async () => {
    const created = await save(FILLED)
    const cleared = await save(
      {
        ...FILLED,
        excerpt: '',
        hero_image_url: '',
        og_image_url: '',
        meta_title: '',
        meta_description: '',
        author: '',
      },
      created.id,
    )
    expect(cleared).toMatchObject({
      excerpt: null,
      hero_image_url: null,
      og_image_url: null,
      meta_title: null,
      meta_description: null,
      author: 'Green Leaf Team',
    })
  })

  it('stores a post without content as empty text', async () => {
    const post = await save({ title: 'Only a title' })
    expect(post.content).toBe('')
    expect(post.slug).toBe('only-a-title')
    expect(post.status).toBe('draft')
  })

  it('keeps the categories and tags chosen from the lists, with none typed as new', async () => {
    const wellness = (await findOrCreateCategory('Wellness'))!
    const news = (await findOrCreateCategory('News'))!
    const edibles = (await findOrCreateTag('Edibles'))!
    const post = await save({
      title: 'Chosen',
      category_ids: [String(wellness.id), String(news.id)],
      tag_ids: [String(edibles.id)],
    })
    expect((await listCategoriesOfPost(post.id)).map((c) => c.name).sort()).toEqual(['News', 'Wellness'])
    expect((await listTagsOfPost(post.id)).map((t) => t.name)).toEqual(['Edibles'])
  })

  it('drops categories and tags that are no longer chosen when the post is saved again', async () => {
    const wellness = (await findOrCreateCategory('Wellness'))!
    const edibles = (await findOrCreateTag('Edibles'))!
    const post = await save({ title: 'Again', category_ids: [String(wellness.id)], tag_ids: [String(edibles.id)] })
    await save({ title: 'Again', slug: 'again' }, post.id)
    expect(await listCategoriesOfPost(post.id)).toEqual([])
    expect(await listTagsOfPost(post.id)).toEqual([])
  })
})

describe('a slug taken between the check and the save', () => {
  // Another request saving the same slug at that moment makes the insert fail
  // on the unique index; a trigger stands in for it here.
  it('is answered with the slug message, not an error page', async () => {
    database.sqlite.exec(
      `CREATE TEMP TRIGGER take_slug BEFORE INSERT ON posts WHEN NEW.slug = 'race'
       BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: posts.slug'); END`,
    )
    const result = await savePostFromEditor({ values: postFormValues({ title: 'Race' }), brandName: 'Green Leaf' })
    expect(result).toEqual({ ok: false, fieldErrors: { slug: [SLUG_TAKEN_MESSAGE] } })
  })

  it('is told apart from any other failure, which is thrown', async () => {
    database.sqlite.exec(
      `CREATE TEMP TRIGGER fail_save BEFORE UPDATE ON posts BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`,
    )
    const created = await save({ title: 'Kept' })
    await expect(
      savePostFromEditor({
        id: created.id,
        values: postFormValues({ title: 'Kept', slug: 'kept' }),
        brandName: 'Green Leaf',
      }),
    ).rejects.toThrow('disk I/O error')
  })
})
