import { expect, holdScripts, test, waitForHydration } from './fixtures'
import { ADMIN_EMAIL, signIn } from './support/session'

test.describe('the admin shell', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await signIn(context, baseURL!)
  })

  test('shows the signed-in email, the section links and the dashboard tiles with live figures', async ({ page }) => {
    await page.goto('/admin')
    const nav = page.getByRole('navigation', { name: 'Admin sections' })
    for (const [name, href] of [
      ['Dashboard', '/admin'],
      ['Blog', '/admin/blog'],
      ['Deals', '/admin/deals'],
      ['Brands', '/admin/brands'],
      ['Inquiries', '/admin/inquiries'],
      ['Applications', '/admin/applications'],
      ['Settings', '/admin/settings'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText(ADMIN_EMAIL).first()).toBeVisible()
    // No public header or footer in the staff area.
    await expect(page.getByRole('link', { name: 'Shop Live Menu' })).toHaveCount(0)

    const tiles = page.getByRole('list', { name: 'Overview' }).getByRole('listitem')
    await expect(tiles).toHaveCount(5)
    for (const [title, href] of [
      ['Blog', '/admin/blog'],
      ['Deals', '/admin/deals'],
      ['Brands', '/admin/brands'],
      ['Job Applications', '/admin/applications'],
      ['Contact Inquiries', '/admin/inquiries'],
    ]) {
      const tile = tiles.filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      await expect(tile.getByRole('link')).toHaveAttribute('href', href)
      await expect(tile.getByText(/^\d[\d,]*$/)).toBeVisible()
    }
  })

  test('the dashboard figures are live', async ({ page }) => {
    const { e2eDatabase } = await import('./support/session')
    const brandsNow = () => {
      const db = e2eDatabase()
      try {
        // Brands in the Trash are off the site and out of the count.
        return db.prepare('SELECT count(*) FROM brands WHERE deleted_at IS NULL').pluck().get() as number
      } finally {
        db.close()
      }
    }
    await page.goto('/admin')
    const brandTile = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Brands', exact: true }) })
    await expect(brandTile.getByText(/^\d[\d,]*$/)).toHaveText(brandsNow().toLocaleString('en-US'))
  })

  for (const javaScriptEnabled of [true, false]) {
    test(`Sign Out ${javaScriptEnabled ? 'with' : 'without'} JavaScript ends the session and says so once`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled })
      await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
      await signIn(context, baseURL!)
      const page = await context.newPage()
      await page.goto('/admin')
      await page.getByLabel(`Account menu for ${ADMIN_EMAIL}`).click()
      await page.getByRole('button', { name: 'Sign Out' }).click()
      await expect(page).toHaveURL(/\/admin\/login$/)
      await expect(page.getByRole('status').getByText('Signed out successfully')).toBeVisible()
      // The toast is seen on exactly one page view.
      await page.reload()
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
      await expect(page.getByText('Signed out successfully')).toHaveCount(0)
      // The session is gone on the server, not just in this browser.
      await page.goto('/admin')
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/)
      await context.close()
    })
  }

  test('on a slow phone I open the account menu before the page has come to life: it stays open when it does', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const release = await holdScripts(page)
    await page.goto('/admin', { waitUntil: 'commit' })
    await page.getByLabel(`Account menu for ${ADMIN_EMAIL}`).click()
    const signOut = page.getByRole('button', { name: 'Sign Out' })
    await expect(signOut).toBeVisible()
    await release()
    await waitForHydration(page)
    await expect(signOut).toBeVisible()
    // From then on the page's own rules close it: Escape, with the focus back on the menu button.
    await page.keyboard.press('Escape')
    await expect(signOut).toBeHidden()
    await expect(page.getByLabel(`Account menu for ${ADMIN_EMAIL}`)).toBeFocused()
  })

  test('a visit to /admin/logout does not sign out', async ({ page }) => {
    await page.goto('/admin/logout')
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  })

  test('a toast dismisses itself with JavaScript', async ({ page }) => {
    await page.goto('/admin/login')
    await page.context().clearCookies({ name: 'session' })
    await page.goto('/admin/login')
    const { ADMIN_PASSWORD } = await import('./support/session')
    await page.getByLabel('Email').fill(ADMIN_EMAIL)
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    const toast = page.getByText('Logged in successfully!')
    await expect(toast).toBeVisible()
    await expect(toast).toBeHidden()
  })

  test('a progress bar and "Loading..." show while a navigation is pending', async ({ page }) => {
    await page.goto('/admin')
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
    )
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\.data(\?|$)/, async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible()
    await expect(page.getByText('Loading...')).toBeVisible()
    release()
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0)
    await expect(page.getByText('Loading...')).toHaveCount(0)
  })
})

test.describe('no-index and no-store on every admin response', () => {
  for (const path of ['/admin', '/admin/login', '/admin/reset', '/admin/reset/confirm']) {
    test(path, async ({ page, context, baseURL, request }) => {
      if (path === '/admin') await signIn(context, baseURL!)
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      expect(response?.headers()['x-robots-tag']).toBe('noindex')
      expect(response?.headers()['cache-control']).toContain('no-store')
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
      // Client navigations fetch data: those answers carry the headers too.
      const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
      const dataPath = path === '/admin' ? '/admin.data' : `${path}.data`
      const data = await request.get(dataPath, { headers: { Cookie: cookies } })
      expect(data.headers()['x-robots-tag']).toBe('noindex')
      expect(data.headers()['cache-control']).toContain('no-store')
    })
  }
})

test.describe('accessibility of the staff pages (axe, WCAG 2 A/AA)', () => {
  for (const path of ['/admin/login', '/admin/reset', '/admin/reset/confirm', '/admin']) {
    test(path, async ({ page, context, baseURL }) => {
      const { default: AxeBuilder } = await import('@axe-core/playwright')
      if (path === '/admin') await signIn(context, baseURL!)
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      // @axe-core/playwright is typed against the top-level playwright-core, @playwright/test against its own copy.
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
})
