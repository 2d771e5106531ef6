import { expect, test } from './fixtures'

/**
 * What a first visit on a phone downloads besides the page, its pictures and
 * its scripts: no stylesheet (the styles are written into the page) and two
 * small font files, the basic Latin cut of Inter and of Fraunces. On a slow
 * connection every byte of these competes with the page's largest picture.
 */

const PAGES = ['/', '/blog', '/deals', '/contact', '/about']

/** The characters of the basic files (app/fonts/latin.css). */
const BASIC = /[\u0020-\u007E\u00A0\u00A9\u00AE\u00B0\u00B7\u00D7\u00E9\u2013\u2014\u2018-\u201D\u2022\u2026\u2122]/
/** A character of fontsource's Latin range that the basic files leave to the whole Latin files. */
function isLatinOutsideBasic(char: string): boolean {
  const point = char.codePointAt(0)!
  const latin =
    (point >= 0xa0 && point <= 0xff) ||
    [0x131, 0x152, 0x153, 0x2bb, 0x2bc, 0x2c6, 0x2da, 0x2dc, 0x20ac, 0x2191, 0x2193, 0x2212, 0x2215].includes(point) ||
    (point >= 0x2000 && point <= 0x206f)
  return latin && !BASIC.test(char)
}

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
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(path, { waitUntil: 'networkidle' })
    // Scrolled to the end, the footer's code loads; it needs the same stylesheet, already in the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => footerCode).toBe(true)
    await page.waitForLoadState('networkidle')

    expect(stylesheets).toEqual([])
    // Nothing more for a page whose text stays within the basic cut (as the demo content does);
    // posts other tests add may hold a letter that needs the whole Latin or another script's file.
    const text = await page.evaluate(() => document.body.innerText)
    const basic = ['fraunces-basic', 'inter-basic']
    const needsMore = [...text].some((char) => isLatinOutsideBasic(char) || /[\u0100-\u1FFF]/.test(char))
    if (needsMore) expect([...fonts.keys()]).toEqual(expect.arrayContaining(basic))
    else expect([...fonts.keys()].sort()).toEqual(basic)
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
  await page.goto('/about', { waitUntil: 'networkidle' })
  expect(fonts.some((font) => /\/(inter|fraunces)-latin-/.test(font))).toBe(false)
  // A post or a brand name with such a letter: the browser fetches the whole Latin cut for it.
  const loaded = await page.evaluate(async () => {
    const heading = document.createElement('h2')
    heading.textContent = 'Jalapeño Gummies from Müller Farms'
    const text = document.createElement('p')
    text.textContent = 'Señor Green’s ¡Oferta! — 5 ¢ off'
    document.querySelector('main')!.prepend(heading, text)
    await document.fonts.ready
    // The loaded faces whose unicode-range holds ñ.
    const holdsEnye = (range: string) =>
      range.split(',').some((part) => {
        const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-')
        return parseInt(first, 16) <= 0xf1 && 0xf1 <= parseInt(last, 16)
      })
    return [...document.fonts]
      .filter((face) => face.status === 'loaded' && holdsEnye(face.unicodeRange))
      .map((face) => face.family.replace(/"/g, ''))
  })
  expect(loaded.sort()).toEqual(['Fraunces Variable', 'Inter Variable'])
  await expect.poll(() => fonts.filter((font) => /\/(inter|fraunces)-latin-/.test(font)).length).toBe(2)
})
