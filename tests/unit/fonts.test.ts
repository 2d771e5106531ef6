import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import fontverter from 'fontverter'
import { Blob, Face } from 'harfbuzzjs'
import { describe, expect, it } from 'vitest'

/**
 * Latin text is drawn from two cut-down files per family (app/fonts/, written
 * by `npm run fonts`): a small "basic" file every page preloads, and the whole
 * Latin set for the rare page that needs more. These tests read the files
 * themselves, so a character that silently fell back to Georgia or Arial, or a
 * weight the files no longer carry, fails here.
 */

const root = join(import.meta.dirname, '..', '..')
const fontsDir = join(root, 'app', 'fonts')

interface DeclaredFace {
  family: string
  file: string
  weight: string
  points: Set<number>
}

function parseRange(range: string): Set<number> {
  const points = new Set<number>()
  for (const part of range.split(',')) {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part)
    if (!match) throw new Error(`Unreadable unicode-range part: ${part}`)
    const first = parseInt(match[1], 16)
    const last = match[2] ? parseInt(match[2], 16) : first
    for (let point = first; point <= last; point++) points.add(point)
  }
  return points
}

function fontFaces(css: string): DeclaredFace[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const field = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body)?.[1].trim() ?? ''
    return {
      family: field('font-family').replace(/'/g, ''),
      file: /url\(([^)]+)\)/.exec(field('src'))![1],
      weight: field('font-weight'),
      points: parseRange(field('unicode-range')),
    }
  })
}

async function openFont(path: string) {
  const face = new Face(new Blob(await fontverter.convert(readFileSync(path), 'sfnt')))
  return { characters: new Set(face.collectUnicodes()), axes: face.getAxisInfos() }
}

const FAMILIES = [
  { family: 'Inter Variable', slug: 'inter' },
  { family: 'Fraunces Variable', slug: 'fraunces' },
]
const faces = fontFaces(readFileSync(join(fontsDir, 'latin.css'), 'utf8'))

/** fontsource's own Latin face of a family: its file and the characters it is declared for. */
function original(slug: string) {
  const css = readFileSync(join(root, 'node_modules', '@fontsource-variable', slug, 'wght.css'), 'utf8')
  const face = fontFaces(css).find((f) => f.file.endsWith(`/${slug}-latin-wght-normal.woff2`))!
  return { path: join(root, 'node_modules', '@fontsource-variable', slug, face.file), points: face.points }
}

describe('the Latin web fonts', () => {
  it('are declared as a basic and a latin face for each family, weights 400 to 700', () => {
    expect(faces.map((f) => `${f.family} ${f.file} ${f.weight}`)).toEqual([
      'Inter Variable ./inter-basic.woff2 400 700',
      'Inter Variable ./inter-latin.woff2 400 700',
      'Fraunces Variable ./fraunces-basic.woff2 400 700',
      'Fraunces Variable ./fraunces-latin.woff2 400 700',
    ])
  })

  for (const { family, slug } of FAMILIES) {
    it(`cover, for ${family}, every character fontsource's Latin file covered, once`, async () => {
      const [basic, latin] = faces.filter((f) => f.family === family)
      const { path, points } = original(slug)
      // Between them the two faces claim exactly the original's characters, and no character twice.
      expect([...basic.points].filter((point) => latin.points.has(point))).toEqual([])
      expect(new Set([...basic.points, ...latin.points])).toEqual(points)
      // Each file draws every character of its face that the original file could draw (control characters are never drawn).
      const drawn = new Set([...(await openFont(path)).characters].filter((point) => point >= 0x20))
      for (const face of [basic, latin]) {
        const { characters } = await openFont(join(fontsDir, face.file))
        const lost = [...face.points].filter((point) => drawn.has(point) && !characters.has(point))
        expect(lost.map((point) => `U+${point.toString(16).toUpperCase()}`)).toEqual([])
      }
      // The characters of this site's own text are in the basic file: letters, digits, curly quotes, dashes …
      const site = 'Lindsey Street Cannabis Co. – “Deals” — it’s 4:20 … © 2026 · 10% × 2 • café'
      const { characters } = await openFont(join(fontsDir, basic.file))
      expect([...site].filter((char) => !characters.has(char.codePointAt(0)!))).toEqual([])
    })

    it(`keep the weights ${family} is set in, 400 to 700`, async () => {
      for (const part of ['basic', 'latin']) {
        const { axes } = await openFont(join(fontsDir, `${slug}-${part}.woff2`))
        expect(Object.keys(axes)).toEqual(['wght'])
        expect([axes.wght.min, axes.wght.max]).toEqual([400, 700])
      }
    })
  }

  it('weigh at most 48 KB together for the two files every page preloads', () => {
    const bytes = ['inter-basic.woff2', 'fraunces-basic.woff2'].map((file) => readFileSync(join(fontsDir, file)).length)
    expect(bytes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(48 * 1024)
  })

  it('are never asked for a weight they do not carry', () => {
    // Tailwind's weights outside 400–700 would be drawn from the nearest weight, not the one asked for.
    const sources: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.(tsx?|css)$/.test(entry.name)) sources.push(path)
      }
    }
    walk(join(root, 'app'))
    const offenders = sources.filter((path) =>
      /\bfont-(thin|extralight|light|extrabold|black)\b|font-weight:\s*(100|200|300|800|900)\s*[;}]/.test(
        readFileSync(path, 'utf8'),
      ),
    )
    expect(offenders).toEqual([])
  })
})
