import type { Browser, BrowserContext } from '@playwright/test'

import { isoToStoreLocal } from '~/lib/time'

import { expect, test } from './fixtures'
import { slugOf, unique } from './support/names'
import { startServer } from './support/server'
import { e2eDatabase, signIn } from './support/session'

/**
 * Scheduling as the owner does it: a post set to Scheduled stays off the
 * site until its time, then goes live by itself, with nobody signed in. The
 * editor takes minutes, so the test schedules for the next whole minute at
 * least a minute away and waits for it (the server has no test clock: its
 * own timer is what is under test). It runs on a server of its own, so the
 * dashboard's counts move only by what the test does.
 */

const storeClock = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', ...options })
/** 'Thu Nov 26, 10:37 AM' */
const withWeekday = (date: Date) =>
  storeClock({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
    .format(date)
    .replace(/^(\w{3}), /, '$1 ')
/** 'Nov 26, 10:37 AM' */
const shortMoment = (date: Date) =>
  storeClock({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date)

async function staffContext(browser: Browser, url: string, databasePath: string, width: number, height: number) {
  const context = await browser.newContext({ baseURL: url, viewport: { width, height } })
  await context.addCookies([{ name: 'age_verified', value: 'IjEi', url }])
  await signIn(context, url, { databasePath })
  return context
}

async function publishedFigure(context: BrowserContext): Promise<number> {
  const page = await context.newPage()
  await page.goto('/admin')
  const tile = await page.getByRole('list', { name: 'Overview' }).getByRole('link', { name: /^Blog/ }).innerText()
  await page.close()
  return Number(/([\d,]+)\s*published/.exec(tile)![1]!.replace(/,/g, ''))
}

/** What a visitor with no cookies gets (the page cache answers these). */
async function visitor(url: string) {
  const response = await fetch(url, { redirect: 'follow' })
  return { status: response.status, text: await response.text() }
}

test('scheduled two minutes ahead: off the site until its time, then on every list by itself (phone and desktop)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(420_000)
  const server = await startServer()
  try {
    const desktop = await staffContext(browser, server.url, server.databasePath, 1280, 800)
    const phone = await staffContext(browser, server.url, server.databasePath, 390, 844)
    const publishedBefore = await publishedFigure(desktop)

    const posts = [
      { context: desktop, name: 'desktop', title: unique('Desktop Drop'), tag: unique('Drop Day') },
      { context: phone, name: 'phone', title: unique('Phone Drop'), tag: '' },
    ]
    // Both owners write their post first (the slow part on a busy machine)...
    const editors = await Promise.all(
      posts.map(async (post) => {
        const page = await post.context.newPage()
        await page.goto('/admin/blog/new')
        await page.getByLabel('Title', { exact: true }).fill(post.title)
        await page.getByLabel('Content (Markdown)').fill('Fresh jars on the shelf at **9 sharp**.')
        if (post.tag) await page.getByLabel('New tags (comma-separated)').fill(post.tag)
        const bar = page.getByRole('group', { name: 'Publish' })
        // From the text to the bar (on a phone the date shows once no text field has the focus).
        await bar.getByLabel('Status').focus()
        await bar.getByLabel('Status').selectOption('scheduled')
        await expect(bar.getByText('Choose the date and time the post should go live.')).toBeVisible()
        return { post, page, bar }
      }),
    )
    // ...then schedule it for the next whole minute at least 100 seconds away: room to save and
    // to look at every list before it goes live.
    const goLive = new Date(Math.ceil((Date.now() + 100_000) / 60_000) * 60_000)
    await Promise.all(
      editors.map(async ({ page, bar }) => {
        await bar.getByLabel(/Publish date/).fill(isoToStoreLocal(goLive.toISOString()))
        // The editor says in plain words when the post goes live.
        await expect(bar.getByText(`Goes live ${withWeekday(goLive)} (Central Time), by itself.`)).toBeVisible()
        const save = bar.getByRole('button', { name: `Schedule for ${withWeekday(goLive)}`, exact: true })
        await expect(save).toBeInViewport()
        await save.click()
        await expect(page).toHaveURL(/\/admin\/blog$/)
      }),
    )

    // Before its time: not counted as published on the dashboard, and nowhere a visitor looks.
    expect(await publishedFigure(desktop)).toBe(publishedBefore)
    // The list's status filter counts it among the scheduled.
    const filtered = await desktop.newPage()
    await filtered.goto('/admin/blog?status=scheduled')
    for (const post of posts) await expect(filtered.getByRole('article', { name: post.title })).toBeVisible()
    const tagPath = `/blog/tag/${slugOf(posts[0]!.tag)}`
    for (const path of ['/blog', '/feed.xml', '/api/blog-sitemap', '/']) {
      const { text } = await visitor(`${server.url}${path}`)
      for (const post of posts) {
        expect(text, path).not.toContain(post.title)
        expect(text, path).not.toContain(slugOf(post.title))
      }
    }
    expect((await visitor(`${server.url}${tagPath}`)).text).not.toContain(posts[0]!.title)
    for (const post of posts) expect((await visitor(`${server.url}/blog/${slugOf(post.title)}`)).status).toBe(404)
    expect(Date.now()).toBeLessThan(goLive.getTime())

    // The list the owner landed on after saving calls it Scheduled, with its time.
    for (const { post, page } of editors) {
      const card = page.getByRole('article', { name: post.title })
      await expect(card.getByText(`Scheduled · ${shortMoment(goLive)}`, { exact: true })).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`scheduled-list-${post.name}.png`) })
      await page.close()
    }

    // Nobody does anything: at its time the server publishes it, and every list shows it.
    await expect
      .poll(async () => (await visitor(`${server.url}/blog`)).text, { timeout: 240_000, intervals: [2_000] })
      .toContain(posts[1]!.title)
    expect(Date.now()).toBeGreaterThanOrEqual(goLive.getTime())
    for (const path of ['/blog', '/feed.xml', '/api/blog-sitemap', '/']) {
      const { text } = await visitor(`${server.url}${path}`)
      for (const post of posts) expect(text, path).toContain(slugOf(post.title))
    }
    expect((await visitor(`${server.url}${tagPath}`)).text).toContain(posts[0]!.title)
    for (const post of posts) expect((await visitor(`${server.url}/blog/${slugOf(post.title)}`)).status).toBe(200)

    // A visitor's browser on a phone sees it on the blog.
    const reader = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } })
    await reader.addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
    const blog = await reader.newPage()
    await blog.goto('/blog')
    await expect(blog.getByText(posts[1]!.title).first()).toBeVisible()
    await reader.close()

    // To staff it is now published, counted once each, and logged once each.
    await filtered.goto('/admin/blog')
    for (const post of posts) {
      await expect(
        filtered.getByRole('article', { name: post.title }).getByText('Published', { exact: true }),
      ).toBeVisible()
    }
    expect(await publishedFigure(desktop)).toBe(publishedBefore + 2)
    const db = e2eDatabase(server.databasePath)
    try {
      const logged = db
        .prepare("SELECT subject_label FROM activity_log WHERE action = 'published on schedule' ORDER BY id")
        .all() as { subject_label: string }[]
      // Once each (the two were saved at the same moment, so in either order).
      expect(logged.map((row) => row.subject_label).sort()).toEqual(posts.map((post) => post.title).sort())
    } finally {
      db.close()
    }
    await desktop.close()
    await phone.close()
  } finally {
    await server.stop()
  }
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a Scheduled time that has already passed (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, () => {
    test.use({ javaScriptEnabled, signedIn: true })

    test('is refused with a clear message, and Publish now is the one way to go live at once', async ({
      page,
      baseURL,
    }) => {
      const title = unique('Missed The Moment')
      await page.goto('/admin/blog/new')
      await page.getByLabel('Title', { exact: true }).fill(title)
      await page.getByLabel('Status').selectOption('scheduled')
      await page.getByLabel(/Publish date/).fill('2026-01-05T09:00')
      if (javaScriptEnabled) {
        // Said at once, beside the button.
        await expect(
          page.getByText('Mon Jan 5, 9:00 AM has already passed. Choose a later time, or publish the post now.'),
        ).toBeVisible()
        await page.getByRole('button', { name: 'Schedule', exact: true }).click()
      } else {
        await expect(page.getByRole('button', { name: 'Publish now' })).toHaveCount(0)
        await page.getByRole('button', { name: 'Save post', exact: true }).click()
      }
      await expect(
        page.getByText('This time has already passed. Choose a later time to schedule the post, or use Publish now.'),
      ).toBeVisible()
      // Nothing was saved, and what was typed is still there.
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
      const db = e2eDatabase()
      try {
        expect(db.prepare('SELECT id FROM posts WHERE title = ?').get(title)).toBeUndefined()
      } finally {
        db.close()
      }

      await page.getByRole('button', { name: 'Publish now', exact: true }).click()
      await expect(page).toHaveURL(/\/admin\/blog$/)
      await expect(page.getByText(`It is public at /blog/${slugOf(title)}.`)).toBeVisible()
      expect((await fetch(`${baseURL}/blog/${slugOf(title)}`)).status).toBe(200)
    })
  })
}
