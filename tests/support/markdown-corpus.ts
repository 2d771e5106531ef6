/**
 * Pathological markdown: inputs known to make markdown parsers (and regular
 * expressions over markdown) slow down faster than their length grows, or to
 * produce output far larger than their input. Each family makes an input of
 * any length; the test (tests/unit/markdown-corpus.test.ts) and the benchmark
 * (`npm run bench:markdown`) use 10,000 and 99,000 characters (a post's
 * content may be up to 100,000).
 */

/** `unit` repeated to exactly `length` characters. */
function fill(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length)
}

/** `make(i)` for i = 1, 2, 3, … joined until `length`, then cut to it. */
function ladder(make: (i: number) => string, length: number): string {
  const parts: string[] = []
  let total = 0
  for (let i = 1; total < length; i++) {
    const part = make(i)
    parts.push(part)
    total += part.length
  }
  return parts.join('').slice(0, length)
}

/** A table whose header has `columns` cells over one-character rows: every row gets `columns - 1` empty cells. */
function paddedTable(columns: number, length: number): string {
  const head = `|${'a|'.repeat(columns)}\n|${'-|'.repeat(columns)}\n`
  return head + fill('a\n', Math.max(0, length - head.length))
}

export const MARKDOWN_CORPUS: Record<string, (length: number) => string> = {
  // Emphasis: unclosed and crossing delimiters.
  'emphasis *a_': (n) => fill('*a_', n),
  'emphasis _a*': (n) => fill('_a*', n),
  'emphasis *_**__ mix': (n) => fill('*_**__a', n),
  'emphasis openers *a': (n) => fill('*a ', n),
  'emphasis closers a*': (n) => fill('a* ', n),
  'emphasis punctuation *.*': (n) => fill('*.*a', n),
  'strong ** runs': (n) => fill('**a', n),
  'strong ** only': (n) => fill('**', n),
  'strong __a': (n) => fill('__a', n),
  'strike ~~a': (n) => fill('~~a', n),
  // Brackets, links and images.
  'brackets [[[': (n) => fill('[', n),
  'brackets ]]]': (n) => fill(']', n),
  'brackets [a]': (n) => fill('[a]', n),
  'brackets [[a]]( nested': (n) => fill('[[a](', n),
  'links [a](b)': (n) => fill('[a](b) ', n),
  'links unclosed [a](': (n) => fill('[a](', n),
  'links unclosed title [a](b "': (n) => fill('[a](b "', n),
  'links [a][b] references': (n) => '[b]: /deals\n\n' + fill('[a][b] ', n - 13),
  'links [a] to one long URL': (n) => {
    const definition = `[a]: /${'x'.repeat(Math.floor(n / 10))}\n\n`
    return definition + fill('[a]', n - definition.length)
  },
  'link definitions [a]: b': (n) => fill('[a]: b\n', n),
  'images ![a](b)': (n) => fill('![a](b) ', n),
  'images unclosed ![': (n) => fill('![', n),
  'images unclosed ![a](': (n) => fill('![a](', n),
  'images nested [![': (n) => fill('[![a', n),
  'autolinks <http': (n) => fill('<http://a', n),
  'autolinks www.': (n) => fill('www.a', n),
  'autolinks bare https://': (n) => fill('https://a.b/', n),
  // Code.
  'backticks `': (n) => fill('`', n),
  'backticks a`': (n) => fill('a`', n),
  'backtick ladder up': (n) => ladder((i) => `${'`'.repeat(i)}a`, n),
  'backtick ladder down': (n) => ladder((i) => `a${'`'.repeat(Math.max(1, 450 - i))}`, n),
  'fences ``` unclosed': (n) => fill('```\na\n', n),
  // Containers.
  'blockquote > deep': (n) => fill('>', n - 1) + 'a',
  'blockquote > > deep': (n) => fill('> ', n - 1) + 'a',
  'blockquote ladder': (n) => ladder((i) => `${'>'.repeat(i)} a\n`, n),
  'list - - deep': (n) => fill('- ', n - 1) + 'a',
  'list 1. deep': (n) => fill('1. ', n - 1) + 'a',
  'list indented ladder': (n) => ladder((i) => `${'  '.repeat(i - 1)}- a\n`, n),
  'list items flat': (n) => fill('- a\n', n),
  'list tabs -\\t': (n) => fill('-\t', n),
  // Tables.
  'table long': (n) => {
    const head = '| a | b |\n| --- | --- |\n'
    return head + fill('| c | d |\n', n - head.length)
  },
  'table wide': (n) => {
    const columns = Math.floor((n - 4) / 8)
    const table = `|${' a |'.repeat(columns)}\n|${'---|'.repeat(columns)}\n`
    return table + '\n'.repeat(n - table.length)
  },
  'table padded cells (128 columns)': (n) => paddedTable(128, n),
  'table padded cells (16 columns)': (n) => paddedTable(16, n),
  'tables repeated with padding': (n) => fill(`${paddedTable(100, 300)}\n`, n),
  'table pipes |': (n) => '| a |\n| - |\n' + fill('|', n - 12),
  // HTML, entities, escapes, headings, whitespace.
  'html <a': (n) => fill('<a ', n),
  'html comments <!--': (n) => fill('<!--', n),
  'html blocks <div>': (n) => fill('<div>\n', n),
  'entities &': (n) => fill('&a', n),
  'entities &#': (n) => fill('&#1', n),
  'escapes \\': (n) => fill('\\', n),
  'headings #': (n) => fill('# a\n', n),
  'setext ===': (n) => fill('a\n=\n', n),
  'spaces then text': (n) => fill(' ', n - 1) + 'a',
  newlines: (n) => fill('\n', n),
  'carriage returns': (n) => fill('a\r', n),
}

export const CORPUS_LENGTHS = [10_000, 99_000] as const
