import { describe, expect, it } from 'vitest'

import { csvCell, csvRow, neutraliseFormula } from '~/lib/csv'

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['Norman, OK', '"Norman, OK"'],
    ['She said "hi"', '"She said ""hi"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['carriage\r\nreturn', '"carriage\r\nreturn"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+15555550142', "'+15555550142"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tindent', '"\'\tindent"'],
    ['Hello;=1+1', '"Hello;=1+1"'],
    ['a\tb', '"a\tb"'],
    ['\rreturn', '"\'\rreturn"'],
    ['=HYPERLINK("http://x", "y")', '"\'=HYPERLINK(""http://x"", ""y"")"'],
    ['a=b', 'a=b'],
    ['email@example.com', 'email@example.com'],
  ])('%j becomes %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  it('writes numbers and empty values', () => {
    expect(csvCell(42)).toBe('42')
    expect(csvCell(-1)).toBe("'-1")
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it('only neutralises a leading formula character', () => {
    expect(neutraliseFormula('1+1')).toBe('1+1')
    expect(neutraliseFormula('=1+1')).toBe("'=1+1")
  })
})

describe('csvRow', () => {
  it('joins a row with commas, quoting and neutralising each cell', () => {
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",')
    expect(csvRow(['Ada', 'Hello, "world"'])).toBe('Ada,"Hello, ""world"""')
    expect(csvRow(['=Eve', 'two\nlines'])).toBe('\'=Eve,"two\nlines"')
  })
})

/**
 * How a spreadsheet splits a line when it guesses another separator: a quote
 * opens or closes a quoted stretch, and the separator splits only outside one.
 */
function splitLike(line: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (const char of line) {
    if (char === '"') quoted = !quoted
    else if (char === separator && !quoted) {
      cells.push(cell)
      cell = ''
      continue
    }
    cell += char
  }
  cells.push(cell)
  return cells.map((c) => (c.startsWith('"') ? c.slice(1) : c))
}

describe('CSV read with another separator', () => {
  it.each([';', '\t', ','])('no cell starts a formula when %j is taken as the separator', (separator) => {
    const line = csvRow(['Hello;=1+1', 'tab\t=2+2', 'comma,=3+3', '=4+4', '@SUM(1)', 'plain'])
    for (const cell of splitLike(line, separator)) {
      expect(cell, `${JSON.stringify(line)} split on ${JSON.stringify(separator)}`).not.toMatch(/^[=+\-@]/)
    }
  })
})
