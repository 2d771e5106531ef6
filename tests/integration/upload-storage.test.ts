import { beforeEach, describe, expect, it } from 'vitest'

import { startSession } from '~/auth/session.server'
import { action as newPost } from '~/routes/admin.blog.editor'
import { action as newBrand } from '~/routes/admin.brands.editor'
import { action as newDeal } from '~/routes/admin.deals.editor'

import { PNG_1X1 } from '../support/png'
import { answer, cookiePair, insertUser, routeArgs, SITE_URL, useAuthTest } from './auth-support'

/** A refused form must leave no image behind: images are stored only once the whole form is valid. */

const t = useAuthTest()
let cookie: string
beforeEach(async () => {
  cookie = cookiePair(await startSession(insertUser(t, 'admin@example.com', 'admin-password-1', true)))
})

function multipart(path: string, fields: Record<string, string>, fileField: string) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append(fileField, new File([PNG_1X1], 'photo.png', { type: 'image/png' }))
  return new Request(new URL(path, SITE_URL), {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, Origin: SITE_URL },
  })
}

const uploads = () => t.sqlite.prepare('SELECT bucket, file_name FROM uploads').all() as { file_name: string }[]

describe('an image sent with a form is stored only when the form is saved', () => {
  it('a deal refused for its missing title stores nothing; the corrected deal stores its image', async () => {
    const refused = await answer(() => newDeal(routeArgs(multipart('/admin/deals/new', { title: '' }, 'image_file'))))
    expect(refused.status).toBe(400)
    expect(uploads()).toEqual([])

    const saved = await answer(() =>
      newDeal(routeArgs(multipart('/admin/deals/new', { title: 'Friday flower' }, 'image_file'))),
    )
    expect(saved.status).toBe(302)
    const stored = uploads()
    expect(stored).toHaveLength(1)
    const deal = t.sqlite.prepare('SELECT image_url FROM deals_slides WHERE title = ?').get('Friday flower')
    expect(deal).toEqual({ image_url: `/uploads/deals/${stored[0].file_name}` })
  })

  it('a brand refused for its website address stores nothing', async () => {
    const refused = await answer(() =>
      newBrand(routeArgs(multipart('/admin/brands/new', { name: 'Prairie Gold', site_url: 'not a url' }, 'logo_file'))),
    )
    expect(refused.status).toBe(400)
    expect(uploads()).toEqual([])
  })

  it('a post refused, previewed, or refused for a taken slug stores nothing', async () => {
    const noTitle = await answer(() =>
      newPost(routeArgs(multipart('/admin/blog/new', { title: '', status: 'draft' }, 'hero_image_file'))),
    )
    expect(noTitle.status).toBe(400)
    const preview = await answer(() =>
      newPost(
        routeArgs(multipart('/admin/blog/new', { title: 'Hi', status: 'draft', intent: 'preview' }, 'hero_image_file')),
      ),
    )
    expect(preview.status).toBe(200)
    expect(uploads()).toEqual([])

    t.sqlite.prepare("INSERT INTO posts (title, slug, status) VALUES ('Taken', 'taken', 'draft')").run()
    const taken = await answer(() =>
      newPost(
        routeArgs(multipart('/admin/blog/new', { title: 'Other', slug: 'taken', status: 'draft' }, 'hero_image_file')),
      ),
    )
    expect(taken.status).toBe(400)
    expect(uploads()).toEqual([])
  })
})
