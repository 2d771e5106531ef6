import { describe, expect, it } from 'vitest'

import {
  applyImageSizes,
  htmlToPlainText,
  markdownToPlainText,
  MAX_HTML_NESTING,
  renderMarkdownWithImages,
} from '~/lib/markdown.server'
import { readMinutes } from '~/lib/reading-time'

import { cpuMs, describeGrowth, growth, MAX_GROWTH_FOR_TENFOLD_INPUT } from '../support/growth'
import { CORPUS_LENGTHS, MARKDOWN_CORPUS } from '../support/markdown-corpus'
import { TIME_BUDGET_FACTOR } from '../support/time-budget'

/**
 * The pathological corpus (tests/support/markdown-corpus.ts), each family at
 * 10,000 and 99,000 characters, through everything a save does with markdown:
 * render and sanitise, image sizes, plain-text summary, read minutes. `marked`
 * took 9.3 s on 12 KB of `*a_`; `npm run bench:markdown` has the figures.
 *
 * What is checked is how the cost grows: ten times the input may cost at most
 * MAX_GROWTH_FOR_TENFOLD_INPUT times the CPU time (tests/support/growth.ts),
 * which linear work meets on any machine, busy or not, and work that grows
 * with the square of the input cannot. Beside it, a backstop in milliseconds
 * with tenfold room: the slowest family took 134 ms at 99,000 characters on
 * the CI machine, so 2 s fails only a catastrophe like the 9.3 s above.
 */
const BACKSTOP_MS = 2_000 * TIME_BUDGET_FACTOR

/** Output may grow with the input, never faster: tags around every character, plus the table padding allowance. */
const maxOutput = (length: number) => 12 * length + 150_000

/** What a save computes from the markdown (the database lookup of upload sizes aside). */
function save(markdown: string) {
  const { html, images } = renderMarkdownWithImages(markdown)
  const sized = applyImageSizes(html, new Map(images.map((src) => [src, { width: 1200, height: 800 }])))
  return { html: sized, text: htmlToPlainText(sized), minutes: readMinutes(markdown) }
}

/** The deepest element nesting in sanitised HTML. */
function depth(html: string): number {
  let current = 0
  let deepest = 0
  for (const match of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*?(\/?)>/g)) {
    if (match[1]) current--
    else if (!match[3] && !['br', 'hr', 'img'].includes(match[2])) deepest = Math.max(deepest, ++current)
  }
  return deepest
}

describe('markdown corpus: the cost of every input grows no faster than its length, its output bounded', () => {
  const [small, large] = CORPUS_LENGTHS
  it('compares ten times the input', () => expect(large / small).toBeCloseTo(9.9, 1))

  it.each(Object.keys(MARKDOWN_CORPUS))('%s', (family) => {
    const inputs = CORPUS_LENGTHS.map((length) => MARKDOWN_CORPUS[family](length))
    inputs.forEach((input, i) => expect(input.length).toBe(CORPUS_LENGTHS[i]))

    const [savedSmall, savedLarge] = inputs.map((input) => cpuMs(() => save(input), 3))
    const [plainSmall, plainLarge] = inputs.map((input) => cpuMs(() => markdownToPlainText(input), 3))
    expect(growth(savedSmall, savedLarge), describeGrowth('save', savedSmall, savedLarge)).toBeLessThan(
      MAX_GROWTH_FOR_TENFOLD_INPUT,
    )
    expect(growth(plainSmall, plainLarge), describeGrowth('plain text', plainSmall, plainLarge)).toBeLessThan(
      MAX_GROWTH_FOR_TENFOLD_INPUT,
    )
    expect(savedLarge.ms, `save, ${large} characters`).toBeLessThan(BACKSTOP_MS)
    expect(plainLarge.ms, `plain text, ${large} characters`).toBeLessThan(BACKSTOP_MS)

    for (const [i, saved] of [savedSmall, savedLarge].entries()) {
      const length = CORPUS_LENGTHS[i]
      expect(saved.value.html.length, `HTML bytes, ${length} characters`).toBeLessThan(maxOutput(length))
      expect(depth(saved.value.html), `nesting, ${length} characters`).toBeLessThanOrEqual(MAX_HTML_NESTING)
    }
  })
})
