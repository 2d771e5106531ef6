import { expect, test } from '@playwright/test'

import { isPublicRoute, PUBLIC_ROUTE_BUDGET_BYTES, routeJavaScriptSizes } from '../../bench/js-sizes'
import { waitForHydration } from './fixtures'

// The e2e server was built into this folder by playwright.config.ts.
const buildDir = process.env.E2E_BUILD_DIR!

test('no public page loads more than 120 KB of gzipped JavaScript', () => {
  const routes = routeJavaScriptSizes(buildDir).filter(isPublicRoute)
  expect(routes.length).toBeGreaterThan(0)
  const over = routes
    .filter((route) => route.gzipBytes > PUBLIC_ROUTE_BUDGET_BYTES)
    .map((route) => `${route.path} ${(route.gzipBytes / 1024).toFixed(1)} KB`)
  expect(over).toEqual([])
})

// The static count must be what a browser really fetches on a first visit.
for (const path of ['/', '/deals', '/contact', '/blog']) {
  test(`a first visit to ${path} fetches exactly the scripts the budget counts`, async ({ page }) => {
    const fetched = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.add(new URL(request.url()).pathname)
    })
    // A phone-sized first screen: nothing below the fold has been scrolled to.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}preview=1`)
    // The scripts start after the first paint, later on a busy machine than the network's quiet
    // moment after the HTML: wait until the page has come to life, then for what it asked for.
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    const route = routeJavaScriptSizes(buildDir).find((r) => r.path === path)
    expect(route).toBeDefined()
    expect([...fetched].sort()).toEqual([...route!.urls].sort())
  })
}

// The page is drawn from its HTML alone; its scripts only start once it has been.
for (const path of ['/deals', '/contact']) {
  test(`${path} requests its scripts only after its first paint`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${path}?preview=1`)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'img' && entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }))
    expect(timing.paint).toBeGreaterThan(0)
    expect(timing.scripts.length).toBeGreaterThan(3)
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint!)
    // And the page came to life: a client-side navigation keeps the document.
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true))
    await page
      .getByRole('banner')
      .getByRole('link', { name: /, home$/ })
      .click()
    await expect(page).toHaveURL(/\/$/)
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true)
  })
}
