import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { everyPage } from './support/pages'
import { copyOfSharedDatabase, type PrivateServer, startServer } from './support/server'

/**
 * A returning visitor: the browser keeps the page, then revalidates it (a
 * reload, or a visit after the page's max-age) and the server answers 304. The
 * browser then shows its cached body under the headers of the 304, so the 304's
 * Content-Security-Policy must be the one (with the same nonce) that the cached
 * body was written for, or every script and style of the page is blocked.
 */
const MAX_AGE_SECONDS = 1

let server: PrivateServer
let uncached: PrivateServer
test.beforeAll(async () => {
  const env = { PAGE_MAX_AGE: String(MAX_AGE_SECONDS) }
  server = await startServer({ databasePath: copyOfSharedDatabase(), env })
  // With the page cache off every revalidation renders the page again: the nonce must still be the same.
  uncached = await startServer({ databasePath: copyOfSharedDatabase(), env: { ...env, RENDER_CACHE_MB: '0' } })
})
test.afterAll(async () => {
  await server?.stop()
  await uncached?.stop()
})

function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`))
  return problems
}

async function expectWorkingPage(page: Page, problems: string[]) {
  // Hydrated: React Router's client ran under the policy.
  await page.waitForFunction(() =>
    Boolean((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules),
  )
  // Styled: the stylesheet applied (an unstyled body keeps the browser's serif font and 8px margin).
  const body = await page.evaluate(() => {
    const style = getComputedStyle(document.body)
    return { margin: style.marginTop, font: style.fontFamily }
  })
  expect(body.margin).toBe('0px')
  expect(body.font).not.toMatch(/^"?Times/)
  expect(problems).toEqual([])
}

/**
 * The status the server sent for the next document request. Playwright reports
 * a revalidated page as 200 (the cached response); the raw status on the wire
 * comes from the DevTools protocol.
 */
async function documentStatus(page: Page, action: () => Promise<unknown>): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const documents = new Set<string>()
  const statuses = new Map<string, number>()
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documents.add(event.requestId)
  })
  cdp.on('Network.responseReceivedExtraInfo', (event) => statuses.set(event.requestId, event.statusCode))
  try {
    await action()
    await expect.poll(() => [...documents].some((id) => statuses.has(id))).toBe(true)
    return statuses.get([...documents].find((id) => statuses.has(id))!)!
  } finally {
    await cdp.detach()
  }
}

// Pages for nobody in particular; the sign-in pages are staff pages (never kept) and the 404 is not a page to keep.
const publicPages = everyPage().filter(
  (p) => !p.admin && !p.label.startsWith('/admin') && !p.label.includes('does-not-exist'),
)

const cases = [
  ...publicPages.map((p) => ({ ...p, cached: true })),
  ...publicPages.filter((p) => ['/', '/blog', '/blog/:slug'].includes(p.label)).map((p) => ({ ...p, cached: false })),
]
for (const { label, path: pathOf, cached } of cases) {
  test(`${label} still works after a reload and after its max-age${cached ? '' : ' (page cache off)'}`, async ({
    page,
  }) => {
    const path = pathOf()
    const server_ = cached ? server : uncached
    const problems = watchProblems(page)
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    const url = `${server_.url}${path}`
    expect(await documentStatus(page, () => page.goto(url))).toBe(200)
    await expectWorkingPage(page, problems)

    expect(await documentStatus(page, () => page.reload())).toBe(304)
    await expectWorkingPage(page, problems)

    await page.waitForTimeout(MAX_AGE_SECONDS * 1000 + 300)
    expect(await documentStatus(page, () => page.goto(url))).toBe(304)
    await expectWorkingPage(page, problems)
  })
}

test('the contact form sends from a revalidated page', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto(`${server.url}/contact`)
  expect(await documentStatus(page, () => page.reload())).toBe(304)
  await expectWorkingPage(page, problems)
  await page.getByLabel('Name', { exact: true }).fill('Revisiting Visitor')
  await page.getByLabel('Email', { exact: true }).fill('revisit@example.com')
  await page.getByLabel('Topic', { exact: true }).selectOption({ label: 'General Question' })
  await page.getByLabel('Message', { exact: true }).fill('Sent from a page the browser revalidated.')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('✅ Message sent successfully!')).toBeVisible()
  expect(problems).toEqual([])
})
