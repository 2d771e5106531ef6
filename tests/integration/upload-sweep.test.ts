import { randomUUID } from 'node:crypto'

import { beforeEach, describe, expect, it, vi } from 'vitest'

import { createBrand } from '~/models/brands.server'
import { createDealSlide } from '~/models/deals.server'
import { startUploadSweep, sweepUnusedUploads } from '~/models/upload-sweep.server'
import { insertUpload } from '~/models/uploads.server'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {})
})

const HOUR = 60 * 60 * 1000
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

/** Stores an image created `hoursAgo` hours ago; returns its public URL. */
async function upload(bucket: 'deals' | 'brands' | 'blog-images', hoursAgo: number): Promise<string> {
  const fileName = `${randomUUID()}.png`
  await insertUpload({ bucket, file_name: fileName, content_type: 'image/png', data: PNG })
  t.sqlite
    .prepare('UPDATE uploads SET created_at = ? WHERE file_name = ?')
    .run(new Date(Date.now() - hoursAgo * HOUR).toISOString(), fileName)
  return `/uploads/${bucket}/${fileName}`
}

const stored = () =>
  (t.sqlite.prepare('SELECT bucket, file_name FROM uploads').all() as { bucket: string; file_name: string }[]).map(
    (row) => `/uploads/${row.bucket}/${row.file_name}`,
  )

function insertPost(values: { slug: string; hero?: string; og?: string; content?: string; status?: string }) {
  t.sqlite
    .prepare('INSERT INTO posts (title, slug, status, hero_image_url, og_image_url, content) VALUES (?, ?, ?, ?, ?, ?)')
    .run(
      values.slug,
      values.slug,
      values.status ?? 'draft',
      values.hero ?? null,
      values.og ?? null,
      values.content ?? '',
    )
}

describe('the sweep of unused uploads', () => {
  it('deletes images nothing refers to once they are a day old, and keeps every image in use', async () => {
    const orphan = await upload('deals', 30)
    const abandonedLogo = await upload('brands', 25)
    const fresh = await upload('deals', 2)
    const dealImage = await upload('deals', 48)
    const logo = await upload('brands', 48)
    const hero = await upload('blog-images', 48)
    const social = await upload('blog-images', 48)
    const inMarkdown = await upload('blog-images', 48)
    const absoluteInMarkdown = await upload('blog-images', 48)
    const inDraftMarkdown = await upload('blog-images', 48)
    const inSettings = await upload('brands', 48)

    await createDealSlide({ title: 'Deal', image_url: dealImage, start_date: null, end_date: null, description: null })
    await createBrand({ name: 'Prairie Gold', logo_url: logo, site_url: null })
    insertPost({ slug: 'with-images', status: 'published', hero, og: social })
    insertPost({
      slug: 'with-markdown',
      status: 'published',
      content: `Look:\n\n![Counter](${inMarkdown})\n\nand [the big one](https://lindsey.example${absoluteInMarkdown}).`,
    })
    insertPost({ slug: 'draft', content: `<img src="${inDraftMarkdown}" alt="">` })
    t.sqlite
      .prepare('INSERT INTO settings (id, data) VALUES (1, ?)')
      .run(JSON.stringify({ note: `https://lindsey.example${inSettings}` }))

    const swept = await sweepUnusedUploads()
    expect(swept.map((u) => `/uploads/${u.bucket}/${u.file_name}`).sort()).toEqual([abandonedLogo, orphan].sort())
    expect(stored().sort()).toEqual(
      [fresh, dealImage, logo, hero, social, inMarkdown, absoluteInMarkdown, inDraftMarkdown, inSettings].sort(),
    )
    // Nothing more to do on the next run.
    expect(await sweepUnusedUploads()).toEqual([])
  })

  it('keeps an image the settings name only by its file name', async () => {
    const named = await upload('brands', 48)
    const orphan = await upload('brands', 48)
    t.sqlite
      .prepare('INSERT INTO settings (id, data) VALUES (1, ?)')
      .run(JSON.stringify({ file: named.split('/').pop() }))
    expect((await sweepUnusedUploads()).map((u) => `/uploads/${u.bucket}/${u.file_name}`)).toEqual([orphan])
  })

  it('an image that stops being used goes a day after its upload, at the next sweep', async () => {
    const image = await upload('deals', 26)
    const id = await createDealSlide({
      title: 'Deal',
      image_url: image,
      start_date: null,
      end_date: null,
      description: null,
    })
    expect(await sweepUnusedUploads()).toEqual([])
    t.sqlite.prepare('UPDATE deals_slides SET image_url = NULL WHERE id = ?').run(id)
    expect((await sweepUnusedUploads()).map((u) => u.file_name)).toEqual([image.split('/').pop()])
    expect(stored()).toEqual([])
  })

  it('runs by itself in the server process once started', async () => {
    const orphan = await upload('deals', 30)
    const stop = startUploadSweep({ firstDelayMs: 0, intervalMs: 50 })
    try {
      await vi.waitFor(() => expect(stored()).not.toContain(orphan), { timeout: 2000, interval: 20 })
      // And again later: a second orphan goes at a following run.
      const second = await upload('brands', 30)
      await vi.waitFor(() => expect(stored()).not.toContain(second), { timeout: 2000, interval: 20 })
    } finally {
      stop()
    }
  })

  it('finds old uploads through the created_at index, without reading the stored images', () => {
    const plan = t.sqlite
      .prepare('EXPLAIN QUERY PLAN SELECT id, bucket, file_name, size, created_at FROM uploads WHERE created_at < ?')
      .all('2026-01-01T00:00:00.000Z') as { detail: string }[]
    expect(plan.map((row) => row.detail).join('; ')).toMatch(/USING INDEX uploads_created_at/)
  })
})
