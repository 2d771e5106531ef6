import { expect, test } from './fixtures'

for (const { path, heading, section } of [
  { path: '/terms', heading: 'Terms of Service', section: 'Who may use this site' },
  { path: '/privacy', heading: 'Privacy Policy', section: 'What we collect' },
]) {
  test(`${path} shows readable placeholder text, labelled as such`, async ({ page, baseURL }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(section) })).toBeVisible()
    const notice = page.getByRole('complementary', { name: 'Placeholder notice' })
    await expect(notice).toContainText('placeholder text')
    await expect(notice).toContainText('legal counsel')
    await expect(page).toHaveTitle(new RegExp(heading))
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /placeholder/)
  })
}

test('the terms link to the privacy policy and back', async ({ page }) => {
  await page.goto('/terms')
  await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
})
