import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'

/** Holds the list's data back for a moment, as a slow connection would. */
async function slowData(page: Page, path: string) {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${path}.data*`, async (route) => {
    await held
    await route.continue()
  })
  return release
}

const LISTS = [
  { link: 'Brands', path: '/admin/brands', kind: 'brand', count: 12, loaded: 'Brands' },
  { link: 'Blog', path: '/admin/blog', kind: 'post', count: 5, loaded: 'Blog Posts' },
] as const

test.use({ signedIn: true })

for (const width of [390, 1280]) {
  for (const list of LISTS) {
    test(`at ${width} px: ${list.count} ${list.kind} placeholders show while the ${list.link.toLowerCase()} list loads`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/admin')
      const release = await slowData(page, list.path)
      const sections = page.getByRole('navigation', { name: 'Admin sections' })
      // On a phone the sections sit behind the menu button.
      if (width < 768) await sections.getByLabel(/^Sections menu/).click()
      await sections.getByRole('link', { name: list.link }).click()

      const placeholders = page.locator(`[data-skeleton="${list.kind}"]`)
      await expect(placeholders).toHaveCount(list.count)
      await expect(placeholders.first()).toBeVisible()
      await expect(page.locator('main[aria-busy="true"]')).toHaveCount(1)
      await page.screenshot({ path: testInfo.outputPath(`skeleton-${list.kind}-${width}.png`) })

      release()
      await expect(page).toHaveURL(new RegExp(`${list.path}$`))
      await expect(placeholders).toHaveCount(0)
      await expect(page.getByRole('heading', { name: list.loaded, level: 1 })).toBeVisible()
      await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0)
    })
  }
}
