// npx tsx scripts/render-images.ts
//
// Renders the site's raster images from SVG drawn here and in public/:
//   public/images/social-default.png  1200×630  default social-sharing card
//   public/apple-touch-icon.png       180×180   home-screen icon (from the brand mark)
//   public/favicon.ico                16, 32, 48 px  for browsers and tools that ask for /favicon.ico
//                                                    (from public/favicon.svg; PNG images in an ICO file)
// It uses Debian's Chromium through Playwright, with the site's own fonts
// (Fraunces and Inter from @fontsource-variable) so the card matches the pages.
import { chromium } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const publicDir = join(root, 'public')

/** The default brand name (app/schemas/settings.ts); the card is a static file, so it uses the default. */
const BRAND_NAME = 'Lindsey Street Cannabis Co.'
const TAGLINE = 'Medical Marijuana Dispensary · Norman, OK'

function fontFace(family: string, file: string): string {
  const data = readFileSync(join(root, 'node_modules', file)).toString('base64')
  return `@font-face{font-family:'${family}';src:url(data:font/woff2;base64,${data}) format('woff2');font-weight:100 900;font-display:block}`
}

/** The leaf of the brand mark, as in public/images/logo.svg (seven pointed leaflets). */
function leaf(): string {
  const leaflet = (length: number, width: number, angle: number) =>
    `<path transform="rotate(${angle})" d="M0 0C${width} ${(-length * 0.3).toFixed(1)} ${(width * 0.9).toFixed(1)} ${(-length * 0.7).toFixed(1)} 0 ${-length}C${(-width * 0.9).toFixed(1)} ${(-length * 0.7).toFixed(1)} ${-width} ${(-length * 0.3).toFixed(1)} 0 0Z"/>`
  return [
    leaflet(34, 6.2, 0),
    leaflet(29, 5.4, -32),
    leaflet(29, 5.4, 32),
    leaflet(21, 4.4, -64),
    leaflet(21, 4.4, 64),
    leaflet(12, 3.2, -98),
    leaflet(12, 3.2, 98),
  ].join('')
}

function socialCardSvg(): string {
  const LEAF = leaf()
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<rect width="1200" height="630" fill="#1c432c"/>
<circle cx="1090" cy="630" r="250" fill="#245538"/>
<circle cx="1090" cy="630" r="160" fill="#2f6b46"/>
<circle cx="1090" cy="630" r="80" fill="#f2b33d" fill-opacity=".9"/>
<g fill="#f2b33d" opacity=".08"><g transform="translate(1080 330) rotate(18) scale(7)">${LEAF}</g><g transform="translate(70 700) rotate(-16) scale(5)">${LEAF}</g></g>
<rect x="28" y="28" width="1144" height="574" rx="30" fill="none" stroke="#f2b33d" stroke-opacity=".35" stroke-width="3"/>
<g transform="translate(96 150)">
  <rect width="176" height="176" rx="40" fill="#143222" stroke="#f2b33d" stroke-opacity=".5" stroke-width="3"/>
  <circle cx="88" cy="84" r="70" fill="none" stroke="#f2b33d" stroke-opacity=".3" stroke-width="2.5"/>
  <g transform="translate(88 114) scale(2.4)" fill="#f2b33d">${LEAF}</g>
  <path d="M88 114v30" stroke="#f2b33d" stroke-width="6" stroke-linecap="round"/>
  <path d="M52 150h72" stroke="#faf6ee" stroke-opacity=".8" stroke-width="4.5" stroke-linecap="round" stroke-dasharray="13 9"/>
</g>
<text x="96" y="420" font-family="Fraunces" font-weight="700" font-size="70" fill="#faf6ee">${BRAND_NAME}</text>
<text x="98" y="484" font-family="Inter" font-weight="600" font-size="32" fill="#f2b33d" letter-spacing="1">${TAGLINE}</text>
<text x="98" y="548" font-family="Inter" font-weight="400" font-size="24" fill="#d6eadc">A medical card is required for every visit.</text>
</svg>`
}

function touchIconSvg(): string {
  // Full-bleed square: the home screen applies its own rounded mask.
  const LEAF = leaf()
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="180" height="180">
<rect width="96" height="96" fill="#1c432c"/>
<circle cx="48" cy="46" r="36" fill="none" stroke="#f2b33d" stroke-opacity=".3" stroke-width="1.5"/>
<g transform="translate(48 62) scale(1.25)" fill="#f2b33d">${LEAF}</g>
<path d="M48 62v15" stroke="#f2b33d" stroke-width="3.5" stroke-linecap="round"/>
<path d="M30 80h36" stroke="#faf6ee" stroke-opacity=".8" stroke-width="2.5" stroke-linecap="round" stroke-dasharray="7 5"/>
</svg>`
}

const jobs = [
  { out: join(publicDir, 'images', 'social-default.png'), width: 1200, height: 630, svg: socialCardSvg() },
  { out: join(publicDir, 'apple-touch-icon.png'), width: 180, height: 180, svg: touchIconSvg() },
]

/** The sizes packed into favicon.ico, each drawn from public/favicon.svg. */
const FAVICON_SIZES = [16, 32, 48]

/** An ICO file holding PNG images (ICONDIR, one ICONDIRENTRY per image, then the PNG bytes). */
function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0) // width
    entry.writeUInt8(size >= 256 ? 0 : size, 1) // height
    entry.writeUInt8(0, 2) // no palette
    entry.writeUInt8(0, 3) // reserved
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)])
}

const fonts =
  fontFace('Fraunces', '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2') +
  fontFace('Inter', '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  for (const job of jobs) {
    const page = await browser.newPage({ viewport: { width: job.width, height: job.height } })
    await page.setContent(
      `<!doctype html><html><head><style>${fonts}html,body{margin:0;background:transparent}svg{display:block;width:${job.width}px;height:${job.height}px}</style></head><body>${job.svg}</body></html>`,
    )
    await page.evaluate(() => document.fonts.ready)
    await page.screenshot({ path: job.out, clip: { x: 0, y: 0, width: job.width, height: job.height } })
    await page.close()
    console.log(`wrote ${job.out.slice(root.length + 1)} (${job.width}×${job.height})`)
  }
  const faviconSvg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8')
  const images: { size: number; png: Buffer }[] = []
  for (const size of FAVICON_SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style></head><body>${faviconSvg}</body></html>`,
    )
    images.push({
      size,
      png: await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
    })
    await page.close()
  }
  writeFileSync(join(publicDir, 'favicon.ico'), icoFromPngs(images))
  console.log(`wrote public/favicon.ico (${FAVICON_SIZES.map((s) => `${s}×${s}`).join(', ')})`)
} finally {
  await browser.close()
}
