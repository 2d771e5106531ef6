import { describe, expect, it } from 'vitest'

import { slugify } from '~/lib/slug'

// Lowercased, runs of non-alphanumerics become one hyphen, leading and
// trailing hyphens trimmed.
const CASES: [string, string][] = [
  ['Hello World', 'hello-world'],
  ['hello-world', 'hello-world'],
  ['UPPER case Title', 'upper-case-title'],
  ['Top 10 Strains of 2026!', 'top-10-strains-of-2026'],
  ['  Leading and trailing spaces  ', 'leading-and-trailing-spaces'],
  ['Multiple   spaces\tand\nlines', 'multiple-spaces-and-lines'],
  ['--Already--hyphenated--', 'already-hyphenated'],
  ['What’s New at Lindsey St.?', 'what-s-new-at-lindsey-st'],
  ["A Patient's Guide: Edibles & Dosing", 'a-patient-s-guide-edibles-dosing'],
  ['C++ / Rust & Go', 'c-rust-go'],
  ['snake_case_title', 'snake-case-title'],
  ['Café Crème Brûlée', 'cafe-creme-brulee'],
  ['Ñandú in Norman', 'nandu-in-norman'],
  ['100% Oklahoma-grown', '100-oklahoma-grown'],
  ['2026', '2026'],
  ['a', 'a'],
  ['!!!', ''],
  ['', ''],
  ['日本語', ''],
  ['Emoji 🌿 Week', 'emoji-week'],
]

describe('slugify', () => {
  it.each(CASES)('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug)
  })

  it('always gives a slug the posts table accepts (or an empty one)', () => {
    for (const [title] of CASES) {
      const slug = slugify(title)
      expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/)
    }
  })

  it('is idempotent', () => {
    for (const [title] of CASES) expect(slugify(slugify(title))).toBe(slugify(title))
  })
})
