import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { everyPage } from './support/pages'
import { ownerPage, usePrivateDemoServer, visitorPage } from './support/server'

/**
 * Staff change every store fact in the settings form; every public page then
 * shows the new brand, names, addresses, phones and hours, and none of the old
 * ones. Runs on a private server with a copy of the demo database so the other
 * tests keep the demo facts.
 */

const NEW = {
  brand: 'Prairie Wind Dispensary',
  lindsey: {
    name: 'Prairie Wind Dispensary',
    street: '901 East Alameda Road',
    city: 'Moore',
    postal: '73160',
    phone: '(405) 555-0911',
    tel: 'tel:+14055550911',
  },
  blueWater: {
    name: 'Canadian River Annex',
    street: '77 South Porter Avenue',
    city: 'Moore',
    postal: '73160',
    phone: '(405) 555-0922',
    tel: 'tel:+14055550922',
  },
}

/** What the demo facts print anywhere: none of it may remain once staff changed them. */
const OLD = [
  'Lindsey Street Cannabis Co.',
  'Blue Water',
  '530 West Lindsey Street',
  'West Lindsey Street',
  '112 West Main Street',
  '73069',
  '(405) 555-0142',
  '(405) 555-0178',
  '4055550142',
  '4055550178',
  '9 AM – 10 PM',
  '9AM',
  '10PM',
  '9 AM',
  '10 PM',
  '12 AM',
  'Midnight',
]

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

async function changeEveryFact(page: Page) {
  await page.goto('/admin/settings')
  await page.locator('[name="brand_name"]').fill(NEW.brand)
  for (const [key, store] of [
    ['Lindsey', NEW.lindsey],
    ['BlueWater', NEW.blueWater],
  ] as const) {
    const field = (name: string) => page.locator(`[name="stores.${key}.${name}"]`)
    // The demo store keeps the same hours every day; this week differs by day.
    await page
      .getByRole('group', { name: new RegExp(`Store: ${key === 'Lindsey' ? 'Lindsey Street' : 'Blue Water'}`) })
      .getByRole('checkbox', { name: 'Same hours every day' })
      .uncheck()
    await field('name').fill(store.name)
    await field('street').fill(store.street)
    await field('city').fill(store.city)
    await field('postal_code').fill(store.postal)
    await field('phone').fill(store.phone)
    const place = encodeURIComponent(`${store.street}, ${store.city}, OK ${store.postal}`)
    await field('maps_url').fill(`https://www.google.com/maps/search/?api=1&query=${place}`)
    await field('map_embed_url').fill(`https://www.google.com/maps?q=${place}&output=embed`)
    await field('directions_url').fill(`https://www.google.com/maps/dir/?api=1&destination=${place}`)
    for (const day of WEEK) {
      // Lindsey: Sunday 10–6, Monday closed, otherwise 8:30 AM – 8 PM.
      // Blue Water: 11 AM – 11 PM, Friday and Saturday until 2 AM.
      const [opens, closes, closed] =
        key === 'Lindsey'
          ? day === 'sunday'
            ? ['10:00', '18:00', false]
            : day === 'monday'
              ? ['08:30', '20:00', true]
              : ['08:30', '20:00', false]
          : day === 'friday' || day === 'saturday'
            ? ['11:00', '02:00', false]
            : ['11:00', '23:00', false]
      await field(`hours.${day}.opens`).fill(opens)
      await field(`hours.${day}.closes`).fill(closes)
      await field(`hours.${day}.closed`).setChecked(closed)
    }
  }
  // Closing at 2 AM is asked about once: staff confirm the store closes after midnight.
  await page.getByRole('button', { name: 'Save settings' }).click()
  const overnight = page
    .getByRole('group', { name: /Store: Canadian River Annex|Store: Blue Water/ })
    .getByRole('checkbox', { name: /Closes after midnight/ })
  await expect(overnight).toHaveCount(2)
  for (const box of await overnight.all()) await box.check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()
}

/** What a visitor reads on the page and what search engines read about it. */
async function whatThePageSays(page: Page, { post = false } = {}): Promise<string> {
  return page.evaluate((post) => {
    // Posts and patient reviews are words staff or patients wrote; they may name a store as it was.
    const clone = document.body.cloneNode(true) as HTMLElement
    for (const article of clone.querySelectorAll('article, blockquote')) article.remove()
    const tel = [...clone.querySelectorAll('a[href^="tel:"]')].map((a) => a.getAttribute('href')).join(' ')
    // A post's description is its own excerpt.
    const descriptions = post
      ? []
      : [...document.querySelectorAll('meta[name="description"], meta[property="og:description"]')].map(
          (m) => m.getAttribute('content') ?? '',
        )
    const head = [document.title, ...descriptions].join('\n')
    const structured = [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => {
        const value = JSON.parse(s.textContent ?? '{}') as Record<string, unknown>
        if (post && value['@type'] === 'BlogPosting') delete value.description
        return JSON.stringify(value)
      })
      .join('\n')
    document.body.appendChild(clone)
    clone.style.display = 'block'
    const text = clone.innerText
    clone.remove()
    return [head, text, tel, structured].join('\n')
  }, post)
}

test.describe('store facts come from the settings', () => {
  const server = usePrivateDemoServer()

  test('after staff change every store fact, no public page shows an old one', async ({ browser }) => {
    const page = await ownerPage(browser, server, { javaScriptEnabled: false })
    await changeEveryFact(page)
    await page.context().close()

    // A visitor without a session: the pages kept rendered must have been dropped.
    const view = await visitorPage(browser, server)
    const pages = everyPage(server.databasePath).filter((p) => !p.admin && !p.label.startsWith('/admin'))
    expect(pages.length).toBeGreaterThan(12)
    for (const entry of pages) {
      await view.goto(entry.path())
      const said = await whatThePageSays(view, { post: entry.label === '/blog/:slug' })
      for (const old of OLD) expect.soft(said, `${entry.label} still says "${old}"`).not.toContain(old)
      // Every page carries the footer: the new brand, address, phones and short hours.
      expect.soft(said, entry.label).toContain(NEW.brand)
      expect.soft(said, entry.label).toContain(NEW.lindsey.street)
      expect.soft(said, entry.label).toContain(`${NEW.lindsey.city}, OK ${NEW.lindsey.postal}`)
      expect.soft(said, entry.label).toContain(NEW.lindsey.tel)
      expect.soft(said, entry.label).toContain('Tue–Sat 8:30 AM – 8 PM · Sun 10 AM – 6 PM · Mon closed')
      expect.soft(said, entry.label).toContain(`${NEW.blueWater.name} on ${NEW.blueWater.street}`)
      expect.soft(said, entry.label).toContain('Open late Fri–Sat')
    }

    // Where a page names hours for a store, it names the store.
    await view.goto('/')
    const faq = view.getByRole('group').filter({ hasText: 'What are your hours?' })
    await faq.getByText('What are your hours?').click()
    await expect(faq).toContainText(
      `${NEW.lindsey.name} at ${NEW.lindsey.street} is open Tue–Sat 8:30 AM – 8 PM, Sun 10 AM – 6 PM, Mon closed.`,
    )
    await expect(faq).toContainText(
      `${NEW.blueWater.name} at ${NEW.blueWater.street} is open Sun–Thu 11 AM – 11 PM, Fri–Sat 11 AM – 2 AM.`,
    )
    // The hours card stops promising late nights the store no longer keeps... it still closes at 8 PM: no "Open Late".
    const perks = view.getByRole('region', { name: 'Store perks' })
    await expect(perks.getByRole('heading', { name: 'Store Hours' })).toBeVisible()
    await expect(perks).toContainText('Tue–Sat 8:30 AM – 8 PM, Sun 10 AM – 6 PM, Mon closed.')
    await expect(view.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /901 East Alameda Road, Moore, OK .*open Tue–Sat 8:30 AM – 8 PM, Sun 10 AM – 6 PM, Mon closed\. Call \(405\) 555-0911/,
    )

    await view.goto('/about')
    await expect(view.getByRole('list', { name: 'Badges' })).toContainText(
      'Open Tue–Sat 8:30 AM – 8 PM, Sun 10 AM – 6 PM, Mon closed',
    )

    // The contact page gives both stores' phones and addresses.
    await view.goto('/contact')
    const main = view.getByRole('main')
    for (const store of [NEW.lindsey, NEW.blueWater]) {
      await expect(main.getByRole('link', { name: `Call ${store.name} at ${store.phone}` })).toHaveAttribute(
        'href',
        store.tel,
      )
      await expect(main).toContainText(`${store.street}`)
    }
    await view.context().close()
  })
})
