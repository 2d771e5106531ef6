import { afterEach, describe, expect, it, vi } from 'vitest'

import { closeDatabase, openDatabase, useDatabase } from '~/db/db.server'
import { contentVersion } from '~/http/content-version.server'
import { type CachedPage, RenderCache } from '~/http/render-cache.server'
import { SCHEDULE_NEEDS_TIME_MESSAGE, SCHEDULE_PASSED_MESSAGE } from '~/lib/publish-label'
import { isoToStoreLocal } from '~/lib/time'
import { listActivity } from '~/models/activity.server'
import { savePostFromEditor } from '~/models/post-editor.server'
import { rearmPostScheduler, startPostScheduler, stopPostScheduler } from '~/models/post-schedule.server'
import {
  countPostsByStatus,
  getPostById,
  getPublishedPostBySlug,
  listPostsForFeed,
  listPostsForSitemap,
  listPublishedPosts,
  publishDuePosts,
} from '~/models/posts.server'
import { moveToTrash, restoreFromTrash } from '~/models/trash.server'
import { seedContent } from '~/seed/seed.server'

import { postFormValues } from '../support/post-form'
import { useTestDatabase } from '../support/test-db'

const database = useTestDatabase()
afterEach(() => {
  stopPostScheduler()
})

const BRAND = 'Lindsey Street Cannabis Co.'
// Wednesday 27 November 2030, 8:00 AM in Norman (Central Standard Time, UTC-6).
const WEDNESDAY_8AM = new Date('2030-11-27T14:00:00.000Z')
// Friday 29 November 2030, 9:00 AM in Norman.
const FRIDAY_9AM = new Date('2030-11-29T15:00:00.000Z')
// The evening before, 6:00 PM.
const THURSDAY_6PM = new Date('2030-11-29T00:00:00.000Z')

/** The editor's save of a post filled in with these fields, at `now` (Wednesday 8 AM unless told). */
const save = (fields: Record<string, string>, now = WEDNESDAY_8AM, options: { publishNow?: boolean } = {}) =>
  savePostFromEditor({ values: postFormValues(fields), brandName: BRAND, now, ...options })

/** The editor's save of post `id`, open again with these fields, at `now`. */
const resave = (id: number, fields: Record<string, string>, now: Date) =>
  savePostFromEditor({ id, values: postFormValues(fields), brandName: BRAND, now })

async function schedule(title: string, local: string, now: Date, status = 'scheduled') {
  const saved = await save({ title, status, published_at: local }, now)
  if (!saved.ok) throw new Error(JSON.stringify(saved))
  return saved.id
}

async function onSchedule() {
  const { rows } = await listActivity({ kind: 'post' })
  return rows.filter((row) => row.action === 'published on schedule')
}

describe('saving a scheduled post', () => {
  it('keeps a Scheduled post with a time ahead waiting, and a Published one with a later time too', async () => {
    const scheduled = await schedule('Edibles Week', '2030-11-29T09:00', WEDNESDAY_8AM)
    const published = await schedule('Holiday Hours', '2030-11-29T09:00', WEDNESDAY_8AM, 'published')
    expect(await getPostById(scheduled)).toMatchObject({ status: 'scheduled', published_at: FRIDAY_9AM.toISOString() })
    // What waits is stored as scheduled: the publisher puts both on the site at their time.
    expect(await getPostById(published)).toMatchObject({ status: 'scheduled', published_at: FRIDAY_9AM.toISOString() })
  })

  it('refuses a Scheduled time that has already passed, saying so, and saves nothing', async () => {
    const result = await save({ title: 'Too Late', status: 'scheduled', published_at: '2030-11-27T07:59' })
    expect(result).toEqual({
      ok: false,
      fieldErrors: { published_at: [SCHEDULE_PASSED_MESSAGE] },
      schedulePassed: true,
    })
    expect(await countPostsByStatus(WEDNESDAY_8AM)).toEqual({ draft: 0, scheduled: 0, published: 0 })
  })

  it('refuses Scheduled without a time', async () => {
    const result = await save({ title: 'Someday', status: 'scheduled' })
    expect(result).toEqual({
      ok: false,
      fieldErrors: { published_at: [SCHEDULE_NEEDS_TIME_MESSAGE] },
      schedulePassed: false,
    })
  })

  it('story: I open my Friday 9 AM post at 8:55 to fix a typo and press Schedule at 9:02; the fix is saved and the post stays on the blog, dated 9:00', async () => {
    const id = await schedule('Edibles Week', '2030-11-29T09:00', WEDNESDAY_8AM)
    const at = (minutes: number) => new Date(FRIDAY_9AM.getTime() + minutes * 60_000)
    // The publisher's timer puts it on the site at 9:00, while the editor is open.
    await publishDuePosts(at(0))
    const fixed = await resave(
      id,
      { title: 'Edibles Week', content: 'Fixed typo.', status: 'scheduled', published_at: '2030-11-29T09:00' },
      at(2),
    )
    expect(fixed).toMatchObject({ ok: true, status: 'published', published_at: FRIDAY_9AM.toISOString() })
    expect(await getPublishedPostBySlug('edibles-week', at(2))).toMatchObject({
      content: 'Fixed typo.',
      published_at: FRIDAY_9AM.toISOString(),
    })
  })

  it('the same, a few seconds before the publisher came round: saved as published at its time', async () => {
    const id = await schedule('Edibles Week', '2030-11-29T09:00', WEDNESDAY_8AM)
    const saved = await resave(
      id,
      { title: 'Edibles Week', status: 'scheduled', published_at: '2030-11-29T09:00' },
      new Date(FRIDAY_9AM.getTime() + 20_000),
    )
    expect(saved).toMatchObject({ ok: true, status: 'published', published_at: FRIDAY_9AM.toISOString() })
  })

  it('still refuses a time gone by that the owner typed: another time than the saved one', async () => {
    const id = await schedule('Edibles Week', '2030-11-29T09:00', WEDNESDAY_8AM)
    const saved = await resave(
      id,
      { title: 'Edibles Week', status: 'scheduled', published_at: '2030-11-29T08:30' },
      new Date(FRIDAY_9AM.getTime() + 2 * 60_000),
    )
    expect(saved).toMatchObject({ ok: false, schedulePassed: true })
    expect(await getPostById(id)).toMatchObject({ status: 'scheduled', published_at: FRIDAY_9AM.toISOString() })
  })

  it('keeps the saved moment of a post re-saved without touching its time: seconds, and the repeated hour when clocks fall back', async () => {
    // 1:30 AM on Sunday 3 November 2030 happens twice in Norman; this is the second (CST, UTC-6).
    const secondHalfPast = '2030-11-03T07:30:00.000Z'
    for (const stored of [secondHalfPast, '2030-11-20T15:04:37.512Z']) {
      const created = await save({ title: `Kept ${stored}`, status: 'published' })
      if (!created.ok) throw new Error('not saved')
      database.sqlite.prepare('UPDATE posts SET published_at = ? WHERE id = ?').run(stored, created.id)
      const local = (await getPostById(created.id))!.published_at
      const resaved = await resave(
        created.id,
        { title: `Kept ${stored}`, status: 'published', published_at: isoToStoreLocal(local) },
        WEDNESDAY_8AM,
      )
      expect(resaved, stored).toMatchObject({ ok: true, published_at: stored })
    }
  })

  it('publishes at once only when the owner presses Publish now', async () => {
    const result = await save(
      { title: 'Right Away', status: 'scheduled', published_at: '2030-11-27T07:59' },
      WEDNESDAY_8AM,
      { publishNow: true },
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(await getPostById(result.id)).toMatchObject({
      status: 'published',
      published_at: WEDNESDAY_8AM.toISOString(),
    })
    expect(await getPublishedPostBySlug('right-away', WEDNESDAY_8AM)).toBeDefined()
  })
})

describe('publishing due posts', () => {
  it('turns each due Scheduled post to published once, logged once as "published on schedule"', async () => {
    const due = await schedule('Due Friday', '2030-11-29T09:00', WEDNESDAY_8AM)
    await schedule('Due Saturday', '2030-11-30T09:00', WEDNESDAY_8AM)

    expect(await publishDuePosts(new Date(FRIDAY_9AM.getTime() - 1))).toEqual([])
    expect(await publishDuePosts(FRIDAY_9AM)).toEqual([{ id: due, title: 'Due Friday' }])
    expect(await publishDuePosts(FRIDAY_9AM)).toEqual([])

    const entries = await onSchedule()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ subject_id: due, subject_label: 'Due Friday', actor_email: null })
    expect(await getPostById(due)).toMatchObject({ status: 'published', published_at: FRIDAY_9AM.toISOString() })
    expect((await listPublishedPosts({ now: FRIDAY_9AM })).posts.map((post) => post.title)).toEqual(['Due Friday'])
  })

  it('puts the demo post "Edibles Week Is Coming" on the blog on its date', async () => {
    const seededAt = new Date()
    await seedContent('demo', seededAt)
    const { rows } = await listActivity({})
    expect(rows.filter((row) => row.action === 'published on schedule')).toEqual([])
    const edibles = database.sqlite
      .prepare("SELECT status, published_at FROM posts WHERE slug = 'edibles-week-is-coming'")
      .get() as { status: string; published_at: string }
    expect(edibles.status).toBe('scheduled')
    const itsDate = new Date(edibles.published_at)
    expect(itsDate.getTime()).toBeGreaterThan(seededAt.getTime())

    expect(await getPublishedPostBySlug('edibles-week-is-coming', itsDate)).toBeUndefined()
    const published = await publishDuePosts(itsDate)
    expect(published.map((post) => post.title)).toContain('Edibles Week Is Coming')
    expect(await getPublishedPostBySlug('edibles-week-is-coming', itsDate)).toBeDefined()
  })
})

describe('the in-process publisher', () => {
  it('story: on Thursday evening I schedule a post for Friday 9 AM; at 9 it is on the blog, the feed and the sitemap, with nobody signed in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: THURSDAY_6PM })
    await startPostScheduler({ onPublished: () => {} })
    const id = await schedule('Friday Flower Drop', '2030-11-29T09:00', new Date())

    // Friday, 8:59 AM: still waiting.
    await vi.advanceTimersByTimeAsync(FRIDAY_9AM.getTime() - Date.now() - 60_000)
    expect(await getPublishedPostBySlug('friday-flower-drop')).toBeUndefined()
    expect(await countPostsByStatus()).toMatchObject({ scheduled: 1, published: 0 })

    // Friday, 9:00 AM.
    await vi.advanceTimersByTimeAsync(60_000 + 10)
    expect(await getPostById(id)).toMatchObject({ status: 'published' })
    expect((await listPublishedPosts()).posts.map((post) => post.title)).toEqual(['Friday Flower Drop'])
    expect((await listPostsForFeed()).map((post) => post.title)).toEqual(['Friday Flower Drop'])
    expect((await listPostsForSitemap()).map((post) => post.slug)).toEqual(['friday-flower-drop'])
    expect(await onSchedule()).toHaveLength(1)
  })

  it('publishes at the time a save names, not at the timer it had already armed', async () => {
    // 8:00:30 AM: the publisher, with nothing to wait for, would look again at 8:01:30.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: WEDNESDAY_8AM.getTime() + 30_000 })
    await startPostScheduler({ onPublished: () => {} })
    await schedule('Later One', '2030-11-29T09:00', new Date())
    const soon = await schedule('Sooner One', '2030-11-27T08:01', new Date())
    await vi.advanceTimersByTimeAsync(30_000 + 10)
    expect(await getPostById(soon)).toMatchObject({ status: 'published' })
    expect(await countPostsByStatus()).toMatchObject({ scheduled: 1, published: 1 })
  })

  it('story: I delete Friday’s scheduled post by mistake and restore it on Saturday; it is on the blog the moment I restore it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: THURSDAY_6PM })
    await startPostScheduler({ onPublished: () => {} })
    const id = await schedule('Friday Flower Drop', '2030-11-29T09:00', new Date())
    await moveToTrash('post', id)
    // Friday 9 AM comes and goes while the post is in the Trash: nothing is published.
    await vi.advanceTimersByTimeAsync(FRIDAY_9AM.getTime() - Date.now() + 24 * 3_600_000)
    expect(await getPostById(id)).toBeUndefined()
    expect(await countPostsByStatus()).toMatchObject({ published: 0 })
    // Saturday: restored, and published at once, not at the publisher's next look a minute later.
    expect(await restoreFromTrash('post', id)).toMatchObject({ ok: true })
    expect(await getPostById(id)).toMatchObject({ status: 'published' })
    expect((await listPublishedPosts()).posts.map((post) => post.title)).toEqual(['Friday Flower Drop'])
  })

  it('publishes what a forward clock jump made due within a minute', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: WEDNESDAY_8AM })
    await startPostScheduler({ onPublished: () => {} })
    const id = await schedule('Across The Jump', '2030-11-29T09:00', new Date())
    // The wall clock leaps two days ahead (a suspended machine waking up); timers did not run meanwhile.
    vi.setSystemTime(new Date(FRIDAY_9AM.getTime() + 3_600_000))
    await vi.advanceTimersByTimeAsync(60_000 + 10)
    expect(await getPostById(id)).toMatchObject({ status: 'published' })
  })

  it('makes a kept copy of a public page stale the moment the post is published', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: WEDNESDAY_8AM })
    await startPostScheduler({ onPublished: () => {} })
    await schedule('Cache Buster', '2030-11-27T08:05', new Date())
    // The blog list as kept by the page cache before Friday (it would otherwise live until its expiry).
    const cache = new RenderCache(1_000_000)
    const kept: CachedPage = {
      status: 200,
      headers: [],
      etag: 'W/"before"',
      body: Buffer.from('<ul></ul>'),
      gzip: Buffer.alloc(0),
      br: Buffer.alloc(0),
      version: contentVersion(),
      expiresAt: Number.MAX_SAFE_INTEGER,
    }
    cache.set('/blog', kept)
    expect(cache.get('/blog', contentVersion(), Date.now())).toBeDefined()
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 10)
    // The publication is a write to a public table: the kept list is no longer served.
    expect(cache.get('/blog', contentVersion(), Date.now())).toBeUndefined()
    expect((await listPublishedPosts()).posts.map((post) => post.title)).toEqual(['Cache Buster'])
  })
})

describe('the publisher while nothing is due', () => {
  it('keeps every kept page: its minute-by-minute look writes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: WEDNESDAY_8AM })
    await startPostScheduler({ onPublished: () => {} })
    const id = await schedule('Far Ahead', '2030-11-29T09:00', new Date())
    const version = contentVersion()
    // An hour of wake-ups, a post two days away: the page cache must not be emptied each minute.
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(contentVersion()).toBe(version)
    expect(await getPostById(id)).toMatchObject({ status: 'scheduled' })
  })
})

describe('a restart', () => {
  it('publishes what came due while the server was down, once, however often it starts again', async () => {
    const id = await schedule('Due While Down', '2030-11-29T09:00', WEDNESDAY_8AM)
    await closeDatabase()

    // The server comes back after Friday 9 AM (a restart, or a restore from the replica).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(FRIDAY_9AM.getTime() + 3_600_000) })
    for (let start = 0; start < 3; start++) {
      useDatabase(openDatabase(database.path))
      await startPostScheduler({ onPublished: () => {} })
      stopPostScheduler()
      expect(await getPostById(id)).toMatchObject({ status: 'published' })
      expect(await onSchedule()).toHaveLength(1)
      await closeDatabase()
    }
    useDatabase(openDatabase(database.path))
  })
})

describe('the publisher when things go wrong', () => {
  it('story: the disk fills on Friday morning; the publisher is quiet while nothing is due, says each minute that the 9 AM post could not go live, and publishes it the minute the disk has room', async () => {
    const id = await schedule('Friday Flower Drop', '2030-11-29T09:00', WEDNESDAY_8AM)
    await closeDatabase()
    useDatabase(openDatabase(database.path, { readonly: true }))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
      now: new Date(FRIDAY_9AM.getTime() - 3_600_000),
    })
    await startPostScheduler({ onPublished: () => {} })
    // 8:00 to 8:59:59, a look each minute: nothing is due, so nothing is written and nothing logged.
    await vi.advanceTimersByTimeAsync(3_600_000 - 1000)
    expect(errors).not.toHaveBeenCalled()
    // 9:00, 9:01 and 9:02: due, and the database refuses the write.
    await vi.advanceTimersByTimeAsync(3 * 60_000)
    const publisherErrors = () => errors.mock.calls.filter(([message]) => String(message).startsWith('Scheduled posts'))
    expect(publisherErrors().map(([message]) => message)).toEqual(
      Array(3).fill('Scheduled posts could not be published:'),
    )
    expect(await getPostById(id)).toMatchObject({ status: 'scheduled' })
    // Room again: the next look, within the minute, publishes it.
    await closeDatabase()
    useDatabase(openDatabase(database.path))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await getPostById(id)).toMatchObject({ status: 'published', published_at: FRIDAY_9AM.toISOString() })
    expect(publisherErrors()).toHaveLength(3)
  })

  it('says in the server log which posts went live, once, in the look that published them', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: WEDNESDAY_8AM })
    await startPostScheduler()
    await schedule('Friday Flower Drop', '2030-11-29T09:00', new Date())
    await schedule('Friday Pre-Rolls', '2030-11-29T09:00', new Date())
    await vi.advanceTimersByTimeAsync(FRIDAY_9AM.getTime() - Date.now() + 5 * 60_000)
    const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('Published'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^Published on schedule: (“Friday Flower Drop”, “Friday Pre-Rolls”|“Friday Pre-Rolls”, “Friday Flower Drop”)$/,
    )
  })

  it('a post saved while the publisher is publishing another goes out in the same look, not a timer later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: FRIDAY_9AM })
    await schedule('First Drop', '2030-11-29T09:00', WEDNESDAY_8AM)
    const second = await schedule('Second Drop', '2030-11-29T09:00', WEDNESDAY_8AM, 'draft')
    let saved = false
    await startPostScheduler({
      onPublished: () => {
        if (saved) return
        saved = true
        // While the first is being published, staff schedule the second for 9:00 and save.
        database.sqlite
          .prepare(`UPDATE posts SET status = 'scheduled', published_at = ? WHERE id = ?`)
          .run(FRIDAY_9AM.toISOString(), second)
        void rearmPostScheduler()
      },
    })
    // No timer has run: the look the save asked for, right after the first, published it.
    expect(await getPostById(second)).toMatchObject({ status: 'published' })
  })

  it('started again, the new publisher takes over from the old one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: WEDNESDAY_8AM })
    const announced: string[] = []
    await startPostScheduler({ onPublished: () => announced.push('first') })
    await schedule('Friday Flower Drop', '2030-11-29T09:00', new Date())
    await startPostScheduler({ onPublished: () => announced.push('second') })
    await vi.advanceTimersByTimeAsync(FRIDAY_9AM.getTime() - Date.now() + 60_000)
    expect(announced).toEqual(['second'])
  })

  it('once stopped (the server shutting down), it publishes nothing more, even when stopped in the middle of a look', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: WEDNESDAY_8AM })
    const early = await schedule('Due At 8:01', '2030-11-27T08:01', WEDNESDAY_8AM)
    const later = await schedule('Due At 8:15', '2030-11-27T08:15', WEDNESDAY_8AM)
    // Stopped between two looks, its timer armed for 8:01.
    await startPostScheduler({ onPublished: () => {} })
    stopPostScheduler()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(await getPostById(early)).toMatchObject({ status: 'scheduled' })
    // At 8:05, started and stopped while its first look is under way: that look ends (and
    // publishes what is due), and arms nothing for 8:15.
    const look = startPostScheduler({ onPublished: () => {} })
    stopPostScheduler()
    await look
    expect(await getPostById(early)).toMatchObject({ status: 'published' })
    await vi.advanceTimersByTimeAsync(20 * 60_000)
    expect(await getPostById(later)).toMatchObject({ status: 'scheduled' })
  })
})
