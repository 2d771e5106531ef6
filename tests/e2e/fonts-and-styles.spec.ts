import { expect, test } from './fixtures'
import { type PrivateServer, startServer } from './support/server'

/**
 * What a first visit on a phone downloads besides the page, its pictures and
 * its scripts: no stylesheet (the styles are written into the page) and two
 * small font files, the basic Latin cut of Inter and of Fraunces. On a slow
 * connection every byte of these competes with the page's largest picture.
 */

const PAGES = ['/', '/blog', '/deals', '/contact', '/about']

// A server of its own on a fresh database with the demo content only: posts other
// tests add to the shared database may hold letters outside the basic cut.
let server: PrivateServer
test.beforeAll(async () => {
  server = await startServer({ env: { DEMO_CONTENT: '1' } })
})
test.afterAll(async () => {
  await server?.stop()
})

for (const path of PAGES) {
  test(`a first visit to ${path} downloads no stylesheet and only the two basic font files`, async ({ page }) => {
    const stylesheets: string[] = []
    const fonts = new Map<string, number>()
    let footerCode = false
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname)
    })
    page.on('response', async (response) => {
      if (/\/SiteFooter-[\w-]+\.js$/.test(response.url())) footerCode = true
      if (response.request().resourceType() !== 'font') return
      const name = new URL(response.url()).pathname.replace(/^\/assets\/|-[\w-]{8}\.woff2$/g, '')
      fonts.set(name, (await response.body()).length)
    })
    await page.context().addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
    // Scrolled to the end, the footer's code loads; it needs the same stylesheet, already in the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => footerCode).toBe(true)
    await page.waitForLoadState('networkidle')

    expect(stylesheets).toEqual([])
    const basic = ['fraunces-basic', 'inter-basic']
    expect([...fonts.keys()].sort()).toEqual(basic)
    expect(basic.map((name) => fonts.get(name)!).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(48 * 1024)

    // And the page is drawn in them: the styles applied, the headings in Fraunces, the text in Inter.
    const drawn = await page.evaluate(async () => {
      await document.fonts.ready
      return {
        heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
        body: getComputedStyle(document.body).fontFamily,
        margin: getComputedStyle(document.body).marginTop,
        fraunces: document.fonts.check('600 32px "Fraunces Variable"', 'Deals'),
        inter: document.fonts.check('400 16px "Inter Variable"', 'Open today'),
      }
    })
    expect(drawn).toMatchObject({ margin: '0px', fraunces: true, inter: true })
    expect(drawn.heading).toMatch(/^"?Fraunces Variable/)
    expect(drawn.body).toMatch(/^"?Inter Variable/)
  })
}

test('a Latin letter outside the basic cut (ñ, ü) is still drawn in the web fonts', async ({ page }) => {
  const fonts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname)
  })
  // The demo content of its own server: every letter on the page is within the basic cut.
  await page.context().addCookies([{ name: 'age_verified', value: 'IjEi', url: server.url }])
  await page.goto(`${server.url}/about`, { waitUntil: 'networkidle' })
  expect(fonts.filter((font) => /\/(inter|fraunces)-latin-/.test(font))).toEqual([])
  // A post or a brand name with such a letter: asked for the faces a heading (Fraunces) and
  // body text (Inter) need for it, at the weights the site uses, the browser picks and
  // downloads each family's whole Latin cut. (Asked through the font loading API rather than
  // by adding elements to the page: React may replace nodes it did not render, and a heading
  // added after the page settled did not start its download in Chromium 156.)
  const loaded = await page.evaluate(async () => {
    const faces = [
      ...(await document.fonts.load('600 32px "Fraunces Variable"', 'Jalapeño Gummies from Müller Farms')),
      ...(await document.fonts.load('400 16px "Inter Variable"', 'Señor Green’s ¡Oferta! — 5 ¢ off')),
    ]
    // The loaded faces whose unicode-range holds ñ.
    const holdsEnye = (range: string) =>
      range.split(',').some((part) => {
        const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-')
        return parseInt(first, 16) <= 0xf1 && 0xf1 <= parseInt(last, 16)
      })
    return faces
      .filter((face) => face.status === 'loaded' && holdsEnye(face.unicodeRange))
      .map((face) => face.family.replace(/"/g, ''))
      .sort()
  })
  expect(loaded).toEqual(['Fraunces Variable', 'Inter Variable'])
  await expect.poll(() => fonts.filter((font) => /\/(inter|fraunces)-latin-/.test(font)).length).toBe(2)
})
