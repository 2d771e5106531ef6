import { expect, test } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { signIn } from './support/session'

/** A page answering a form post can take several seconds on a busy shared test machine. */

/**
 * The admin screens the owner uses most, on her phone and her laptop: nothing
 * runs off the right edge, the section menu names where she is. The pictures
 * go to docs/screenshots with UPDATE_SCREENSHOTS=1.
 */

const SCREENS = [
  { path: '/admin', name: 'dashboard', section: 'Dashboard' },
  { path: '/admin/inquiries', name: 'inquiries', section: 'Inquiries' },
  { path: '/admin/settings', name: 'settings', section: 'Settings' },
  { path: '/admin/activity', name: 'activity', section: 'Activity' },
]

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })
    for (const screen of SCREENS) {
      test(`${screen.path} fits the screen`, async ({ page, context, baseURL }) => {
        await signIn(context, baseURL!)
        await page.goto(screen.path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
        const nav = page.getByRole('navigation', { name: 'Admin sections' })
        if (viewport.width < 768) {
          await expect(nav.getByLabel(`Sections menu, now on ${screen.section}`)).toBeVisible()
        } else {
          await expect(nav.getByRole('link', { name: screen.section, exact: true })).toHaveAttribute(
            'aria-current',
            'page',
          )
        }
        await page.screenshot({ path: screenshotPath(`admin-${screen.name}-${viewport.width}.png`) })
      })
    }
  })
}
