import AxeBuilder from '@axe-core/playwright'

import { expect, test } from './fixtures'
import { everyPage } from './support/pages'
import { signIn } from './support/session'

/**
 * axe over every public and admin page at phone and desktop widths: WCAG 2.2 A
 * and AA. Each page is opened once, audited at the phone width, then widened
 * to the desktop width and audited again.
 */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

for (const { label, path, admin } of everyPage()) {
  test(`${label} has no WCAG 2.2 A/AA violations at ${WIDTHS.map((w) => `${w.width}`).join(' or ')} px`, async ({
    page,
    context,
    baseURL,
  }) => {
    if (admin) await signIn(context, baseURL!)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: WIDTHS[0]!.width, height: WIDTHS[0]!.height })
    await page.goto(path(), { waitUntil: 'networkidle' })
    const found: Record<string, string[]> = {}
    for (const viewport of WIDTHS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height })
      // Let the new width's layout settle (media queries, resize listeners) before auditing.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      const results = await new AxeBuilder({ page })
        .withTags(TAGS)
        // Third-party frames (live menu, maps) cannot load here and are not ours to audit.
        .exclude('iframe')
        .analyze()
      found[`${viewport.name} ${viewport.width}px`] = results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      )
    }
    expect(found).toEqual(Object.fromEntries(WIDTHS.map((w) => [`${w.name} ${w.width}px`, []])))
  })
}

test('the age gate itself passes axe', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('dialog')).toBeVisible()
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  await context.close()
})
