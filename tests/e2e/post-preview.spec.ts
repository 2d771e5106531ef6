import { expect, test } from './fixtures'
import { queryE2e } from './support/blog-data'
import { unique } from './support/names'
import { mintSessionCookie } from './support/session'

/**
 * The owner sees the post as visitors will, from the editor: the Preview tab
 * draws the unsaved form with the public page's own article (title, author,
 * date, read time, categories, body), and Preview beside Save opens the saved
 * post's address in a new tab.
 */

const postCount = (title: string) =>
  queryE2e<{ n: number }>('SELECT count(*) AS n FROM posts WHERE title = ?', title)[0]!.n

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ signedIn: true, viewport: { width, height: 844 } })

    test('I see my unsaved post as visitors will, then open the saved one at its address', async ({
      page,
      context,
    }, testInfo) => {
      const title = unique('Preview Walk')
      await page.goto('/admin/blog/new')
      const bar = page.getByRole('group', { name: 'Publish' })
      await expect(bar.getByRole('button', { name: 'Preview', exact: true })).toBeDisabled()

      await page.getByLabel('Title', { exact: true }).fill(title)
      await page.getByLabel('Author').fill('Tessa at the Counter')
      await page.getByLabel('New categories (comma-separated)').fill('Preview Picks')
      await page
        .getByLabel('Content (Markdown)')
        .fill(`Our **budtenders** pick.\n\n## What to ask\n\n${'word '.repeat(450)}`)
      await page.getByRole('tab', { name: 'Preview' }).click()
      const preview = page.getByRole('tabpanel', { name: 'Preview' })
      // The public page's article: heading, byline with date and read time, category, body.
      await expect(preview.getByRole('heading', { name: title, level: 1 })).toBeVisible()
      await expect(preview.getByText('Tessa at the Counter')).toBeVisible()
      await expect(preview.getByText('3 min read')).toBeVisible()
      await expect(preview.getByRole('list', { name: 'Categories' }).getByText('Preview Picks')).toBeVisible()
      await expect(preview.getByRole('heading', { name: 'What to ask', level: 2 })).toBeVisible()
      await expect(preview.locator('strong')).toHaveText('budtenders')
      await expect(preview.getByText('As visitors will see it (not saved)')).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`editor-preview-${width}.png`), fullPage: false })
      // Nothing was saved by looking.
      expect(postCount(title)).toBe(0)

      await page.getByRole('tab', { name: 'Write' }).click()
      await bar.getByRole('button', { name: 'Save draft', exact: true }).click()
      await expect(page).toHaveURL(/\/admin\/blog$/)
      await page.getByRole('link', { name: `Edit ${title}` }).click()
      const link = page.getByRole('group', { name: 'Publish' }).getByRole('link', { name: /^Preview/ })
      await expect(link).toHaveAttribute('target', '_blank')
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()])
      await tab.waitForLoadState()
      expect(new URL(tab.url()).pathname).toMatch(/^\/blog\/preview-walk-/)
      await expect(tab.getByText('Preview – not published')).toBeVisible()
      await expect(tab.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    })
  })
}

test('the preview route answers signed-in staff only, never cached and never indexed', async ({ baseURL }) => {
  const form = new FormData()
  form.set('title', 'Secret Plans')
  form.set('content', '# Hello')
  const anonymous = await fetch(`${baseURL}/admin/blog/preview`, {
    method: 'POST',
    body: form,
    headers: { Origin: baseURL! },
    redirect: 'manual',
  })
  expect(anonymous.status).toBe(302)
  expect(await anonymous.text()).not.toContain('Secret Plans')

  const staff = await fetch(`${baseURL}/admin/blog/preview`, {
    method: 'POST',
    body: form,
    headers: { Origin: baseURL!, Cookie: await mintSessionCookie() },
  })
  expect(staff.status).toBe(200)
  expect(staff.headers.get('cache-control')).toContain('no-store')
  expect(staff.headers.get('x-robots-tag')).toContain('noindex')
})
