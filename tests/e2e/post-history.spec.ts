import { expect, test } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { e2eDatabase, signIn } from './support/session'

/**
 * History as the owner uses it: every save is kept; she compares an older
 * version with the current text, sees what changed, and restores it.
 */

function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
}

test.beforeEach(async ({ context, baseURL }) => {
  await signIn(context, baseURL!)
})

for (const width of [1280, 390]) {
  test(`at ${width} px: I compare an older version with the current text and restore it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 })
    const title = unique('Terpene Notes')
    const before = ['## Myrcene', 'Earthy and musky.', 'Found in mango.', '', '## Limonene', 'Bright citrus.'].join(
      '\n',
    )
    const after = before.replace('Earthy and musky.', 'Earthy, musky, a little sweet.')
    await page.goto('/admin/blog/new')
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Content (Markdown)').fill(before)
    await page.getByRole('button', { name: 'Save draft', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await page.getByRole('link', { name: `Edit ${title}` }).click()
    await page.getByLabel('Content (Markdown)').fill(after)
    await page.getByLabel('Meta title').fill('Terpenes, plainly')
    await page.getByRole('button', { name: 'Save draft', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)

    await page.getByRole('link', { name: `Edit ${title}` }).click()
    const history = page.getByRole('list', { name: 'Saved versions' })
    await expect(history.getByRole('listitem')).toHaveCount(2)
    await expect(history.getByRole('listitem').first()).toContainText('admin@example.com')
    await expect(history.getByRole('listitem').first()).toContainText('(latest save)')
    await page.screenshot({ path: screenshotPath(`post-editor-${width}.png`) })

    // The older version, against the current text.
    await history
      .getByRole('link', { name: /^Compare the version of/ })
      .last()
      .click()
    await expect(page.getByRole('heading', { name: /^Version of / })).toBeVisible()
    const fields = page.getByRole('region', { name: 'Fields that differ', exact: true })
    await expect(fields.getByText('Meta title')).toBeVisible()
    await expect(fields.getByText('Terpenes, plainly')).toBeVisible()
    const body = page.getByRole('region', { name: 'Content', exact: true })
    await expect(body.getByText('Only in this version: Earthy and musky.')).toBeVisible()
    await expect(body.getByText('Only in the current text: Earthy, musky, a little sweet.')).toBeVisible()
    await expect(body.getByText('## Myrcene')).toBeVisible()
    await page.screenshot({ path: screenshotPath(`post-history-${width}.png`), fullPage: true })

    await page.getByRole('button', { name: 'Restore this version' }).click()
    await expect(page).toHaveURL(/\/admin\/blog\/edit\/\d+$/)
    await expect(page.getByText('Version restored')).toBeVisible()
    await expect(page.getByLabel('Content (Markdown)')).toHaveValue(before)
    // The restore is itself a save: kept, and in the activity log.
    await expect(page.getByRole('list', { name: 'Saved versions' }).getByRole('listitem')).toHaveCount(3)
    const db = e2eDatabase()
    try {
      const entry = db
        .prepare('SELECT action FROM activity_log WHERE subject_label = ? ORDER BY id DESC LIMIT 1')
        .get(title) as { action: string }
      expect(entry.action).toBe('restored a version')
    } finally {
      db.close()
    }
  })
}

test('without JavaScript, History and Restore work as plain links and forms', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
  await signIn(context, baseURL!)
  const page = await context.newPage()
  const title = unique('Plain History')
  await page.goto('/admin/blog/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Content (Markdown)').fill('First words.')
  await page.getByRole('button', { name: 'Save post', exact: true }).click()
  await page.getByRole('link', { name: `Edit ${title}` }).click()
  await page.getByLabel('Content (Markdown)').fill('Second words.')
  await page.getByRole('button', { name: 'Save post', exact: true }).click()
  await page.getByRole('link', { name: `Edit ${title}` }).click()
  await page.getByRole('list', { name: 'Saved versions' }).getByRole('link').last().click()
  await page.getByRole('button', { name: 'Restore this version' }).click()
  await expect(page.getByLabel('Content (Markdown)')).toHaveValue('First words.')
  await context.close()
})
