import { expect, test } from './fixtures'

/**
 * An address in the staff area that names a brand, deal or post that does not
 * exist, or whose id is not a whole number at all, answers 404: never a blank
 * form, an error page or another record.
 */
const ADDRESSES = {
  brand: [
    '/admin/brands/999999/edit',
    '/admin/brands/abc/edit',
    '/admin/brands/1e3/edit',
    '/admin/brands/999999/delete',
    '/admin/brands/-1/delete',
  ],
  deal: ['/admin/deals/999999/edit', '/admin/deals/x/edit', '/admin/deals/999999/delete', '/admin/deals/-1/delete'],
  post: ['/admin/blog/edit/abc', '/admin/blog/edit/99999999', '/admin/blog/x/delete', '/admin/blog/99999999/delete'],
}

test.use({ signedIn: true })

for (const [record, paths] of Object.entries(ADDRESSES)) {
  test(`unknown or malformed ${record} ids answer 404`, async ({ page }) => {
    for (const path of paths) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
    }
  })
}
