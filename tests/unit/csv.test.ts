import { describe, expect, it } from 'vitest'
import { csvCell, csvRow, neutraliseFormula, toCsv } from '~/lib/csv'

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
    ['\tindent', "'\tindent"],
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

describe('toCsv', () => {
  it('writes a header and CRLF-terminated records', () => {
    const csv = toCsv(
      ['Name', 'Message'],
      [
        ['Ada', 'Hello, "world"'],
        ['=Eve', 'two\nlines'],
      ],
    )
    expect(csv).toBe('Name,Message\r\nAda,"Hello, ""world"""\r\n\'=Eve,"two\nlines"\r\n')
  })

  it('joins a row with commas', () => {
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",')
  })
})
