import { describe, expect, it } from 'vitest'

import {
  applyImageSizes,
  boundMarkdown,
  MAX_CONTAINER_MARKERS,
  MAX_PADDED_TABLE_CELLS,
  renderMarkdown,
  renderMarkdownWithImages,
} from '~/lib/markdown.server'

/**
 * What the bounds put on a post before it is parsed, line by line: container
 * markers past the limit become text, and a table that has spent the post's
 * allowance of empty cells ends. And how images get their sizes.
 */
const N = MAX_CONTAINER_MARKERS

describe('container markers on one line', () => {
  it.each([
    ['quotes separated by tabs', '>\t'.repeat(N), '> x', '\\> x'],
    ['quotes after leading spaces', `   ${'> '.repeat(N)}`, '> x', '\\> x'],
    ['plus bullets', '+ '.repeat(N), '+ x', '\\+ x'],
    ['star bullets', '* '.repeat(N), '* x', '\\* x'],
    ['bullets followed by a tab', '-\t'.repeat(N), '-\tx', '\\-\tx'],
    ['a bullet ending the line', '- '.repeat(N), '-', '\\-'],
    ['an ordered marker ending the line', '1. '.repeat(N), '2.', '2\\.'],
    ['ordered markers numbered 0', '0. '.repeat(N), '0) x', '0\\) x'],
    ['ordered markers numbered 9', '9. '.repeat(N), '9. x', '9\\. x'],
    ['an ordered marker of nine digits', '> '.repeat(N), '123456789. x', '123456789\\. x'],
  ])('%s: the marker past the limit is kept as text', (_name, opening, last, escaped) => {
    expect(boundMarkdown(opening + last)).toBe(opening + escaped)
  })

  it.each([
    ['a word', 'x y'],
    ['a dash inside a word', '-x'],
    ['a number followed by letters', '12x'],
    ['a number followed by spaces', '12  apples'],
    ['a number of ten digits', '1234567890. x'],
    ['a number without a space after its dot', '1.x'],
    ['a slash', '/. x'],
    ['a colon', ':. x'],
  ])('%s after the limit is no marker: the line stays as it is', (_name, rest) => {
    const line = '> '.repeat(N) + rest
    expect(boundMarkdown(line)).toBe(line)
  })
})

/**
 * The number of rows a table keeps before the post's allowance of empty cells
 * runs out (the bound puts a blank line there), or null when nothing was cut.
 */
function rowsKept(lines: string[]): number | null {
  const out = boundMarkdown(lines.join('\n')).split('\n')
  const inputBlanks = lines.filter((line) => line.trim() === '').length
  const outputBlanks = out.filter((line) => line.trim() === '').length
  if (outputBlanks === inputBlanks) return null
  // The first blank line the bound added.
  for (let i = 0; i < out.length; i++) if (out[i] === '' && lines[i] !== '') return i
  return null
}

const W = 101
const header = `|${' h |'.repeat(W)}`
const delimiter = `|${'---|'.repeat(W)}`
const rows = (row: string, count = 200) => Array.from({ length: count }, () => row)
/** Rows of `cells` cells in a table of 101 columns: each adds 101 − cells empty cells. */
const fitting = (cells: number) => Math.floor(MAX_PADDED_TABLE_CELLS / (W - cells))

describe('the allowance of empty table cells', () => {
  it('counts a row’s cells by its pipes, less the outer ones, not an escaped pipe', () => {
    const at = (row: string) => rowsKept([header, delimiter, ...rows(row)])
    // Two header lines, then the rows that fit.
    expect(at('x')).toBe(2 + fitting(1))
    expect(at('a | b')).toBe(2 + fitting(2))
    expect(at('| a | b')).toBe(2 + fitting(2))
    expect(at('a | b |')).toBe(2 + fitting(2))
    expect(at('| a | b |')).toBe(2 + fitting(2))
    expect(at('a \\| b')).toBe(2 + fitting(1))
    expect(at('a | b \\|')).toBe(2 + fitting(2))
    expect(at('a | b |   ')).toBe(2 + fitting(2))
  })

  it('reads delimiter rows with or without outer pipes, with alignment colons, spaces and tabs', () => {
    const inner = Array.from({ length: W }, (_, i) => [' --- ', ':---', '---:', '\t:-:\t'][i % 4]).join('|')
    for (const line of [inner, `|${inner}`, `${inner}|`, `|${inner}|`]) {
      expect(rowsKept([header, line, ...rows('x')]), line.slice(0, 20)).toBe(2 + fitting(1))
    }
  })

  it('sees no table under a row with a cell that is not a delimiter', () => {
    const line = `|${' --- |'.repeat(W - 1)} -:- |`
    expect(rowsKept([header, line, ...rows('x')])).toBeNull()
  })

  it('sees tables inside block quotes, after spaces and tabs, and without trailing spaces', () => {
    const quoted = (line: string) => ` >\t> ${line}   `
    expect(rowsKept([header, delimiter, ...rows('x')].map(quoted))).toBe(2 + fitting(1))
    expect(rowsKept([header, delimiter, ...rows('a | b |')].map(quoted))).toBe(2 + fitting(2))
  })

  it('needs a header line: a delimiter row first in a post, or after a blank line, starts no table', () => {
    expect(rowsKept([delimiter, ...rows('x')])).toBeNull()
    expect(rowsKept(['Intro', '', delimiter, ...rows('x')])).toBeNull()
  })

  it('is spent over the whole post, each table ending at a blank line', () => {
    const first = [header, delimiter, ...rows('x', 60)]
    const second = [header, delimiter, ...rows('x', 60)]
    // 60 rows of the first table spend 6,000 cells; 40 rows of the second fit in the rest.
    const lines = [...first, '', ...second]
    expect(rowsKept(lines)).toBe(first.length + 1 + 2 + 40)
    // A line of spaces ends a table as an empty one does.
    expect(rowsKept([...first, '  \t', ...second])).toBe(first.length + 1 + 2 + 40)
  })
})

describe('links', () => {
  it('open in a new tab only when they lead to another site, not when an address merely mentions one', () => {
    const html = renderMarkdown('[out](/out?to=https://example.com) and [away](HTTPS://example.com)')
    expect(html).toContain('<a href="/out?to=https://example.com">out</a>')
    expect(html).toContain('<a href="HTTPS://example.com" rel="noopener noreferrer" target="_blank">away</a>')
  })
})

describe('images', () => {
  it('are listed by their source; an image without one adds nothing to the list', () => {
    const { images } = renderMarkdownWithImages('<img alt="nothing"> ![a](/images/a.png) ![b](/images/a.png)')
    expect(images).toEqual(['/images/a.png'])
  })

  const sizes = new Map([
    ['/images/a.png', { width: 1200, height: 800 }],
    ['/i?a=<b>"c"', { width: 2, height: 1 }],
  ])

  it('are matched to their size by the address as written, escapes undone', () => {
    expect(applyImageSizes('<img src="/i?a=&lt;b&gt;&quot;c&quot;" />', sizes)).toBe(
      '<img src="/i?a=&lt;b&gt;&quot;c&quot;" width="2" height="1" />',
    )
  })

  it('without a source are left as they are', () => {
    expect(applyImageSizes('<img alt="x" />', sizes)).toBe('<img alt="x" />')
  })

  it('take no size from a number of six digits, and lose a lone height on an unknown image', () => {
    expect(applyImageSizes('<img src="/images/a.png" width="123456" height="123456" />', sizes)).toBe(
      '<img src="/images/a.png" width="1200" height="800" />',
    )
    expect(applyImageSizes('<img src="https://example.com/b.png" height="48" alt="b" />', sizes)).toBe(
      '<img src="https://example.com/b.png" alt="b" />',
    )
  })
})

describe('nothing to render', () => {
  it('renders to nothing, whatever was given', () => {
    expect(renderMarkdown(null as unknown as string)).toBe('')
  })
})
