// npm run fonts
//
// Cuts the site's two Latin web fonts (Inter and Fraunces, variable, from
// @fontsource-variable) down to what a first visit needs, and writes them with
// their @font-face rules into app/fonts/:
//   <family>-basic.woff2  the characters nearly every page uses: ASCII, curly
//                         quotes, dashes, the ellipsis, the bullet, ©, ®, °,
//                         ·, ×, é, ™ and the no-break space. Preloaded.
//   <family>-latin.woff2  the whole Latin set of the original file, used only
//                         for the other characters of that set (ñ, ü, ¿ …):
//                         a browser downloads it only for a page that has one.
//   latin.css             the four @font-face rules, with unicode-range.
// Both files keep the weight axis from 400 to 700 only, the weights the site
// sets (normal, medium, semibold, bold): the axis from 100 to 900 nearly
// doubled the bytes. The other scripts (Cyrillic, Greek, Vietnamese, Latin
// Extended) keep fontsource's files, declared in app/fonts.css.
//
// The originals weigh 48 KB (Inter) and 37 KB (Fraunces); every page preloaded
// both, and on a phone's connection they held back its largest picture. Run
// this again after upgrading @fontsource-variable and commit what it writes.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { format, resolveConfig } from 'prettier'
import subsetFont from 'subset-font'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'app', 'fonts')

type Range = readonly [number, number]

/** What fontsource's Latin file covers (its unicode-range). */
const LATIN: Range[] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
]

/** The characters of the basic files: the site's own text and nearly every post. */
const BASIC: Range[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a9, 0x00a9],
  [0x00ae, 0x00ae],
  [0x00b0, 0x00b0],
  [0x00b7, 0x00b7],
  [0x00d7, 0x00d7],
  [0x00e9, 0x00e9],
  [0x2013, 0x2014],
  [0x2018, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2122, 0x2122],
]

const WEIGHTS = { min: 400, max: 700 }

const FAMILIES = [
  { name: 'Inter Variable', slug: 'inter' },
  { name: 'Fraunces Variable', slug: 'fraunces' },
]

function codePoints(ranges: Range[]): Set<number> {
  const points = new Set<number>()
  for (const [first, last] of ranges) for (let point = first; point <= last; point++) points.add(point)
  return points
}

/** Sorted code points as unicode-range text: U+0020-007E, U+00A0, … */
function unicodeRange(points: Set<number>): string {
  const sorted = [...points].sort((a, b) => a - b)
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0')
  const parts: string[] = []
  for (let i = 0; i < sorted.length;) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`)
    i = j + 1
  }
  return parts.join(', ')
}

function fontFace(family: string, file: string, range: string): string {
  return [
    '@font-face {',
    `  font-family: '${family}';`,
    '  font-style: normal;',
    '  font-display: optional;',
    `  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};`,
    `  src: url(./${file}) format('woff2');`,
    `  unicode-range: ${range};`,
    '}',
  ].join('\n')
}

const latin = codePoints(LATIN)
const basic = codePoints(BASIC)
const rest = new Set([...latin].filter((point) => !basic.has(point)))
const text = (points: Set<number>) => String.fromCodePoint(...[...points].filter((point) => point >= 0x20))

const rules: string[] = []
for (const family of FAMILIES) {
  const source = readFileSync(
    join(root, 'node_modules', '@fontsource-variable', family.slug, 'files', `${family.slug}-latin-wght-normal.woff2`),
  )
  for (const [part, points] of [
    ['basic', basic],
    ['latin', latin],
  ] as const) {
    const file = `${family.slug}-${part}.woff2`
    const font = await subsetFont(source, text(points), { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } })
    writeFileSync(join(out, file), font)
    console.log(
      `app/fonts/${file}: ${(font.length / 1024).toFixed(1)} KB (from ${(source.length / 1024).toFixed(1)} KB)`,
    )
  }
  rules.push(fontFace(family.name, `${family.slug}-basic.woff2`, unicodeRange(basic)))
  rules.push(fontFace(family.name, `${family.slug}-latin.woff2`, unicodeRange(rest)))
}

const header = `/*
 * Written by \`npm run fonts\` (scripts/subset-fonts.ts): do not edit by hand.
 * Inter and Fraunces for Latin text, weights 400 to 700. The basic file of
 * each holds the characters nearly every page uses and is preloaded; the
 * latin file is downloaded only for a page with another Latin character.
 * font-display: optional, as for the other faces (app/fonts.css).
 */`
const cssFile = join(out, 'latin.css')
const css = [header, ...rules].join('\n\n') + '\n'
writeFileSync(cssFile, await format(css, { ...(await resolveConfig(cssFile)), filepath: cssFile }))
console.log('app/fonts/latin.css written')
