import type { Locator, Page } from '@playwright/test'

import { expect, test, whenHydrated } from './fixtures'
import { signIn } from './support/session'

/**
 * The interactive pieces work with the keyboard alone, and focus returns to
 * where it was when a dialog or menu closes.
 */

async function focusIsInside(page: Page, container: Locator): Promise<boolean> {
  const handle = await container.elementHandle()
  return page.evaluate((element) => element !== null && element.contains(document.activeElement), handle)
}

test.describe('age gate', () => {
  test.use({ ageConfirmed: false })

  test('keeps focus inside, ignores Escape, and opens the site with Enter', async ({ page }) => {
    await page.goto('/')
    const gate = page.getByRole('dialog', { name: /Welcome to/ })
    await expect(gate).toBeVisible()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await focusIsInside(page, gate)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(gate).toBeVisible()
    await gate.getByRole('button', { name: 'Yes, Enter' }).focus()
    await page.keyboard.press('Enter')
    await expect(gate).toBeHidden()
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the mobile menu opens with Enter, keeps focus inside, and Escape returns focus to its button', async ({
    page,
  }) => {
    await page.goto('/')
    const button = page.locator('summary', { hasText: 'Menu' })
    await button.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    for (let i = 0; i < 15; i++) await page.keyboard.press('Tab')
    expect(await focusIsInside(page, page.locator('#mobile-menu-panel'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
  })
})

test('the brands carousel pauses, plays and moves with the keyboard', async ({ page }) => {
  await page.goto('/')
  const carousel = page.getByRole('region', { name: 'Featured brands', exact: true })
  await carousel.scrollIntoViewIfNeeded()
  const pause = carousel.getByRole('button', { name: 'Pause featured brands' })
  await pause.focus()
  await page.keyboard.press('Enter')
  await expect(carousel.getByRole('button', { name: 'Play featured brands' })).toBeFocused()
  const current = () => carousel.locator('[aria-current="true"]').getAttribute('aria-label')
  const before = await current()
  await carousel.getByRole('button', { name: 'Next slide' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(current).not.toBe(before)
})

test('the deals carousel pauses with the keyboard', async ({ page }) => {
  await page.goto('/deals')
  const carousel = page.locator('section[aria-roledescription="carousel"]')
  await carousel.scrollIntoViewIfNeeded()
  const pause = carousel.getByRole('button', { name: /^Pause/ })
  await pause.focus()
  await page.keyboard.press('Space')
  await expect(carousel.getByRole('button', { name: /^Play/ })).toBeFocused()
})

test('the FAQ opens with Enter, one answer at a time', async ({ page }) => {
  await page.goto('/')
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' })
  const first = faq.locator('summary').nth(0)
  const second = faq.locator('summary').nth(1)
  await first.focus()
  await page.keyboard.press('Enter')
  await expect(faq.locator('details').nth(0)).toHaveAttribute('open', '')
  await second.focus()
  await page.keyboard.press('Enter')
  await expect(faq.locator('details').nth(1)).toHaveAttribute('open', '')
  await expect(faq.locator('details').nth(0)).not.toHaveAttribute('open', '')
  await page.keyboard.press('Enter')
  await expect(faq.locator('details').nth(1)).not.toHaveAttribute('open', '')
})

test('the review tabs switch with the arrow keys and Enter', async ({ page }) => {
  await page.goto('/reviews')
  const lindsey = page.getByRole('tab', { selected: true })
  await lindsey.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/store=BlueWater/)
  await expect(page.getByRole('tab', { selected: true })).toContainText('Blue Water')
  await page.getByRole('tab', { selected: false }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/store=Lindsey/)
})

test('the gallery lightbox opens with Enter, closes with Escape and returns focus', async ({ page }) => {
  await page.goto('/about')
  const opener = await whenHydrated(page.getByRole('link', { name: /^View larger:/ }).first())
  await opener.focus()
  await page.keyboard.press('Enter')
  const viewer = page.getByRole('dialog')
  await expect(viewer).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(opener).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(viewer).toBeVisible()
  await viewer.getByRole('button', { name: 'Close image' }).focus()
  await page.keyboard.press('Enter')
  await expect(viewer).toBeHidden()
  await expect(opener).toBeFocused()
})

test('the lightbox opens again when the same image is chosen right after closing it', async ({ page }) => {
  await page.goto('/about')
  const opener = await whenHydrated(page.getByRole('link', { name: /^View larger:/ }).first())
  await opener.click()
  const viewer = page.getByRole('dialog')
  await expect(viewer).toBeVisible()
  // close() queues its close event; a quick second choice lands before that event is handled.
  await page.evaluate(() => {
    document.querySelector('dialog')!.close()
    document.querySelector<HTMLAnchorElement>('a[aria-label^="View larger:"]')!.click()
  })
  await expect(viewer).toBeVisible()
  await expect(viewer.getByRole('img')).toBeVisible()
})

test('the share menu opens with Enter and Escape returns focus to Share', async ({ page }) => {
  await page.goto('/blog')
  await page
    .getByRole('link', { name: /^Read More/ })
    .first()
    .click()
  const share = page.locator('summary', { hasText: 'Share' }).first()
  await share.focus()
  await page.keyboard.press('Enter')
  const options = page.getByLabel('Share options').getByRole('link', { name: /Reddit/ })
  await expect(options).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(options).toBeHidden()
  await expect(share).toBeFocused()
})

test('an admin dialog opens with Enter, closes with Escape and returns focus', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!)
  await page.goto('/admin/brands')
  const add = page.getByRole('link', { name: /Add Brand/ })
  await add.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add Brand' })
  await expect(dialog).toBeVisible()
  expect(await focusIsInside(page, dialog)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(add).toBeFocused()
})
