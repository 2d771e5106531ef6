import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { ADMIN_NAV } from '~/components/admin/AdminShell'
import { bodyLimitFor, IMAGE_FORM_LIMIT } from '~/http/body-limit.server'
import { RECORD_KINDS, RECORD_LISTS, UPLOAD_BUCKETS, UPLOAD_MESSAGES } from '~/lib/record-lists'
import { TRASH_KIND_LABELS, TRASH_KIND_LISTS, TRASH_KIND_RESTORED, TRASH_KINDS } from '~/lib/trash'
import { parseUploadUrl } from '~/lib/upload-buckets'

import { flatRoutes } from '../e2e/support/route-table'
import { useTestDatabase } from '../support/test-db'

/**
 * The app is put together from a few lists (the admin menu, the kinds the
 * Trash keeps, the forms that carry a picture, the upload folders). Adding an
 * admin list screen means adding to several of them; whichever one is
 * forgotten, a test here names it.
 */
const routes = new Set(flatRoutes().map((route) => route.path))
const menu = new Set<string>(ADMIN_NAV.map((entry) => entry.to))

describe('the lists the app is assembled from', () => {
  it('every route of the table has its module (the admin lists name theirs after their addresses)', () => {
    const missing = flatRoutes().filter((route) => !existsSync(join('app', route.file)))
    expect(missing).toEqual([])
  })

  it('every entry of the admin menu opens a screen of the route table', () => {
    expect([...menu].filter((path) => !routes.has(path))).toEqual([])
  })

  it.each(RECORD_KINDS)(
    'the %s list has its list, add, edit and delete pages; the add and edit pages take a picture up to the image limit',
    (kind) => {
      const { list, addPath, editPath, deletePath } = RECORD_LISTS[kind]
      for (const path of [list, addPath, editPath, deletePath]) expect(routes).toContain(path)
      expect(bodyLimitFor(addPath)).toBe(IMAGE_FORM_LIMIT)
      expect(bodyLimitFor(editPath.replace(':id', '12'))).toBe(IMAGE_FORM_LIMIT)
      expect(bodyLimitFor(`${editPath.replace(':id', '12')}.data`)).toBe(IMAGE_FORM_LIMIT)
    },
  )

  it.each(TRASH_KINDS)('a deleted %s has a name in the Trash, a list in the menu and a delete page', (kind) => {
    const list = TRASH_KIND_LISTS[kind]
    expect(TRASH_KIND_LABELS[kind]).toMatch(/\w/)
    expect(TRASH_KIND_RESTORED[kind]).toMatch(/^\w+ restored$/)
    expect(menu).toContain(list)
    expect(routes).toContain(RECORD_LISTS[kind].deletePath)
  })

  it.each(RECORD_KINDS)('the %s list keeps its pictures in a folder with messages for a refused file', (kind) => {
    const { bucket, uploadMessages } = RECORD_LISTS[kind]
    expect(UPLOAD_MESSAGES[bucket]).toBe(uploadMessages)
    for (const message of Object.values(uploadMessages)) expect(message).toMatch(/\w/)
  })

  it('every list in the menu with add, edit and delete pages is one of the admin lists with pictures', () => {
    const withForms = [...menu].filter(
      (list) => routes.has(`${list}/new`) && routes.has(`${list}/:id/edit`) && routes.has(`${list}/:id/delete`),
    )
    const lists: string[] = RECORD_KINDS.map((kind) => RECORD_LISTS[kind].list)
    expect(withForms).toContain(RECORD_LISTS.deal.list)
    expect(withForms.filter((list) => !lists.includes(list))).toEqual([])
  })

  it('every admin list has an upload folder of its own', () => {
    expect(new Set(UPLOAD_BUCKETS).size).toBe(RECORD_KINDS.length)
  })

  it.each(UPLOAD_BUCKETS)('an image uploaded to %s has an address the site recognises, and its messages', (bucket) => {
    const fileName = '0b7c3a52-8f4e-4d8a-9a55-2f1c1f0b6c11.png'
    expect(parseUploadUrl(`/uploads/${bucket}/${fileName}`)).toEqual({ bucket, fileName })
    expect(UPLOAD_MESSAGES[bucket].tooLarge).toMatch(/\w/)
  })
})

describe("each admin list's table", () => {
  const t = useTestDatabase()

  it.each(RECORD_KINDS)(
    'the %s table has the columns the Trash, the delete page and the picture clean-up read',
    (kind) => {
      const { table, columns } = RECORD_LISTS[kind]
      const names = (t.sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name)
      const texts: readonly string[] = 'texts' in columns ? columns.texts : []
      const period: readonly string[] = 'period' in columns ? columns.period : []
      const wanted = ['id', 'deleted_at', 'deleted_by', columns.label, ...columns.pictures, ...texts, ...period]
      expect(wanted.filter((column) => !names.includes(column))).toEqual([])
    },
  )
})
