import { expect, test } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { ownerPage, usePrivateServer } from './support/server'
import { e2eDatabase } from './support/session'
import { LAPTOP, PHONE } from './support/viewports'

/** A page answering a form post can take several seconds on a busy shared test machine. */

/**
 * The owner moves Monday's closing time at Lindsey Street from 10 PM to 9 PM
 * and moves a post to Sunday Nov 29, 9 AM. The activity log tells her so in
 * her own words, on her phone and her laptop: no ISO timestamps, no dotted
 * field paths, no codes. (A server of its own: it changes the store's hours.)
 */
const server = usePrivateServer()

/** Writes a post straight into the server's database and returns its id. */
function insertPost(post: { title: string; slug: string; content: string; status: string; published_at?: string }) {
  const db = e2eDatabase(server.databasePath)
  try {
    return Number(
      db
        .prepare(
          'INSERT INTO posts (title, slug, content, status, published_at) VALUES (@title, @slug, @content, @status, @published_at)',
        )
        .run({ published_at: null, ...post }).lastInsertRowid,
    )
  } finally {
    db.close()
  }
}

test('after a change of hours and of a post’s date, the log reads in the store’s words', async ({ browser }) => {
  const page = await ownerPage(browser, server, { viewport: { width: 1280, height: 900 } })

  await page.goto('/admin/settings')
  const lindsey = page.getByRole('group', { name: /Store: Lindsey Street/ })
  const monday = lindsey
    .locator('div')
    .filter({ has: page.getByText('Monday', { exact: true }) })
    .last()
  await monday.getByLabel('Closes', { exact: true }).fill('21:00')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()

  const postId = insertPost({
    title: 'Thanksgiving weekend hours',
    slug: 'thanksgiving-weekend-hours',
    content: 'We close early on Thursday.',
    status: 'published',
    published_at: '2026-11-20T15:00:00.000Z',
  })
  await page.goto(`/admin/blog/edit/${postId}`)
  await page.getByLabel('Publish date').fill('2026-11-29T09:00')
  await page.getByRole('button', { name: /^(Schedule for|Publish|Update)/ }).click()
  await expect(page.getByText('Post updated')).toBeVisible()
  await page.context().close()

  for (const viewport of [PHONE, LAPTOP]) {
    const log = await ownerPage(browser, server, { viewport })
    await log.goto('/admin/activity')
    const changes = log.getByRole('list', { name: 'Changes, newest first' })
    await expect(changes.getByText('Lindsey Street · Monday closes:')).toBeVisible()
    await expect(changes.getByRole('listitem').filter({ hasText: 'Monday closes' }).first()).toContainText(
      'Lindsey Street · Monday closes: 10 PM → 9 PM',
    )
    const post = changes.getByRole('listitem').filter({ hasText: 'Thanksgiving weekend hours' }).first()
    await expect(post).toContainText('Publish date: Nov 20, 2026, 9:00 AM → Nov 29, 2026, 9:00 AM')
    const text = await changes.innerText()
    expect(text, 'no ISO timestamp').not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/)
    expect(text, 'no dotted field path').not.toMatch(/\b[a-z]\w*\.[A-Za-z]\w*\.\w+/)
    expect(text, 'no raw clock').not.toMatch(/\b\d\d:\d\d\b(?! ?[AP]M)/)
    await log.screenshot({ path: screenshotPath(`activity-log-in-words-${viewport.width}.png`), fullPage: false })
    await log.context().close()
  }
})

test('a long change shows its start, with the whole text one click away', async ({ browser }) => {
  const page = await ownerPage(browser, server, { viewport: PHONE })
  const postId = insertPost({
    title: 'Our story',
    slug: 'our-story-long',
    content: 'Short first version.',
    status: 'draft',
  })
  const body = `We opened on Lindsey Street in 2019. ${'Patients asked and we listened. '.repeat(20)}The end of the story.`
  await page.goto(`/admin/blog/edit/${postId}`)
  await page.getByLabel('Content (Markdown)').fill(body)
  await page.getByRole('button', { name: 'Save draft', exact: true }).click()
  await expect(page.getByText('Post updated')).toBeVisible()

  await page.goto('/admin/activity')
  const entry = page.getByRole('listitem').filter({ hasText: 'Our story' }).first()
  await expect(entry).toContainText('Content:')
  await expect(entry.getByText('The end of the story.')).toBeHidden()
  await entry.getByText('Full text of content').click()
  await expect(entry.getByText(/The end of the story\./)).toBeVisible()
  await page.context().close()
})
