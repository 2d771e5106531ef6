import AxeBuilder from '@axe-core/playwright'

import { expect, test } from './fixtures'
import { everyPage } from './support/pages'
import { signIn } from './support/session'

/** axe over every public and admin page at phone and desktop widths: WCAG 2.2 A and AA. */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]

for (const viewport of WIDTHS) {
  test.describe(`${viewport.name} ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    for (const { label, path, admin } of everyPage()) {
      test(`${label} has no WCAG 2.2 A/AA violations`, async ({ page, context, baseURL }) => {
        if (admin) await signIn(context, baseURL!)
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await page.goto(path(), { waitUntil: 'networkidle' })
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          // Third-party frames (live menu, maps) cannot load here and are not ours to audit.
          .exclude('iframe')
          .analyze()
        const summary = results.violations.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        )
        expect(summary).toEqual([])
      })
    }
  })
}

test('the age gate itself passes axe', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('dialog')).toBeVisible()
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  await context.close()
})
