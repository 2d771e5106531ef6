import { describe, expect, it } from 'vitest'

import { QUOTE_LIMIT, truncateText } from '~/lib/truncate'

describe('the review quote truncation rule', () => {
  it('cuts at 150 characters', () => {
    expect(QUOTE_LIMIT).toBe(150)
  })

  it('leaves a quote of exactly 150 characters whole', () => {
    const quote = 'a'.repeat(150)
    expect(truncateText(quote)).toEqual({ text: quote, truncated: false })
  })

  it('leaves short and empty quotes whole', () => {
    expect(truncateText('Great staff.')).toEqual({ text: 'Great staff.', truncated: false })
    expect(truncateText('')).toEqual({ text: '', truncated: false })
  })

  it('cuts a 151-character quote to 150 characters plus an ellipsis', () => {
    const quote = `${'b'.repeat(150)}c`
    const result = truncateText(quote)
    expect(result.truncated).toBe(true)
    expect(result.text).toBe(`${'b'.repeat(150)}…`)
    expect(Array.from(result.text)).toHaveLength(151)
  })

  it('counts an emoji as one character and never splits it', () => {
    const quote = '🌿'.repeat(151)
    const result = truncateText(quote)
    expect(result.text).toBe(`${'🌿'.repeat(150)}…`)
    expect(result.text).not.toMatch(/\uFFFD/)
    // 150 emoji of two UTF-16 units each, plus the ellipsis
    expect(result.text.length).toBe(301)
  })

  it('keeps a combined emoji or accented letter whole at the cut', () => {
    const family = '👩‍👩‍👧'
    const quote = `${'x'.repeat(149)}${family}tail`
    expect(truncateText(quote).text).toBe(`${'x'.repeat(149)}${family}…`)
    const accented = `${'y'.repeat(149)}e\u0301and more`
    expect(truncateText(accented).text).toBe(`${'y'.repeat(149)}e\u0301…`)
  })

  it('accepts another limit', () => {
    expect(truncateText('abcdef', 3)).toEqual({ text: 'abc…', truncated: true })
  })
})
