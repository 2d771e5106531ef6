import { describe, expect, it } from 'vitest'

import { previewPostPage } from '~/models/post-editor.server'
import { createPost } from '~/models/posts.server'
import { findOrCreateCategory, findOrCreateTag } from '~/models/taxonomy.server'
import { PostPreviewSchema, previewFields } from '~/schemas/post'

import { useTestDatabase } from '../support/test-db'

const database = useTestDatabase()

const SITE = { brandName: 'Lindsey Street Cannabis Co.', siteUrl: 'https://example.com' }

function formData(fields: Record<string, string | string[]>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(key, v)
  }
  return data
}

/** The form as the preview route reads it. */
const form = (fields: Record<string, string | string[]>) => PostPreviewSchema.parse(previewFields(formData(fields)))

const countPosts = () => (database.sqlite.prepare('SELECT count(*) AS n FROM posts').get() as { n: number }).n

describe('the editor preview', () => {
  it('draws the unsaved form as the post page would, and saves nothing', async () => {
    const edibles = await findOrCreateCategory('Edibles')
    await findOrCreateCategory('Not Chosen')
    const deals = await findOrCreateTag('Deals')
    const preview = await previewPostPage(
      form({
        title: 'Edibles Week Is Coming',
        slug: '',
        author: 'Tessa',
        status: 'scheduled',
        published_at: '2030-11-29T09:00',
        content: `Gummies, **chocolates** and drinks.\n\n${'word '.repeat(420)}`,
        category_ids: [String(edibles!.id)],
        new_categories: 'Store News, edibles',
        tag_ids: [String(deals!.id)],
        new_tags: 'Low Dose',
      }),
      SITE,
    )
    expect(preview.post).toMatchObject({
      title: 'Edibles Week Is Coming',
      author: 'Tessa',
      published_at: '2030-11-29T15:00:00.000Z',
      read_minutes: 3,
      hero_image_url: null,
      hero_image_alt: 'Illustration for “Edibles Week Is Coming”',
    })
    expect(preview.html).toContain('<strong>chocolates</strong>')
    // Chosen and newly typed terms, each once (a new name matching a chosen one is the same term).
    expect(preview.categories).toEqual([
      { name: 'Edibles', slug: 'edibles' },
      { name: 'Store News', slug: 'store-news' },
    ])
    expect(preview.tags).toEqual([
      { name: 'Deals', slug: 'deals' },
      { name: 'Low Dose', slug: 'low-dose' },
    ])
    expect(preview.url).toBe('https://example.com/blog/edibles-week-is-coming')
    expect(countPosts()).toBe(0)
  })

  it('still draws a half-filled form, with the page’s own fallbacks, and refuses unsafe image addresses', async () => {
    await createPost({ title: 'Existing', slug: 'existing', content: 'x' })
    const before = countPosts()
    const preview = await previewPostPage(
      form({ title: '', content: '<script>alert(1)</script>Hi', hero_image_url: 'javascript:alert(1)' }),
      SITE,
    )
    expect(preview.post.title).toBe('Untitled post')
    expect(preview.post.author).toBe('Lindsey Street Cannabis Co. Team')
    expect(preview.post.hero_image_url).toBeNull()
    expect(preview.post.published_at).not.toBeNull()
    expect(preview.html).not.toContain('<script')
    expect(countPosts()).toBe(before)
  })

  it('keeps one chosen category (a list of one), and refuses only a body longer than any post', async () => {
    const edibles = await findOrCreateCategory('Edibles')
    const preview = await previewPostPage(
      form({ title: 'One', content: 'x', category_ids: [String(edibles!.id)] }),
      SITE,
    )
    expect(preview.categories).toEqual([{ name: 'Edibles', slug: 'edibles' }])

    const tooLong = PostPreviewSchema.safeParse(
      previewFields(formData({ title: 'Long', content: 'x'.repeat(100_001) })),
    )
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual(['Content must be less than 100000 characters'])
    const noBody = PostPreviewSchema.safeParse(previewFields(formData({ title: 'No body' })))
    expect(noBody.error?.issues.map((issue) => issue.message)).toEqual(['The preview request could not be read'])
    // Anything else odd reads as empty: a status no post has, a file where text belongs.
    const odd = formData({ title: 'Odd', content: 'x', status: 'deleted' })
    odd.append('author', new File(['x'], 'a.txt'))
    expect(PostPreviewSchema.parse(previewFields(odd))).toMatchObject({ status: 'draft', author: '' })
  })
})
