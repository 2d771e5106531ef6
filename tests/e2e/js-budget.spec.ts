import { expect, test } from '@playwright/test'
import { isPublicRoute, PUBLIC_ROUTE_BUDGET_BYTES, routeJavaScriptSizes } from '../../bench/js-sizes'

// The e2e server was built into this folder by playwright.config.ts.
const buildDir = process.env.E2E_BUILD_DIR!

test('no public page loads more than 130 KB of gzipped JavaScript', () => {
  const routes = routeJavaScriptSizes(buildDir).filter(isPublicRoute)
  expect(routes.length).toBeGreaterThan(0)
  const over = routes
    .filter((route) => route.gzipBytes > PUBLIC_ROUTE_BUDGET_BYTES)
    .map((route) => `${route.path} ${(route.gzipBytes / 1024).toFixed(1)} KB`)
  expect(over).toEqual([])
})

test('the browser really downloads what the budget counts on the home page', async ({ page }) => {
  let transferred = 0
  page.on('requestfinished', async (request) => {
    if (request.resourceType() === 'script') transferred += (await request.sizes()).responseBodySize
  })
  await page.goto('/?preview=1', { waitUntil: 'networkidle' })
  const home = routeJavaScriptSizes(buildDir).find((route) => route.path === '/')
  expect(home).toBeDefined()
  expect(transferred).toBeGreaterThan(0)
  // The server compresses with gzip's default level; the budget uses level 9.
  expect(transferred).toBeLessThan(home!.gzipBytes * 1.15)
})
