import { expect, test } from './fixtures'
import { everyPage } from './support/pages'
import { signIn } from './support/session'

/**
 * Visits every public and admin page in Chromium and fails on any
 * Content-Security-Policy violation, console error or uncaught exception.
 */
for (const { label, path: pathOf, admin } of everyPage()) {
  test(`${label} loads without CSP violations or console errors`, async ({ page, context, baseURL }) => {
    if (admin) await signIn(context, baseURL!)
    const path = pathOf()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`exception: ${error.message}`))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    const response = await page.goto(path, { waitUntil: 'networkidle' })
    expect(response?.status()).toBeLessThan(path.includes('does-not-exist') ? 500 : 400)
    expect(response?.headers()['content-security-policy']).toContain("'nonce-")
    // The app hydrated (scripts ran under the policy).
    await page.waitForFunction(
      () =>
        'reactRouterHydrated' in document.documentElement.dataset ||
        (window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
    )
    // Chromium reports the 404 status of the not-found document itself; that one is expected.
    const expected = path.includes('does-not-exist') ? /status of 404/ : null
    expect(problems.filter((p) => !expected?.test(p))).toEqual([])
  })
}
