import { expect, type Locator, type Page, type Route, test as base } from '@playwright/test'

import { signIn } from './support/session'

/**
 * Waits until the page's scripts have run: public pages start them only after
 * the first paint, so the load event no longer means the page has come to
 * life. Documents without scripts (feeds, files, pages without JavaScript)
 * are ready as they are.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.hasAttribute('data-hydrated') || !document.querySelector('script[type="module"]'),
  )
}

/**
 * Holds back the page's scripts until the returned function is called: the
 * page as a slow phone shows it, drawn and usable as plain HTML while its
 * JavaScript is still on the way.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = []
  let released = false
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    if (released) await route.continue()
    else held.push(route)
  })
  return async () => {
    released = true
    await Promise.all(held.splice(0).map((route) => route.continue()))
  }
}

/**
 * Brings `locator` into view and waits until React has taken it over. A widget
 * below the fold (the About gallery, the home page's lower sections) hydrates
 * only once it nears the screen; until then its links are the server's plain
 * links, and a key press or click follows them instead of opening the widget.
 */
export async function whenHydrated(locator: Locator): Promise<Locator> {
  await locator.scrollIntoViewIfNeeded()
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))), {
      message: 'React has hydrated the element',
    })
    .toBe(true)
  return locator
}

/**
 * `test` with the age gate already confirmed (the cookie 'Yes, Enter' sets),
 * unless a test opts out with `test.use({ ageConfirmed: false })`. With
 * `test.use({ signedIn: true })` the owner is signed in before the test
 * starts (a real session, see support/session.ts). Its `page.goto` returns
 * once the page has hydrated (see waitForHydration), unless asked to wait
 * only until the answer starts (`waitUntil: 'commit'`).
 */
export const test = base.extend<{ ageConfirmed: boolean; signedIn: boolean }>({
  ageConfirmed: [true, { option: true }],
  signedIn: [false, { option: true }],
  context: async ({ context, ageConfirmed, signedIn, baseURL }, use) => {
    if (ageConfirmed) {
      // react-router's createCookie stores JSON "1" base64-encoded.
      await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
    }
    if (signedIn) await signIn(context, baseURL!)
    await use(context)
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        // waitUntil 'commit' asks for the page as it first arrives (see holdScripts).
        if (options?.waitUntil !== 'commit' && (response?.headers()['content-type'] ?? '').startsWith('text/html')) {
          await waitForHydration(page)
        }
        return response
      }
    }
    await use(page)
  },
})

export { expect }
