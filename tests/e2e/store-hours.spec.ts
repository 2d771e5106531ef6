import type { Browser, Page } from '@playwright/test'

import { expect, test, waitForHydration } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { ownerPage, type PrivateServer, usePrivateDemoServer, visitorPage } from './support/server'
import { e2eDatabase } from './support/session'

/**
 * Store hours and phones as visitors read them (footer, contact cards, home
 * card, locations) and as the owner sets them in the settings form. The demo
 * facts are read on the shared server; every change runs on a private server
 * of its own, so other tests keep the demo hours.
 */

const WIDTHS = [390, 1280] as const

test.describe('the demo hours', () => {
  for (const width of WIDTHS) {
    test(`at ${width} px: the footer keeps its own words; the contact cards group the partner's week`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/contact')
      const footer = page.getByRole('contentinfo')
      const line = footer.getByText('Open 9 AM – 10 PM Daily (7 days a week)', { exact: true })
      await line.scrollIntoViewIfNeeded()
      await expect(line).toBeVisible()
      // No list of single days, and not the old lower-case 'daily' line.
      await expect(footer).not.toContainText('Open 9 AM – 10 PM daily')
      const main = page.getByRole('main')
      await expect(main.getByText('Open daily 9 AM – 10 PM', { exact: true })).toBeVisible()
      await expect(main.getByText('Sun–Thu 9 AM – 10 PM · Fri–Sat 9 AM – 12 AM', { exact: true })).toBeVisible()
      await footer.screenshot({ path: screenshotPath(`footer-hours-${width}.png`) })
    })
  }
})

/** The private server of the tests that change the hours (one for each test). */
let server: PrivateServer

/**
 * The owner, signed in, opens the settings form; a visitor waits on the site.
 * Each has a browser of its own on the test's server.
 */
async function ownerAtSettings(browser: Browser, javaScriptEnabled = true) {
  const admin = await ownerPage(browser, server, { javaScriptEnabled })
  await openSettings(admin, javaScriptEnabled)
  return { admin, visitor: await visitorPage(browser, server) }
}

async function openSettings(page: Page, hydrate = true) {
  await page.goto('/admin/settings')
  if (hydrate) await waitForHydration(page)
}

const day = (page: Page, store: string, weekday: string, part: string) =>
  page.locator(`[name="stores.${store}.hours.${weekday}.${part}"]`)

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()
}

/** What a visitor reads in the footer at a phone's and a desktop's width. */
async function expectFooterLine(page: Page, text: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    // A browser may keep a public page for a minute (PAGE_MAX_AGE); the patient
    // who looked a moment ago sees the new hours as soon as she reloads.
    await page.reload()
    await expect(page.getByRole('contentinfo').getByText(text, { exact: true })).toBeVisible()
  }
}

function storedHours(databasePath: string, store: string) {
  const db = e2eDatabase(databasePath)
  try {
    const row = db.prepare('SELECT data FROM settings WHERE id = 1').get() as { data: string }
    return (JSON.parse(row.data) as { stores: Record<string, { hours: Record<string, unknown> }> }).stores[store].hours
  } finally {
    db.close()
  }
}

test.describe('when the owner changes the hours', () => {
  // Each test starts a server of its own and walks the settings, the footer and the cards.
  server = usePrivateDemoServer({ eachTest: true })

  test('she sets 8:30 AM – 9 PM every day, then closes on Sundays: the footer, contact card and home card follow', async ({
    browser,
  }) => {
    const { admin, visitor } = await ownerAtSettings(browser)
    const lindsey = admin.getByRole('group', { name: /Store: Lindsey Street/ })

    // Same hours every day: Monday's row stands for the week, the other days step aside at once.
    await lindsey.getByRole('checkbox', { name: 'Same hours every day' }).check()
    await expect(lindsey.getByText('Every day', { exact: true })).toBeVisible()
    await expect(lindsey.getByText('Tuesday', { exact: true })).toBeHidden()
    await day(admin, 'Lindsey', 'monday', 'opens').fill('08:30')
    await day(admin, 'Lindsey', 'monday', 'closes').fill('21:00')
    await save(admin)
    await expectFooterLine(visitor, 'Open 8:30 AM – 9 PM Daily (7 days a week)')

    // Copy Monday to all days, then close on Sunday.
    await openSettings(admin)
    await lindsey.getByRole('checkbox', { name: 'Same hours every day' }).uncheck()
    await day(admin, 'Lindsey', 'monday', 'opens').fill('09:00')
    await lindsey.getByRole('button', { name: 'Copy Monday to all days' }).click()
    await expect(lindsey.getByRole('status')).toHaveText(
      'Monday’s hours copied to every day. Save settings to keep them.',
    )
    for (const weekday of ['tuesday', 'saturday', 'sunday'])
      await expect(day(admin, 'Lindsey', weekday, 'opens')).toHaveValue('09:00')
    await day(admin, 'Lindsey', 'sunday', 'closed').check()
    await save(admin)

    await expectFooterLine(visitor, 'Mon–Sat 9 AM – 9 PM · Sun closed')
    await visitor.goto('/contact')
    await expect(visitor.getByRole('main').getByText('Mon–Sat 9 AM – 9 PM · Sun closed', { exact: true })).toBeVisible()
    await visitor.goto('/')
    await expect(visitor.getByRole('region', { name: 'Store perks' })).toContainText(
      'Open LateMon–Sat 9 AM – 9 PM, Sun closed, so you can stop by after work.',
    )
    await visitor.setViewportSize({ width: 390, height: 900 })
    await visitor.goto('/contact')
    await visitor.getByRole('contentinfo').screenshot({ path: test.info().outputPath('footer-grouped-390.png') })
  })

  test('Friday until 2 AM is asked about, a phone typed with dots reads (405) 555-0199, a new street moves the map', async ({
    browser,
  }) => {
    const { admin, visitor } = await ownerAtSettings(browser)
    const blueWater = admin.getByRole('group', { name: /Store: Blue Water/ })
    await day(admin, 'BlueWater', 'friday', 'opens').fill('11:00')
    await day(admin, 'BlueWater', 'friday', 'closes').fill('02:00')
    const overnight = blueWater.getByRole('checkbox', { name: /Closes after midnight/ })
    await expect(overnight).toBeVisible()
    await expect(blueWater.getByText('(2 AM the next morning)')).toBeVisible()
    await blueWater.getByLabel('Phone').fill('405.555.0199')
    await blueWater.getByLabel('Street').fill('200 East Main Street')
    await admin.getByRole('button', { name: 'Save settings' }).click()
    await expect(
      blueWater.getByText('Closes at 2 AM, not after it opens at 11 AM. If the store closes after midnight', {
        exact: false,
      }),
    ).toBeVisible()
    expect(storedHours(server.databasePath, 'BlueWater').friday).toEqual({
      closed: false,
      opens: '09:00',
      closes: '00:00',
    })
    await overnight.check()
    await save(admin)
    expect(storedHours(server.databasePath, 'BlueWater').friday).toEqual({
      closed: false,
      opens: '11:00',
      closes: '02:00',
    })

    await visitor.goto('/contact')
    const main = visitor.getByRole('main')
    await expect(
      main.getByText('Sun–Thu 9 AM – 10 PM · Fri 11 AM – 2 AM · Sat 9 AM – 12 AM', { exact: true }),
    ).toBeVisible()
    await expect(main.getByRole('link', { name: 'Call Blue Water at (405) 555-0199' })).toHaveAttribute(
      'href',
      'tel:+14055550199',
    )
    await expect(visitor.getByRole('contentinfo').getByRole('link', { name: 'Call (405) 555-0199' })).toHaveAttribute(
      'href',
      'tel:+14055550199',
    )
    await visitor.goto('/locations')
    await expect(
      visitor.locator('a[href$="destination=200+East+Main+Street+Norman+OK+73069"]', { hasText: 'Get Directions' }),
    ).toHaveCount(1)
    await expect(visitor.locator('iframe[src*="200+East+Main+Street"]')).toHaveCount(1)

    // A link pasted by hand stays, and the form says so.
    await openSettings(admin)
    await blueWater.getByLabel('Maps link').fill('https://maps.app.goo.gl/BlueWaterNorman')
    await save(admin)
    await openSettings(admin)
    await expect(blueWater.getByLabel('Maps link')).toHaveAccessibleDescription(/Fixed by hand/)
    await expect(blueWater.getByLabel('Directions link')).toHaveAccessibleDescription(/follows the address/)
  })

  test('without JavaScript: Copy Monday fills the week unsaved, and the midnight question comes back from the server', async ({
    browser,
  }) => {
    const { admin, visitor } = await ownerAtSettings(browser, false)
    const blueWater = admin.getByRole('group', { name: /Store: Blue Water/ })
    await day(admin, 'BlueWater', 'monday', 'opens').fill('10:00')
    await day(admin, 'BlueWater', 'monday', 'closes').fill('19:00')
    await blueWater.getByRole('button', { name: 'Copy Monday to all days' }).click()
    await expect(blueWater.getByRole('status')).toHaveText(
      'Monday’s hours copied to every day. Save settings to keep them.',
    )
    for (const weekday of ['tuesday', 'friday', 'sunday']) {
      await expect(day(admin, 'BlueWater', weekday, 'opens')).toHaveValue('10:00')
      await expect(day(admin, 'BlueWater', weekday, 'closes')).toHaveValue('19:00')
    }
    // Not saved yet.
    expect(storedHours(server.databasePath, 'BlueWater').sunday).toEqual({
      closed: false,
      opens: '09:00',
      closes: '22:00',
    })
    await save(admin)
    expect(storedHours(server.databasePath, 'BlueWater').friday).toEqual({
      closed: false,
      opens: '10:00',
      closes: '19:00',
    })

    // The main store keeps the same hours every day: its Monday row stands for the week.
    const lindsey = admin.getByRole('group', { name: /Store: Lindsey Street/ })
    await expect(lindsey.getByRole('checkbox', { name: 'Same hours every day' })).toBeChecked()
    await expect(lindsey.getByText('Tuesday', { exact: true })).toBeHidden()
    await day(admin, 'Lindsey', 'monday', 'opens').fill('22:00')
    await day(admin, 'Lindsey', 'monday', 'closes').fill('09:00')
    await admin.getByRole('button', { name: 'Save settings' }).click()
    await expect(lindsey.getByText(/Closes at 9 AM, not after it opens at 10 PM/)).toBeVisible()
    expect(storedHours(server.databasePath, 'Lindsey').monday).toEqual({
      closed: false,
      opens: '09:00',
      closes: '22:00',
    })
    await lindsey.getByRole('checkbox', { name: /Closes after midnight/ }).check()
    await save(admin)
    expect(storedHours(server.databasePath, 'Lindsey').sunday).toEqual({
      closed: false,
      opens: '22:00',
      closes: '09:00',
    })
    await expectFooterLine(visitor, 'Open 10 PM – 9 AM Daily (7 days a week)')
  })
})
