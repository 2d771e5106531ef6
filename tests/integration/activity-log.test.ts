import { beforeEach, describe, expect, it } from 'vitest'

import { listActivity, pruneActivity, runAs } from '~/models/activity.server'
import { createBrand, deleteBrand, updateBrand } from '~/models/brands.server'
import { createDealSlide, updateDealSlide } from '~/models/deals.server'
import { createInquiry, updateInquiryStatus } from '~/models/inquiries.server'
import { createPost, deletePost, updatePost } from '~/models/posts.server'
import { getSettings, saveSettings } from '~/models/settings.server'

import { insertAccount, useTestDatabase } from '../support/test-db'

/**
 * Every change to posts, deals, brands, settings and inquiry status writes
 * one activity entry, in the transaction of the change: who (the signed-in
 * member of staff the guard named), what, which record, and a short
 * before/after summary.
 */
const t = useTestDatabase()
let pat: { id: number; email: string }
beforeEach(() => {
  pat = insertAccount(t, 'pat@example.com', 'Pat')
})

const entries = () =>
  t.sqlite
    .prepare('SELECT actor_id, kind, action, subject_id, subject_label, summary FROM activity_log ORDER BY id')
    .all()
const changesOf = (index: number) =>
  JSON.parse(
    (t.sqlite.prepare('SELECT changes FROM activity_log ORDER BY id LIMIT 1 OFFSET ?').pluck().get(index) as string) ??
      'null',
  )
const brand = { name: 'Green Co', logo_url: '/brands/g.svg', site_url: null, is_featured: false, sort_order: 3 }

describe('the activity log', () => {
  it('records who created, changed and deleted a brand, naming what changed', async () => {
    const id = await runAs(pat, () => createBrand(brand))
    await runAs(pat, () => updateBrand(id, { ...brand, name: 'Greener Co', is_featured: true }))
    await runAs(pat, () => deleteBrand(id))
    expect(entries()).toEqual([
      { actor_id: pat.id, kind: 'brand', action: 'created', subject_id: id, subject_label: 'Green Co', summary: '' },
      {
        actor_id: pat.id,
        kind: 'brand',
        action: 'updated',
        subject_id: id,
        subject_label: 'Greener Co',
        summary: 'Name: “Green Co” → “Greener Co”; Featured: no → yes',
      },
      { actor_id: pat.id, kind: 'brand', action: 'deleted', subject_id: id, subject_label: 'Greener Co', summary: '' },
    ])
  })

  it('is written in the same transaction: when the entry cannot be written, the change does not happen', async () => {
    const id = await createBrand(brand)
    t.sqlite.exec(
      `CREATE TRIGGER refuse_activity BEFORE INSERT ON activity_log BEGIN SELECT RAISE(ABORT, 'log refused'); END`,
    )
    await expect(runAs(pat, () => updateBrand(id, { ...brand, name: 'Never Saved' }))).rejects.toThrow(/log refused/)
    expect(t.sqlite.prepare('SELECT name FROM brands WHERE id = ?').pluck().get(id)).toBe('Green Co')
    await expect(runAs(pat, () => deleteBrand(id))).rejects.toThrow(/log refused/)
    expect(t.sqlite.prepare('SELECT count(*) FROM brands WHERE id = ?').pluck().get(id)).toBe(1)
    await expect(
      runAs(pat, () => createPost({ title: 'Never', slug: 'never', content: 'x', status: 'draft' })),
    ).rejects.toThrow(/log refused/)
    expect(t.sqlite.prepare(`SELECT count(*) FROM posts WHERE slug = 'never'`).pluck().get()).toBe(0)
  })

  it('keeps a post’s status, publish date and whole new text, and reads them in the store’s words', async () => {
    const id = await runAs(pat, () =>
      createPost({ title: 'Fall hours', slug: 'fall-hours', content: 'Short', status: 'draft' }),
    )
    await runAs(pat, () =>
      updatePost(id, {
        status: 'published',
        published_at: '2026-11-01T15:00:00.000Z',
        content: 'A much longer body of the post '.repeat(10),
      }),
    )
    await runAs(pat, () => deletePost(id))
    const [created, updated, deleted] = entries() as { summary: string; action: string; subject_label: string }[]
    expect(created).toMatchObject({ action: 'created', subject_label: 'Fall hours', summary: 'Status: draft' })
    expect(updated!.summary).toContain('Status: Draft → Published; Publish date: (empty) → Nov 1, 2026, 9:00 AM')
    expect(updated!.summary).not.toMatch(/\d{4}-\d\d-\d\dT/)
    expect(changesOf(1)).toEqual([
      { field: 'status', label: 'Status', format: 'status', before: 'draft', after: 'published' },
      {
        field: 'published_at',
        label: 'Publish date',
        format: 'instant',
        before: null,
        after: '2026-11-01T15:00:00.000Z',
      },
      {
        field: 'content',
        label: 'Content',
        format: 'text',
        before: 'Short',
        after: 'A much longer body of the post '.repeat(10),
      },
    ])
    expect(deleted).toMatchObject({ action: 'deleted', subject_label: 'Fall hours' })
  })

  it('shows an inquiry’s status before and after, and nothing when it did not change', async () => {
    const inquiry = await createInquiry({
      name: 'Jo Patient',
      email: 'jo@example.com',
      phone: '',
      topic: 'general',
      message: 'Do you have a ramp at the door?',
    })
    // A visitor's message is not a staff change.
    expect(entries()).toEqual([])
    await runAs(pat, () => updateInquiryStatus(inquiry.id, 'in-progress'))
    await runAs(pat, () => updateInquiryStatus(inquiry.id, 'in-progress'))
    expect(entries()).toEqual([
      {
        actor_id: pat.id,
        kind: 'inquiry',
        action: 'status changed',
        subject_id: inquiry.id,
        subject_label: 'Inquiry from Jo Patient',
        summary: 'Status: New → In progress',
      },
    ])
    expect(changesOf(0)).toEqual([
      { field: 'status', label: 'Status', format: 'status', before: 'new', after: 'in-progress' },
    ])
  })

  it('shows which store settings changed, before and after', async () => {
    const settings = await getSettings()
    await runAs(pat, () => saveSettings({ ...settings, brand_name: 'Lindsey Street Co.' }))
    const [entry] = entries() as { kind: string; summary: string }[]
    expect(entry).toMatchObject({ kind: 'settings', action: 'updated', subject_label: 'Store settings' })
    expect(entry!.summary).toBe(`Brand name: “${settings.brand_name}” → “Lindsey Street Co.”`)
    // Saving the same values again is not a change.
    await runAs(pat, () => saveSettings({ ...settings, brand_name: 'Lindsey Street Co.' }))
    expect(entries()).toHaveLength(1)
  })

  it('names a store’s hours by the form’s labels and keeps every change of a long save', async () => {
    const settings = await getSettings()
    const lindsey = settings.stores.Lindsey
    const long = (word: string) => `https://example.com/${word}/${'x'.repeat(1500)}`
    await runAs(pat, () =>
      saveSettings({
        ...settings,
        stores: {
          ...settings.stores,
          Lindsey: {
            ...lindsey,
            maps_url: long('maps'),
            map_embed_url: long('embed'),
            directions_url: long('directions'),
            phone: '(405) 555-0199',
            hours: { ...lindsey.hours, monday: { ...lindsey.hours.monday, closes: '21:00' } },
          },
        },
      }),
    )
    const changes = changesOf(0) as { label: string; before: unknown; after: unknown }[]
    expect(changes.map((c) => c.label)).toEqual([
      'Lindsey Street · Phone',
      'Lindsey Street · Monday closes',
      'Lindsey Street · Maps link',
      'Lindsey Street · Map embed link',
      'Lindsey Street · Directions link',
    ])
    // Nothing is cut from the stored change, however long.
    expect(changes[4]!.after).toBe(long('directions'))
    expect(changes[0]).toMatchObject({ before: lindsey.phone, after: '(405) 555-0199' })
    expect(changes[1]).toMatchObject({ before: '22:00', after: '21:00' })
    const summary = (entries() as { summary: string }[])[0]!.summary
    expect(summary).toContain('Lindsey Street · Monday closes: 10 PM → 9 PM')
  })

  /** A deal slide with only a title, shown. */
  const activeDeal = (title: string) => ({
    title,
    description: null,
    image_url: null,
    start_date: null,
    end_date: null,
    is_active: true,
    sort_order: 0,
  })

  it('writes nothing for a save that changes nothing a person would see', async () => {
    const id = await runAs(pat, () => createBrand(brand))
    await runAs(pat, () => updateBrand(id, { ...brand }))
    const post = await runAs(pat, () =>
      createPost({
        title: 'Same',
        slug: 'same',
        content: 'Body',
        status: 'published',
        published_at: '2026-11-01T15:00:00.000Z',
      }),
    )
    // The same minute written another way reads the same.
    await runAs(pat, () => updatePost(post, { title: 'Same', content: 'Body', published_at: '2026-11-01T15:00:00Z' }))
    const deal = activeDeal('Same deal')
    const dealId = await runAs(pat, () => createDealSlide(deal))
    await runAs(pat, () => updateDealSlide(dealId, { ...deal }))
    expect((entries() as { action: string }[]).map((e) => e.action)).toEqual(['created', 'created', 'created'])
  })

  it('shows a deal slide turned off', async () => {
    const deal = activeDeal('Monday Munchies')
    const id = await runAs(pat, () => createDealSlide(deal))
    await runAs(pat, () => updateDealSlide(id, { ...deal, is_active: false }))
    expect((entries() as { summary: string }[])[1]!.summary).toBe('Active: yes → no')
  })

  it('names no one for changes made outside a request (the command line)', async () => {
    await createBrand(brand)
    expect(entries()).toMatchObject([{ actor_id: null, kind: 'brand', action: 'created' }])
  })

  it('filters by person and kind, newest first, and pages', async () => {
    const lee = Number(
      t.sqlite.prepare(`INSERT INTO users (email, password_hash) VALUES ('lee@example.com', 'x')`).run()
        .lastInsertRowid,
    )
    await runAs(pat, () => createBrand(brand))
    await runAs({ id: lee, email: 'lee@example.com' }, () => createBrand({ ...brand, name: 'Lee Co' }))
    await createBrand({ ...brand, name: 'Server Co' })
    await runAs(pat, () => createPost({ title: 'Hello', slug: 'hello', content: 'x' }))

    const all = await listActivity()
    expect(all.total).toBe(4)
    expect(all.rows.map((r) => r.subject_label)).toEqual(['Hello', 'Server Co', 'Lee Co', 'Green Co'])
    expect(all.rows[0]).toMatchObject({ actor_name: 'Pat', actor_email: 'pat@example.com' })
    expect((await listActivity({ person: pat.id })).rows.map((r) => r.subject_label)).toEqual(['Hello', 'Green Co'])
    expect((await listActivity({ person: 'system' })).rows.map((r) => r.subject_label)).toEqual(['Server Co'])
    expect((await listActivity({ kind: 'post' })).rows.map((r) => r.subject_label)).toEqual(['Hello'])
    expect((await listActivity({ person: pat.id, kind: 'brand' })).total).toBe(1)
    const page2 = await listActivity({ pageSize: 3, page: 2 })
    expect(page2).toMatchObject({ total: 4, rows: [{ subject_label: 'Green Co' }] })
  })

  it('keeps a year: older entries are pruned', async () => {
    const now = new Date('2026-11-23T12:00:00.000Z')
    const insert = t.sqlite.prepare(
      `INSERT INTO activity_log (created_at, kind, action, subject_label) VALUES (?, 'brand', 'created', ?)`,
    )
    insert.run('2025-11-23T11:59:59.000Z', 'just over a year')
    insert.run('2025-11-23T12:00:01.000Z', 'just under a year')
    insert.run('2026-11-20T00:00:00.000Z', 'last week')
    expect(await pruneActivity(now)).toBe(1)
    expect(t.sqlite.prepare('SELECT subject_label FROM activity_log ORDER BY id').pluck().all()).toEqual([
      'just under a year',
      'last week',
    ])
  })
})
