// npx tsx scripts/render-images.ts
//
// Renders the site's raster images from SVG drawn here and in public/:
//   public/images/social-default.png  1200×630  default social-sharing card
//   public/apple-touch-icon.png       180×180   home-screen icon (from the brand mark)
//   public/favicon.ico                16, 32, 48 px  for browsers and tools that ask for /favicon.ico
//                                                    (from public/favicon.svg; PNG images in an ICO file)
//   public/images/deals/*.svg         1200×600  demo deal artwork: pictures only; the deals page
//                                              prints each slide's title and description itself
// It uses Debian's Chromium through Playwright, with the site's own fonts
// (Fraunces and Inter from @fontsource-variable) so the card matches the pages.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { chromium } from '@playwright/test'

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

/** Demo deal artwork: a picture per deal and no words, so nothing can be cut off at any width. */
const DEAL_ART: { slug: string; from: string; to: string; accent: string; motif: string }[] = [
  { slug: 'first-visit', from: '#1c432c', to: '#0f2a1b', accent: '#f2b33d', motif: 'badge' },
  { slug: 'flower-friday', from: '#24543a', to: '#143222', accent: '#f2b33d', motif: 'flower' },
  { slug: 'penny-preroll', from: '#5a3317', to: '#2f1a0b', accent: '#d98b4a', motif: 'coin' },
  { slug: 'wax-wednesday', from: '#6b4a10', to: '#3a2806', accent: '#f5c451', motif: 'drops' },
  { slug: 'edibles-week', from: '#5b2446', to: '#321327', accent: '#f29bc1', motif: 'gummies' },
  { slug: 'harvest-vapes', from: '#1f3b57', to: '#0f2133', accent: '#7fd1d8', motif: 'cartridge' },
  { slug: 'double-points', from: '#263a7a', to: '#141f45', accent: '#f2b33d', motif: 'stars' },
]

function star(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45
    const angle = (Math.PI / 5) * i - Math.PI / 2
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`
  })
  return `<polygon points="${points.join(' ')}"/>`
}

function motifSvg(motif: string, accent: string, ink: string, LEAF: string): string {
  switch (motif) {
    case 'badge':
      return `<circle cx="600" cy="300" r="190" fill="${accent}"/><circle cx="600" cy="300" r="168" fill="none" stroke="${ink}" stroke-opacity=".45" stroke-width="4" stroke-dasharray="12 10"/><g fill="${ink}" transform="translate(600 360) scale(4.2)">${LEAF}</g>`
    case 'flower':
      return `<g fill="${accent}" transform="translate(600 470) scale(11)">${LEAF}</g><circle cx="600" cy="470" r="26" fill="${ink}"/>`
    case 'coin':
      return `<circle cx="600" cy="300" r="185" fill="${accent}"/><circle cx="600" cy="300" r="150" fill="none" stroke="${ink}" stroke-opacity=".35" stroke-width="10"/><g fill="${ink}" fill-opacity=".55">${star(600, 300, 95)}</g><rect x="250" y="430" width="700" height="46" rx="23" fill="#f4ead8" transform="rotate(-12 600 450)"/><rect x="250" y="430" width="120" height="46" rx="23" fill="${accent}" transform="rotate(-12 600 450)"/>`
    case 'drops':
      return [
        [600, 300, 1.6],
        [430, 360, 1],
        [770, 380, 0.8],
      ]
        .map(
          ([x, y, k]) =>
            `<path transform="translate(${x} ${y}) scale(${k})" d="M0 -120C50 -50 85 0 85 40A85 85 0 0 1 -85 40C-85 0 -50 -50 0 -120Z" fill="${accent}"/>`,
        )
        .join('')
    case 'gummies':
      return [
        [470, 250, -12],
        [640, 330, 8],
        [760, 220, 18],
        [560, 420, -4],
      ]
        .map(
          ([x, y, r], i) =>
            `<rect x="${x - 70}" y="${y - 70}" width="140" height="140" rx="44" transform="rotate(${r} ${x} ${y})" fill="${accent}" fill-opacity="${1 - i * 0.15}"/>`,
        )
        .join('')
    case 'cartridge':
      return `<rect x="545" y="90" width="110" height="300" rx="26" fill="${accent}" fill-opacity=".9"/><rect x="565" y="150" width="70" height="170" rx="14" fill="${ink}" fill-opacity=".35"/><rect x="560" y="390" width="80" height="110" rx="12" fill="#e7eef2"/><rect x="578" y="60" width="44" height="36" rx="8" fill="#e7eef2"/>`
    default:
      return `<g fill="${accent}">${star(600, 300, 150)}${star(400, 210, 60)}${star(800, 400, 70)}</g>`
  }
}

function dealArtSvg(art: (typeof DEAL_ART)[number]): string {
  const LEAF = leaf()
  const scattered = [
    [140, 140, -18, 3],
    [1060, 470, 22, 4],
    [1080, 120, 160, 2.5],
    [160, 500, 200, 3.5],
  ]
    .map(([x, y, r, k]) => `<g transform="translate(${x} ${y}) rotate(${r}) scale(${k})">${LEAF}</g>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600" width="1200" height="600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="1200" height="600" fill="url(#g)"/>
<g fill="${art.accent}" opacity=".12">${scattered}</g>
<circle cx="600" cy="300" r="250" fill="${art.accent}" opacity=".08"/>
${motifSvg(art.motif, art.accent, art.to, LEAF)}
</svg>
`
}

for (const art of DEAL_ART) writeFileSync(join(publicDir, 'images', 'deals', `${art.slug}.svg`), dealArtSvg(art))

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
