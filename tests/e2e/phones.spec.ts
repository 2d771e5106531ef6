import { expect, test, whenHydrated } from './fixtures'
import { screenshotPath } from './support/screenshots'

const PHONE = { width: 390, height: 844 }

test.describe('the call-or-shop bar on a phone', () => {
  test.use({ viewport: PHONE })

  test('calls the store and opens the live menu from anywhere on the page, without hiding the footer', async ({
    page,
  }) => {
    for (const path of ['/', '/blog', '/contact']) {
      await page.goto(path)
      const bar = page.getByRole('navigation', { name: 'Call or shop' })
      await expect(bar).toBeVisible()
      await expect(bar.getByRole('link', { name: /^Call Store/ })).toHaveAttribute('href', 'tel:+14055550142')
      await expect(bar.getByRole('link', { name: 'Shop Live Menu' })).toHaveAttribute('href', '/live-menu')
      // Far down the page it is still in reach ...
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const barBox = (await bar.boundingBox())!
      expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE.height + 1)
      for (const link of await bar.getByRole('link').all())
        expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44)
      // ... and the last line of the footer ends above it.
      const lastLine = (await page.getByText('Oklahoma medical marijuana dispensary ·').boundingBox())!
      expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(barBox.y)
    }
    await page.goto('/')
    await page.screenshot({ path: screenshotPath('phone-bar-390.png') })
    await page.getByRole('navigation', { name: 'Call or shop' }).getByRole('link', { name: 'Shop Live Menu' }).click()
    await expect(page).toHaveURL(/\/live-menu$/)
  })

  test.describe('before the age is confirmed', () => {
    test.use({ ageConfirmed: false })
    test('the bar stays under the age gate', async ({ page }) => {
      await page.goto('/')
      const enter = page.getByRole('button', { name: 'Yes, Enter' })
      await expect(enter).toBeVisible()
      const box = (await enter.boundingBox())!
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent?.trim(),
        [box.x + box.width / 2, box.y + box.height / 2],
      )
      expect(onTop).toBe('Yes, Enter')
      // The bar is drawn beneath the gate, not over it.
      const bar = page.getByRole('navigation', { name: 'Call or shop', includeHidden: true })
      const [barLayer, gateLayer] = await Promise.all([
        bar.evaluate((el) => Number(getComputedStyle(el).zIndex)),
        page.locator('#age-gate').evaluate((el) => Number(getComputedStyle(el).zIndex)),
      ])
      expect(barLayer).toBeLessThan(gateLayer)
    })
  })
})

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } })
  test('there is no bar: the header holds the same actions', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Call or shop' })).toBeHidden()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Shop Live Menu' })).toBeVisible()
  })
})

test.describe('the contact form’s first empty submit on a phone', () => {
  test.use({ viewport: PHONE })

  test('with JavaScript, focus moves to Name, the first field in error', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Send Message' }).click()
    const name = page.getByLabel('Name')
    await expect(name).toBeFocused()
    await expect(name).toBeInViewport()
    await expect(page.getByText('Name is required', { exact: false }).first()).toBeInViewport()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('the answer opens at an error summary whose first link leads to Name', async ({ page }) => {
      await page.goto('/contact')
      await page.getByRole('button', { name: 'Send Message' }).click()
      await expect(page).toHaveURL(/\/contact#contact-form-summary$/)
      const summary = page.locator('#contact-form-summary')
      await expect(summary.getByRole('heading', { name: 'Please correct these fields:' })).toBeInViewport()
      await expect(summary.getByRole('link')).toHaveCount(4)
      await expect(summary.getByRole('link').first()).toHaveAttribute('href', '#contact-form-name')
      expect(await summary.evaluate((el) => el.matches(':target'))).toBe(true)
      // The summary is where keyboard focus starts: the next Tab reaches its first link, which leads to Name.
      await page.keyboard.press('Tab')
      await expect(summary.getByRole('link').first()).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByLabel('Name')).toBeFocused()
      await expect(page.getByLabel('Name')).toBeInViewport()
    })
  })
})

for (const width of [390, 1280]) {
  test.describe(`small things at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } })

    test('the blog search placeholder shows whole', async ({ page }) => {
      await page.goto('/blog')
      const search = page.getByRole('searchbox', { name: 'Search posts' })
      const fit = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return { room, needed: context.measureText(input.placeholder).width }
      })
      // With room to spare for the clear button a search box shows once something is typed, and for wider fonts.
      expect(fit.needed + 24).toBeLessThanOrEqual(fit.room)
    })

    test('the contact email address stays on one line', async ({ page }) => {
      await page.goto('/contact')
      const email = page.getByRole('main').getByRole('link', { name: 'hello@lindseystreetcannabis.com' })
      await expect(email).toBeVisible()
      expect(await email.evaluate((a) => a.getClientRects().length)).toBe(1)
      const box = (await email.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(width)
    })

    test('the About lightbox shows the picture much larger than its thumbnail, its caption below it', async ({
      page,
    }) => {
      await page.goto('/about')
      const thumb = await whenHydrated(page.getByRole('link', { name: /View larger: The sales counter/ }))
      const thumbWidth = (await thumb.locator('img').boundingBox())!.width
      await thumb.click()
      const viewer = page.getByRole('dialog')
      const image = viewer.getByRole('img', { name: /sales counter/ })
      await expect(image).toBeVisible()
      await page.waitForTimeout(300)
      const big = (await image.boundingBox())!
      // The rendered picture (object-contain) is at least 1.5 times the thumbnail's width.
      const shown = await image.evaluate((img: HTMLImageElement) => {
        const scale = Math.min(img.clientWidth / img.naturalWidth, img.clientHeight / img.naturalHeight)
        return img.naturalWidth * scale
      })
      expect(shown).toBeGreaterThanOrEqual(thumbWidth * 1.5)
      const caption = (await viewer.getByText('Our counter, where budtenders').boundingBox())!
      expect(caption.y).toBeGreaterThanOrEqual(big.y + big.height)
      expect(caption.y + caption.height).toBeLessThanOrEqual(844)
      await page.screenshot({ path: `test-results/lightbox-${width}.png` })
    })
  })
}
