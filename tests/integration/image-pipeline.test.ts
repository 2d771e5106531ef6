import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Migrator } from 'kysely/migration'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { closeDatabase, db, openDatabase, useDatabase } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { contentTypeForFileName } from '~/lib/image-type'
import { RECORD_LISTS } from '~/lib/record-lists'
import { responsiveSources } from '~/lib/responsive-image'
import { migrateAndUpkeep } from '~/models/upkeep.server'
import { readFormWithImage, storeImage } from '~/models/upload-files.server'
import { deleteUnreferencedUploads, getUploadData, getUploadMeta, uploadSizes } from '~/models/uploads.server'

import { migrations } from '../../migrations'
import { cameraPhoto } from '../support/photo'
import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

let photo: Buffer
beforeAll(async () => {
  photo = await cameraPhoto()
}, 180_000)

function upload(bytes: Uint8Array, name = 'IMG_0042.JPG') {
  const form = new FormData()
  form.append('title', 'Friday flower')
  form.append('image', new File([bytes as BlobPart], name, { type: 'image/jpeg' }))
  return readFormWithImage(new Request('http://localhost/admin/deals/new', { method: 'POST', body: form }), {
    bucket: 'deals',
    fileField: 'image',
    messages: RECORD_LISTS.deal.uploadMessages,
  })
}

async function stored(url: string) {
  const [, , bucket, file] = url.split('/')
  const data = await getUploadData(bucket, file)
  const meta = await getUploadMeta(bucket, file)
  return { data: data!, meta: meta!, info: await sharp(data!).metadata() }
}

describe('uploaded photos are re-encoded', () => {
  it('a 4–5 MB sideways camera photo is stored upright, 1600 px wide, without its metadata, with AVIF, WebP and JPEG copies', async () => {
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024)
    expect(photo.length).toBeLessThanOrEqual(5 * 1024 * 1024)
    const { image, error } = await upload(photo)
    expect(error).toBeNull()
    expect(await storeImage(image!)).toBe(true)

    const main = await stored(image!.url)
    expect(main.meta.content_type).toBe('image/jpeg')
    // 4000×3000 turned a quarter is 3000×4000 upright; at 1600 wide that is 1600×2133.
    expect([main.info.width, main.info.height]).toEqual([1600, 2133])
    expect(main.info.orientation ?? 1).toBe(1)
    expect(main.info.exif).toBeUndefined()
    expect(main.data.includes('Camera Owner')).toBe(false)
    expect(main.data.length).toBeLessThan(photo.length / 5)
    expect(await uploadSizes([image!.url])).toEqual({ [image!.url]: { width: 1600, height: 2133 } })
    // The same file name under a folder no list has is not this picture: no size, so no copies offered.
    const elsewhere = image!.url.replace('/uploads/deals/', '/uploads/other/')
    expect(elsewhere).not.toBe(image!.url)
    expect(await uploadSizes([elsewhere])).toEqual({})

    const sources = responsiveSources(image!.url, { width: 1600, height: 2133 })!
    const urls = [sources.avif, sources.webp, sources.fallback].flatMap((set) =>
      set.split(', ').map((entry) => entry.split(' ')),
    )
    expect(urls).toHaveLength(12)
    for (const [url, descriptor] of urls) {
      const copy = await stored(url)
      const format = url.endsWith('.avif') ? 'heif' : url.endsWith('.webp') ? 'webp' : 'jpeg'
      expect(copy.info.format, url).toBe(format)
      expect(`${copy.info.width}w`, url).toBe(descriptor)
      expect(copy.info.exif, url).toBeUndefined()
    }
    // What a 390 px phone at 3× fetches for a full-width picture: the 1200 px AVIF.
    const phone = await stored(image!.url.replace('.jpg', '-1200.avif'))
    expect(phone.data.length).toBeLessThanOrEqual(120 * 1024)
  }, 180_000)

  it('a picture narrower than ten pixels gets its copies too, and every copy is served by its name', async () => {
    const tiny = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer()
    const { image } = await upload(tiny, 'tiny.jpg')
    expect(await storeImage(image!)).toBe(true)
    const sources = responsiveSources(image!.url, { width: 3, height: 2 })!
    expect(sources.avif).toBe(`${image!.url.replace('.jpg', '-3.avif')} 3w`)
    const [, , bucket, file] = sources.avif.split(' ')[0].split('/')
    expect(contentTypeForFileName(file)).toBe('image/avif')
    expect(await getUploadMeta(bucket, file)).toMatchObject({ content_type: 'image/avif' })
  })

  it('refuses bytes that start like a JPEG but do not decode, with the type message', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)])
    const { image, error } = await upload(fake)
    expect(image).toBeNull()
    expect(error).toBe('Only JPEG, PNG, WebP, and GIF images are allowed')
  })

  it('an image stored before the copies existed is converted after the migrations, and its copies go when it is deleted', async () => {
    // A database as it was before migration 0009, holding one image stored by the old code.
    const dir = mkdtempSync(join(tmpdir(), 'lsc-before-copies-'))
    const open = openDatabase(join(dir, 'app.db'))
    await t.cleanup()
    t.cleanup = async () => {
      await closeDatabase()
      rmSync(dir, { recursive: true, force: true })
    }
    useDatabase(open)
    await new Migrator({ db: open.db, provider: { getMigrations: async () => migrations } }).migrateTo(
      '0008_staff_accounts',
    )
    const small = await sharp(photo).resize({ width: 1000 }).jpeg({ quality: 95 }).withMetadata().toBuffer()
    open.sqlite
      .prepare(
        `INSERT INTO uploads (bucket, file_name, content_type, size, data, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        'deals',
        '0b7a4a1e-1d2c-4e7e-9a51-3d6f8f1c2b10.jpg',
        'image/jpeg',
        small.length,
        small,
        1000,
        750,
        '2020-01-01T00:00:00.000Z',
      )
    // The migration only asks for the conversion; the image is as it was.
    await migrateToLatest(open.db)
    expect(open.sqlite.prepare('SELECT task FROM upkeep_tasks').pluck().all()).toEqual(['upload-variants'])
    expect(open.sqlite.prepare('SELECT count(*) FROM upload_variants').pluck().get()).toBe(0)
    // A start does the work it asked for.
    expect((await migrateAndUpkeep(open.db)).upkeep).toEqual([{ task: 'upload-variants', count: 1 }])
    const url = '/uploads/deals/0b7a4a1e-1d2c-4e7e-9a51-3d6f8f1c2b10.jpg'
    const main = await stored(url)
    // Stored sideways before (EXIF 6 kept by the old code): upright now, 750×1000.
    expect([main.info.width, main.info.height]).toEqual([750, 1000])
    expect(main.info.exif).toBeUndefined()
    const copies = await db()
      .selectFrom('upload_variants')
      .select(['file_name', 'width'])
      .orderBy('file_name')
      .execute()
    expect(copies.map((c) => c.file_name.split('-').pop())).toEqual([
      '400.avif',
      '400.jpg',
      '400.webp',
      '750.avif',
      '750.webp',
    ])
    // Nothing refers to it: the sweep deletes the upload and its copies with it.
    await deleteUnreferencedUploads(new Date())
    expect(await db().selectFrom('upload_variants').select('id').execute()).toEqual([])
  }, 180_000)
})
