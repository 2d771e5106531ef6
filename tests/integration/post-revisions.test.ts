import { describe, expect, it } from 'vitest'

import { listActivity, runAs } from '~/models/activity.server'
import { restorePostRevision } from '~/models/post-editor.server'
import { getRevision, listRevisions, REVISIONS_KEPT } from '~/models/post-revisions.server'
import { createPost, getPostById, updatePost } from '~/models/posts.server'
import { deleteImageIfUnreferenced } from '~/models/upload-files.server'

import { insertAccount, useTestDatabase } from '../support/test-db'
import { isStored, storeUpload } from '../support/uploads'

const database = useTestDatabase()

const OWNER = { id: 0, email: 'owner@example.com' }
const BUDTENDER = { id: 0, email: 'dana@example.com' }

describe('post versions', () => {
  it('story: the owner writes a post, a budtender edits it; History says who saved what, when, newest first', async () => {
    const owner = insertAccount(database, OWNER.email)
    const budtender = insertAccount(database, BUDTENDER.email)
    const id = await runAs(owner, () =>
      createPost({ title: 'Edibles 101', slug: 'edibles-101', content: 'Start low.', status: 'draft' }),
    )
    await runAs(budtender, () => updatePost(id, { content: 'Start low, go slow.' }))
    const versions = await listRevisions(id)
    expect(versions.map((version) => version.saved_by)).toEqual([BUDTENDER.email, OWNER.email])
    expect((await getRevision(id, versions[1]!.id))?.content).toBe('Start low.')
    expect((await getRevision(id, versions[0]!.id))?.content).toBe('Start low, go slow.')
    // A version of one post is never found through another.
    const other = await createPost({ title: 'Other', slug: 'other', content: 'x' })
    expect(await getRevision(other, versions[0]!.id)).toBeUndefined()
  })

  it('keeps the state of a post saved before versions were kept, the first time it is saved again', async () => {
    database.sqlite
      .prepare(
        "INSERT INTO posts (title, slug, content, status, updated_at) VALUES ('Old', 'old', 'Old words', 'draft', '2026-01-01T00:00:00.000Z')",
      )
      .run()
    const { id } = database.sqlite.prepare("SELECT id FROM posts WHERE slug = 'old'").get() as { id: number }
    expect(await listRevisions(id)).toEqual([])
    await updatePost(id, { content: 'New words' })
    const versions = await listRevisions(id)
    expect(versions).toHaveLength(2)
    expect(versions[1]).toMatchObject({ saved_at: '2026-01-01T00:00:00.000Z', saved_by: null })
    expect((await getRevision(id, versions[1]!.id))?.content).toBe('Old words')
  })

  it(`keeps the newest ${REVISIONS_KEPT} versions per post, dropping older ones with the save`, async () => {
    const id = await createPost({ title: 'Busy', slug: 'busy', content: 'v0' })
    const other = await createPost({ title: 'Quiet', slug: 'quiet', content: 'q' })
    for (let n = 1; n <= REVISIONS_KEPT + 4; n++) await updatePost(id, { content: `v${n}` })
    const versions = await listRevisions(id)
    expect(versions).toHaveLength(REVISIONS_KEPT)
    expect((await getRevision(id, versions[0]!.id))?.content).toBe(`v${REVISIONS_KEPT + 4}`)
    expect((await getRevision(id, versions.at(-1)!.id))?.content).toBe('v5')
    expect(await listRevisions(other)).toHaveLength(1)
  })

  it('restores a version’s words, SEO and images as a new version, logged, leaving status and time alone', async () => {
    const owner = insertAccount(database, OWNER.email)
    const firstImage = await storeUpload('blog-images')
    const secondImage = await storeUpload('blog-images')
    const id = await runAs(owner, () =>
      createPost({
        title: 'First Title',
        slug: 'first-title',
        content: 'First words',
        meta_title: 'First SEO',
        hero_image_url: firstImage,
        status: 'draft',
      }),
    )
    const [first] = await listRevisions(id)
    await runAs(owner, () =>
      updatePost(id, {
        title: 'Second Title',
        slug: 'second-title',
        content: 'Second words',
        meta_title: 'Second SEO',
        hero_image_url: secondImage,
        status: 'published',
        published_at: '2026-11-01T15:00:00.000Z',
      }),
    )
    // The first image is no longer on the post, but a kept version shows it: it stays.
    await deleteImageIfUnreferenced(firstImage)
    expect(await isStored(firstImage)).toBe(true)

    const result = await runAs(owner, () => restorePostRevision(id, first!.id))
    expect(result).toEqual({ ok: true, title: 'First Title', slugKept: false })
    expect(await getPostById(id)).toMatchObject({
      title: 'First Title',
      slug: 'first-title',
      content: 'First words',
      meta_title: 'First SEO',
      hero_image_url: firstImage,
      // Restoring words never takes a live post off the site.
      status: 'published',
      published_at: '2026-11-01T15:00:00.000Z',
    })
    expect(await listRevisions(id)).toHaveLength(3)
    const { rows } = await listActivity({ kind: 'post' })
    expect(rows[0]).toMatchObject({ action: 'restored a version', subject_id: id, actor_email: OWNER.email })
    expect(rows[0]!.summary).toMatch(/^Restored the version saved /)
  })

  it('keeps the current address when another post has taken the old one since', async () => {
    const id = await createPost({ title: 'Mine', slug: 'shared-address', content: 'x' })
    const [first] = await listRevisions(id)
    await updatePost(id, { slug: 'moved-away' })
    await createPost({ title: 'Theirs', slug: 'shared-address', content: 'y' })
    expect(await restorePostRevision(id, first!.id)).toMatchObject({ ok: true, slugKept: true })
    expect((await getPostById(id))?.slug).toBe('moved-away')
  })

  it('refuses a version of another post', async () => {
    const a = await createPost({ title: 'A', slug: 'a', content: 'a' })
    const b = await createPost({ title: 'B', slug: 'b', content: 'b' })
    const [ofB] = await listRevisions(b)
    expect(await restorePostRevision(a, ofB!.id)).toEqual({ ok: false })
    expect((await getPostById(a))?.title).toBe('A')
  })
})
