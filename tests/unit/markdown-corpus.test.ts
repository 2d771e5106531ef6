import { describe, expect, it } from 'vitest'

import {
  applyImageSizes,
  htmlToPlainText,
  markdownToPlainText,
  MAX_HTML_NESTING,
  renderMarkdownWithImages,
} from '~/lib/markdown.server'
import { readMinutes } from '~/lib/reading-time'

import { CORPUS_LENGTHS, MARKDOWN_CORPUS } from '../support/markdown-corpus'
import { TIME_BUDGET_FACTOR } from '../support/time-budget'

/**
 * The pathological corpus (tests/support/markdown-corpus.ts), each family at
 * 10,000 and 99,000 characters, through everything a save does with markdown:
 * render and sanitise, image sizes, plain-text summary, read minutes. `marked`
 * took 9.3 s on 12 KB of `*a_`; `npm run bench:markdown` has the figures.
 *
 * Time is the process's CPU time, best of three runs: the work done, which a
 * busy machine (parallel test files, other builds) does not inflate.
 */
const BUDGET_MS = 200 * TIME_BUDGET_FACTOR

/** Output may grow with the input, never faster: tags around every character, plus the table padding allowance. */
const maxOutput = (length: number) => 12 * length + 150_000

function cpuMs<T>(run: () => T): { ms: number; value: T } {
  let best = Infinity
  let value!: T
  for (let i = 0; i < 3; i++) {
    const start = process.cpuUsage()
    value = run()
    const used = process.cpuUsage(start)
    best = Math.min(best, (used.user + used.system) / 1000)
  }
  return { ms: best, value }
}

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

describe('markdown corpus: every input renders in under 200 ms, its output bounded', () => {
  it.each(Object.keys(MARKDOWN_CORPUS))('%s', (family) => {
    for (const length of CORPUS_LENGTHS) {
      const input = MARKDOWN_CORPUS[family](length)
      expect(input.length).toBe(length)

      const saved = cpuMs(() => save(input))
      expect(saved.ms, `save, ${length} characters`).toBeLessThan(BUDGET_MS)
      expect(saved.value.html.length, `HTML bytes, ${length} characters`).toBeLessThan(maxOutput(length))
      expect(depth(saved.value.html), `nesting, ${length} characters`).toBeLessThanOrEqual(MAX_HTML_NESTING)

      const plain = cpuMs(() => markdownToPlainText(input))
      expect(plain.ms, `plain text, ${length} characters`).toBeLessThan(BUDGET_MS)
    }
  })
})
