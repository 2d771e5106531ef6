import { expect, test } from './fixtures'
import { expectStoreRating } from './support/reviews'
import { ownerPage, startServer } from './support/server'
import { e2eDatabase, signIn } from './support/session'

// These tests change the one settings record: run them one after another.
test.describe.configure({ mode: 'serial' })

const DEFAULT_BRAND = 'Lindsey Street Cannabis Co.'

function storedSettings() {
  const db = e2eDatabase()
  try {
    const row = db.prepare('SELECT data FROM settings WHERE id = 1').get() as { data: string }
    return JSON.parse(row.data) as {
      brand_name: string
      stores: Record<string, { phone: string; hours: Record<string, { closed: boolean }> }>
    }
  } finally {
    db.close()
  }
}

test.describe('with JavaScript', () => {
  test.use({ signedIn: true })

  test('a new brand name shows on the next public page view, then goes back', async ({ page }) => {
    const brand = `Prairie Test Dispensary ${Date.now().toString(36)}`
    await page.goto('/admin/settings')
    await expect(page.getByRole('heading', { name: 'Store Settings', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Brand name')).toHaveValue(DEFAULT_BRAND)
    await page.getByLabel('Brand name').fill(brand)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved')).toBeVisible()
    expect(storedSettings().brand_name).toBe(brand)

    await page.goto('/')
    await expect(page).toHaveTitle(new RegExp(brand))
    await expect(page.getByRole('banner')).toContainText(brand)

    await page.goto('/admin/settings')
    await page.getByLabel('Brand name').fill(DEFAULT_BRAND)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved')).toBeVisible()
    await page.goto('/')
    await expect(page).toHaveTitle(new RegExp(DEFAULT_BRAND.replace('.', '\\.')))
  })

  test('invalid values get clear messages and nothing is saved', async ({ page }) => {
    await page.goto('/admin/settings')
    const lindsey = page.getByRole('group', { name: /Store: Lindsey Street/ })
    await lindsey.getByLabel('Phone').fill('call us')
    await page.getByLabel('Contact email').fill('not-an-email')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Enter a phone number such as (405) 555-0142')).toBeVisible()
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
    await expect(lindsey.getByLabel('Phone')).toHaveValue('call us')
    expect(storedSettings().stores.Lindsey.phone).not.toBe('call us')
  })
})

test.describe('the long settings form', () => {
  test.use({ signedIn: true })

  for (const width of [390, 1280]) {
    test(`at ${width} px: Save stays in reach, parts are named, a new save replaces the old message`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/admin/settings')
      const save = page.getByRole('button', { name: 'Save settings' })
      // Reachable from the top, the middle and the end of the page without scrolling to it.
      await expect(save).toBeInViewport()
      const lindsey = page.getByRole('group', { name: /Store: Lindsey Street/ })
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: /Blue Water/ })
        .click()
      await expect(page.getByRole('group', { name: /Store: Blue Water/ })).toBeInViewport()
      await expect(save).toBeInViewport()
      await page.screenshot({ path: testInfo.outputPath(`settings-${width}.png`) })
      // The store's fields come in named parts, and the hours hint speaks the pickers' AM/PM.
      for (const part of ['Opening hours', 'Maps and links', 'Overall rating']) {
        await expect(lindsey.getByRole('group', { name: part })).toBeVisible()
      }
      await expect(lindsey.getByText(/such as 9:00 AM or 10:00 PM/)).toBeVisible()
      await expect(page.getByText(/24-hour/)).toHaveCount(0)

      await save.click()
      await expect(page.getByText('Settings saved')).toBeVisible()
      // Clearing a phone: the old success message goes at once, the error sits beside the field.
      await lindsey.getByLabel('Phone').fill('')
      await save.click()
      const phone = lindsey.getByLabel('Phone')
      await expect(phone).toHaveAccessibleDescription('Enter a phone number such as (405) 555-0142')
      await expect(page.getByText('Settings saved')).toHaveCount(0, { timeout: 1000 })
      await expect(page.getByText(/^Invalid input/)).toHaveCount(0)
      const [fieldBox, errorBox] = await Promise.all([
        phone.boundingBox(),
        lindsey.getByText('Enter a phone number such as (405) 555-0142').boundingBox(),
      ])
      expect(errorBox!.y - (fieldBox!.y + fieldBox!.height)).toBeLessThan(40)
      await page.screenshot({ path: testInfo.outputPath(`settings-error-${width}.png`) })
    })
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('hours and phone save; server errors keep the typed values', async ({ context, baseURL, page }) => {
    await signIn(context, baseURL!)
    const original = storedSettings()
    await page.goto('/admin/settings')
    const blueWater = page.getByRole('group', { name: /Store: Blue Water/ })
    await blueWater.getByLabel('Phone').fill('12')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Enter a phone number such as (405) 555-0142')).toBeVisible()
    await expect(page.getByRole('group', { name: /Store: Blue Water/ }).getByLabel('Phone')).toHaveValue('12')

    await page
      .getByRole('group', { name: /Store: Blue Water/ })
      .getByLabel('Phone')
      .fill('(405) 555-0199')
    await page
      .getByRole('group', { name: /Store: Blue Water/ })
      .getByRole('checkbox', { name: 'Closed all day' })
      .first()
      .check()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved')).toBeVisible()
    const saved = storedSettings()
    expect(saved.stores.BlueWater.phone).toBe('(405) 555-0199')
    expect(saved.stores.BlueWater.hours.monday.closed).toBe(true)

    // Put the facts back for the other tests.
    const db = e2eDatabase()
    try {
      db.prepare('UPDATE settings SET data = ? WHERE id = 1').run(JSON.stringify(original))
    } finally {
      db.close()
    }
  })
})

test('a non-admin POST changes no setting', async ({ context, baseURL, page }) => {
  await signIn(context, baseURL!, { email: 'staff@example.com', admin: false })
  const before = storedSettings()
  const response = await page.request.post('/admin/settings', {
    form: { brand_name: 'Hijacked' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect([302, 303]).toContain(response.status())
  expect(storedSettings()).toEqual(before)
})

test.describe('store ratings and addresses', () => {
  test.use({ javaScriptEnabled: false })

  test('staff set each store’s rating and its source; the reviews page shows them; unsafe addresses are refused', async ({
    browser,
  }) => {
    // A private server: the shared one's reviews page must keep the default figures for other tests.
    const server = await startServer()
    try {
      const page = await ownerPage(browser, server, { javaScriptEnabled: false })
      await page.goto('/admin/settings')
      const lindsey = page.getByRole('group', { name: /Store: Lindsey Street/ })
      await expect(lindsey.getByLabel('Rating out of 5')).toHaveValue('4.9')
      await expect(lindsey.getByLabel('Number of reviews')).toHaveValue('1000')

      // javascript: and data: addresses are refused with the field's message.
      await lindsey.getByLabel('Rating source page').fill('javascript:alert(document.cookie)')
      await page.getByLabel('Live menu address').fill('data:text/html,<script>alert(1)</script>')
      await page.getByRole('button', { name: 'Save settings' }).click()
      await expect(page.getByText('Enter a full address starting with https://')).toHaveCount(2)

      const form = page.getByRole('group', { name: /Store: Lindsey Street/ })
      await form.getByLabel('Rating out of 5').fill('4.7')
      await form.getByLabel('Number of reviews').fill('1234')
      await form.getByLabel('Rating source page').fill('https://www.google.com/maps/place/lindsey/reviews')
      await page.getByLabel('Live menu address').fill('https://dutchie.com/embedded-menu/lindsey-street-cannabis-co')
      await page.getByRole('button', { name: 'Save settings' }).click()
      await expect(page.getByText('Settings saved')).toBeVisible()

      await page.goto('/reviews')
      await expectStoreRating(page, 'Lindsey Street', {
        says: '4.7 out of 5 from 1,234 reviews on Google',
        source: 'https://www.google.com/maps/place/lindsey/reviews',
      })
      await page.context().close()
    } finally {
      await server.stop()
    }
  })
})
