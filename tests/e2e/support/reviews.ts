import { expect, type Page } from '@playwright/test'

/**
 * On /reviews, the store's panel states its rating in words ("4.7 out of 5
 * from 1,234 reviews on Google") and links to the page the reviews come from.
 */
export async function expectStoreRating(
  page: Page,
  store: string,
  rating: { says: string; source: string },
): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: store })
  await expect(panel.getByText(rating.says)).toBeVisible()
  await expect(panel.getByRole('link', { name: /^Google/ })).toHaveAttribute('href', rating.source)
}
