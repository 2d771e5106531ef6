import sharp from 'sharp'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { startSession } from '~/auth/session.server'
import { sweepUnusedUploads } from '~/models/upload-sweep.server'
import { action as postEditorAction } from '~/routes/admin.blog.editor'
import { action as pictureAction, loader as pictureLoader } from '~/routes/admin.blog.pictures'
import { loader as postLoader } from '~/routes/blog.$slug'

import { craftedPng } from '../support/crafted-png'
import { answer, cookiePair, fieldErrors, insertUser, routeArgs, SITE_URL, useAuthTest } from './auth-support'

/**
 * Pictures inside a post: uploaded with alt text and an optional caption (the
 * picture page, the way without JavaScript), written into the body as a
 * markdown line, drawn on the public page as a figure that keeps its room,
 * and kept by the sweep of unused uploads while a post or a kept version of
 * one shows it.
 */
const t = useAuthTest()
let cookie: string
beforeEach(async () => {
  cookie = cookiePair(await startSession(insertUser(t, 'owner@example.com', 'password-1', true)))
  vi.spyOn(console, 'log').mockImplementation(() => {})
})

const DAY = 24 * 60 * 60 * 1000

/** A 1000×750 photo-like JPEG. */
function storePhoto() {
  return sharp({ create: { width: 1000, height: 750, channels: 3, background: '#2f6b3f' } })
    .composite([
      {
        input: Buffer.from('<svg width="400" height="300"><rect width="400" height="300" fill="#f4e7c5"/></svg>'),
        top: 100,
        left: 100,
      },
    ])
    .jpeg()
    .toBuffer()
}

function multipart(path: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.set(key, value)
  if (file) body.set('picture_file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
  return new Request(new URL(path, SITE_URL), { method: 'POST', body, headers: { Cookie: cookie, Origin: SITE_URL } })
}

async function uploadPicture(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  return answer(() => pictureAction(routeArgs(multipart('/admin/blog/pictures', fields, file))))
}

const uploads = () =>
  t.sqlite.prepare('SELECT file_name, width, height FROM uploads ORDER BY id').all() as {
    file_name: string
    width: number
    height: number
  }[]

describe('the picture page', () => {
  it('stores the picture with its copies and answers the markdown line to copy', async () => {
    const photo = await storePhoto()
    const result = await uploadPicture(
      { alt: 'The new store’s counter with the menu board behind it', caption: 'Opening day at "Main Street"' },
      { name: 'store.jpg', type: 'image/jpeg', bytes: photo },
    )
    expect(result.status).toBe(200)
    const { picture } = result.data
    expect(picture.url).toMatch(/^\/uploads\/blog-images\/[0-9a-f-]{36}\.jpg$/)
    expect(picture.markdown).toBe(
      `![The new store’s counter with the menu board behind it](${picture.url} "Opening day at \\"Main Street\\"")`,
    )
    expect([picture.width, picture.height]).toEqual([1000, 750])
    const fileName = picture.url.split('/').pop()
    expect(uploads()).toEqual([{ file_name: fileName, width: 1000, height: 750 }])
    // Narrower copies in AVIF, WebP and its own format; the main file is the widest JPEG.
    const stem = fileName.replace('.jpg', '')
    const variants = t.sqlite.prepare('SELECT file_name FROM upload_variants ORDER BY file_name').pluck().all()
    expect(variants).toEqual(
      ['-1000.avif', '-1000.webp', '-400.avif', '-400.jpg', '-400.webp', '-800.avif', '-800.jpg', '-800.webp'].map(
        (suffix) => `${stem}${suffix}`,
      ),
    )
    // Without a caption the line has no quotes.
    const plain = await uploadPicture({ alt: 'A jar' }, { name: 'jar.jpg', type: 'image/jpeg', bytes: photo })
    expect(plain.data.picture.markdown).toBe(`![A jar](${plain.data.picture.url})`)
  })

  it('refuses a picture without alt text, with a message beside the field, and stores nothing', async () => {
    const photo = await storePhoto()
    for (const alt of [undefined, '', '   ']) {
      const fields: Record<string, string> = alt === undefined ? {} : { alt }
      const result = await uploadPicture(fields, { name: 'store.jpg', type: 'image/jpeg', bytes: photo })
      expect(result.status).toBe(400)
      expect(fieldErrors(result.data, 'alt')).toEqual(['Describe the picture in words (alt text)'])
      expect(result.data.picture).toBeNull()
    }
    expect(uploads()).toEqual([])
  })

  it('refuses no file, a file that is not a picture, one too large or too many pixels, with 400 and words', async () => {
    const alt = { alt: 'A counter' }
    const noFile = await uploadPicture(alt)
    expect(noFile.status).toBe(400)
    expect(fieldErrors(noFile.data, 'picture_url')).toEqual(['Choose a picture to upload'])

    // An address sent with the form instead of a file is not taken.
    const forged = await uploadPicture({
      ...alt,
      picture_url: `/uploads/blog-images/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.jpg`,
    })
    expect(forged.status).toBe(400)
    expect(fieldErrors(forged.data, 'picture_url')).toEqual(['Choose a picture to upload'])

    const text = await uploadPicture(alt, {
      name: 'store.png',
      type: 'image/png',
      bytes: Buffer.from('not a picture at all'),
    })
    expect(text.status).toBe(400)
    expect(fieldErrors(text.data, 'picture_url')).toEqual(['Invalid file type'])

    const big = await uploadPicture(alt, {
      name: 'big.jpg',
      type: 'image/jpeg',
      bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff),
    })
    expect(big.status).toBe(400)
    expect(fieldErrors(big.data, 'picture_url')).toEqual(['File too large'])

    const huge = await uploadPicture(alt, {
      name: 'huge.png',
      type: 'image/png',
      bytes: await craftedPng({ width: 20_000, height: 100 }),
    })
    expect(huge.status).toBe(400)
    expect(fieldErrors(huge.data, 'picture_url')[0]).toMatch(
      /^This picture is 20,000 × 100 pixels; we take at most 12,000 pixels on a side/,
    )

    const long = await uploadPicture(
      { alt: 'x'.repeat(251), caption: 'y'.repeat(301) },
      { name: 'a.jpg', type: 'image/jpeg', bytes: await storePhoto() },
    )
    expect(long.status).toBe(400)
    expect(fieldErrors(long.data, 'alt')).toEqual(['Alt text must be 250 characters or less'])
    expect(fieldErrors(long.data, 'caption')).toEqual(['Caption must be 300 characters or less'])
    expect(uploads()).toEqual([])
  })

  it('is for signed-in staff only', async () => {
    const anonymous = new Request(new URL('/admin/blog/pictures', SITE_URL), {
      method: 'POST',
      body: new FormData(),
      headers: { Origin: SITE_URL },
    })
    const posted = await answer(() => pictureAction(routeArgs(anonymous)))
    expect(posted.status).toBe(302)
    expect(posted.location).toMatch(/^\/admin\/login/)
    const opened = await answer(() => pictureLoader(routeArgs(new Request(new URL('/admin/blog/pictures', SITE_URL)))))
    expect(opened.status).toBe(302)
    expect(uploads()).toEqual([])
  })
})

async function publishPost(title: string, content: string, id?: number) {
  const body = new FormData()
  for (const [key, value] of Object.entries({ title, content, status: 'published', intent: 'save' }))
    body.set(key, value)
  const request = new Request(new URL(id ? `/admin/blog/edit/${id}` : '/admin/blog/new', SITE_URL), {
    method: 'POST',
    body,
    headers: { Cookie: cookie, Origin: SITE_URL },
  })
  const args = { ...routeArgs(request), params: id ? { id: String(id) } : {} }
  const result = await answer(() => postEditorAction(args))
  expect(result.status, JSON.stringify(result.data)).toBe(302)
  return t.sqlite.prepare('SELECT id, slug FROM posts WHERE title = ?').get(title) as { id: number; slug: string }
}

async function publicHtml(slug: string): Promise<string> {
  const request = new Request(new URL(`/blog/${slug}`, SITE_URL))
  const result = (await postLoader({ request, params: { slug }, context: {} } as never)) as unknown as {
    data: { html: string }
  }
  return result.data.html
}

describe('a picture in a published post', () => {
  it('is a figure with its caption between the paragraphs, sized, lazy, with a srcset of its copies', async () => {
    const uploaded = await uploadPicture(
      { alt: 'The new store’s counter', caption: 'Our Main Street store on opening day' },
      { name: 'store.jpg', type: 'image/jpeg', bytes: await storePhoto() },
    )
    const { url, markdown } = uploaded.data.picture
    const post = await publishPost('Our new store', `We opened a second store.\n\n${markdown}\n\nCome and see us.`)
    const html = await publicHtml(post.slug)
    const stem = url.replace('.jpg', '')
    expect(html).toContain('<p>We opened a second store.</p>\n<figure><picture>')
    expect(html).toContain(
      `<source type="image/avif" srcset="${stem}-400.avif 400w, ${stem}-800.avif 800w, ${stem}-1000.avif 1000w"`,
    )
    expect(html).toContain(
      `<source type="image/webp" srcset="${stem}-400.webp 400w, ${stem}-800.webp 800w, ${stem}-1000.webp 1000w"`,
    )
    const img = /<img [^>]*>/.exec(html)![0]
    expect(img).toContain(`src="${url}" width="1000" height="750"`)
    expect(img).toContain(`srcset="${stem}-400.jpg 400w, ${stem}-800.jpg 800w, ${url} 1000w"`)
    expect(img).toMatch(/ sizes="[^"]+"/)
    expect(img).toContain('alt="The new store’s counter" loading="lazy" decoding="async"')
    expect(img).not.toContain('title=')
    expect(html).toContain(
      '</picture><figcaption>Our Main Street store on opening day</figcaption></figure>\n<p>Come and see us.</p>',
    )
  })
})

describe('the sweep of unused uploads', () => {
  it('keeps a body picture while the post or one of its kept versions shows it, and deletes it after', async () => {
    const uploaded = await uploadPicture(
      { alt: 'A counter' },
      { name: 'store.jpg', type: 'image/jpeg', bytes: await storePhoto() },
    )
    const { markdown } = uploaded.data.picture
    const unused = await uploadPicture(
      { alt: 'Never used' },
      { name: 'other.jpg', type: 'image/jpeg', bytes: await storePhoto() },
    )
    const names = () => uploads().map((row) => row.file_name)
    const [shown, abandoned] = names()
    expect(abandoned).toBe(unused.data.picture.url.split('/').pop())
    const post = await publishPost('A picture post', `Text.\n\n${markdown}\n\nMore text.`)
    const later = new Date(Date.now() + 2 * DAY)

    await sweepUnusedUploads(later)
    expect(names()).toEqual([shown])

    // The body no longer shows it; the version saved before still does.
    await publishPost('A picture post', 'Text without the picture.', post.id)
    expect(
      t.sqlite.prepare('SELECT count(*) FROM post_revisions WHERE post_id = ?').pluck().get(post.id),
    ).toBeGreaterThan(0)
    await sweepUnusedUploads(later)
    expect(names()).toEqual([shown])

    t.sqlite.prepare('DELETE FROM post_revisions WHERE post_id = ?').run(post.id)
    await sweepUnusedUploads(later)
    expect(names()).toEqual([])
    expect(t.sqlite.prepare('SELECT count(*) FROM upload_variants').pluck().get()).toBe(0)
  })
})
