import type { Locator, Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { ADMIN_EMAIL, e2eDatabase, ensureUser, signIn } from './support/session'

/** A page answering a form post can take several seconds on a busy shared test machine. */

/**
 * The owner runs the shop from her phone: every admin section is on screen or
 * one tap away, the menu says where she is, and a message never hides the
 * account menu she signs out from.
 */
const ALL_SECTIONS = [
  'Dashboard',
  'Blog',
  'Deals',
  'Brands',
  'Inquiries',
  'Applications',
  'Settings',
  'Staff',
  'Activity',
  'Trash',
]
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

function sections(page: Page) {
  return page.getByRole('navigation', { name: 'Admin sections' })
}

async function expectInsideViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  const width = page.viewportSize()!.width
  expect(box, 'the element is drawn').not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(width)
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: PHONE })

  test.beforeEach(async ({ context, baseURL }) => {
    await signIn(context, baseURL!)
  })

  test('I open Settings, the menu names it, and every other section is one tap away', async ({ page }) => {
    await page.goto('/admin/settings')
    const menu = sections(page).getByRole('group')
    const button = sections(page).getByLabel('Sections menu, now on Settings')
    await expect(button).toBeVisible()
    await expect(button).toContainText('Settings')
    await expectInsideViewport(page, button)
    // Nothing of the header runs off the right edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

    await button.click()
    for (const name of ALL_SECTIONS) {
      const link = menu.getByRole('link', { name, exact: true })
      await expect(link).toBeVisible()
      await expectInsideViewport(page, link)
    }
    await expect(menu.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute('aria-current', 'page')
    await page.screenshot({ path: screenshotPath('admin-menu-open-390.png') })

    await menu.getByRole('link', { name: 'Activity', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/activity$/)
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
    // The menu closed behind the tap and now names the new section.
    await expect(sections(page).getByLabel('Sections menu, now on Activity')).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Blog', exact: true })).toBeHidden()
  })

  test('a section below a list page is still named (an edit page belongs to its list)', async ({ page }) => {
    await page.goto('/admin/blog/new')
    await expect(sections(page).getByLabel('Sections menu, now on Blog')).toBeVisible()
  })

  test('a message never covers the account menu', async ({ page }) => {
    await page.goto('/admin/inquiries')
    const account = page.getByLabel(`Account menu for ${ADMIN_EMAIL}`)
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('app:toast', { detail: { type: 'success', title: 'Status updated successfully' } }),
      ),
    )
    const toast = page.getByRole('status').filter({ hasText: 'Status updated successfully' })
    await expect(toast).toBeVisible()
    const toastBox = (await toast.getByText('Status updated successfully').locator('..').locator('..').boundingBox())!
    expect(overlap(toastBox, (await account.boundingBox())!)).toBe(false)
    expect(overlap(toastBox, (await sections(page).getByRole('group').locator('summary').boundingBox())!)).toBe(false)
    // Opened while the message shows, the menu is drawn above it: Sign Out is what a tap there hits.
    await account.click()
    const signOut = page.getByRole('button', { name: 'Sign Out' })
    await expect(signOut).toBeVisible()
    const box = (await signOut.boundingBox())!
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? '', {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    })
    expect(hit).toBe('Sign Out')
    await page.screenshot({ path: screenshotPath('admin-toast-390.png') })
  })
})

test.describe('on a phone without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false })

  test('the menu opens and takes me to another section', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!)
    await page.goto('/admin')
    await sections(page).getByLabel('Sections menu, now on Dashboard').click()
    await sections(page).getByRole('link', { name: 'Applications', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/applications$/)
    await expect(sections(page).getByLabel('Sections menu, now on Applications')).toBeVisible()
  })
})

test.describe('on a laptop (1280 px)', () => {
  test.use({ viewport: DESKTOP })

  test('every section sits in one row with the current one marked, and no menu button', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!)
    await page.goto('/admin/settings')
    for (const name of ALL_SECTIONS) {
      const link = sections(page).getByRole('link', { name, exact: true })
      await expect(link).toBeVisible()
      await expectInsideViewport(page, link)
    }
    await expect(sections(page).getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(sections(page).getByLabel(/Sections menu/)).toBeHidden()
  })

  test('a message sits clear of the account menu', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!)
    await page.goto('/admin')
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('app:toast', { detail: { type: 'success', title: 'Brand created' } })),
    )
    const toast = page.getByText('Brand created').locator('..').locator('..')
    await expect(toast).toBeVisible()
    const toastBox = (await toast.boundingBox())!
    const account = page.getByLabel(`Account menu for ${ADMIN_EMAIL}`)
    expect(overlap(toastBox, (await account.boundingBox())!)).toBe(false)
    for (const name of ALL_SECTIONS) {
      const link = sections(page).getByRole('link', { name, exact: true })
      expect(overlap(toastBox, (await link.boundingBox())!), name).toBe(false)
    }
  })
})

test('a budtender, who uses fewer sections, sees only hers in the phone menu, and her name in the header', async ({
  browser,
  baseURL,
}) => {
  const email = `budtender-${Date.now().toString(36)}@example.com`
  const id = ensureUser(email, false)
  const db = e2eDatabase()
  try {
    db.prepare("INSERT OR IGNORE INTO user_roles (user_id, role) VALUES (?, 'staff')").run(id)
    db.prepare('UPDATE users SET name = ? WHERE id = ?').run('Robin Budtender', id)
  } finally {
    db.close()
  }
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ baseURL, viewport })
    await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
    await signIn(context, baseURL!, { email, admin: false })
    const page = await context.newPage()
    await page.goto('/admin/inquiries')
    const account = page.getByLabel(`Account menu for ${email}`)
    await expect(account).toContainText('R')
    if (viewport === PHONE) {
      await sections(page).getByLabel('Sections menu, now on Inquiries').click()
      const links = sections(page).getByRole('group').getByRole('link')
      // Staff restore posts from the Trash, so it is one of her sections.
      await expect(links).toHaveText(['Dashboard', 'Blog', 'Inquiries', 'Applications', 'Trash'])
    } else {
      await expect(account).toContainText('Robin Budtender')
      await expect(account).not.toContainText(email)
    }
    await account.click()
    await expect(page.getByRole('paragraph').filter({ hasText: 'Robin Budtender' })).toBeVisible()
    await context.close()
  }
})
