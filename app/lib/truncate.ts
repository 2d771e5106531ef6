/** Review quotes longer than this are cut. */
export const QUOTE_LIMIT = 150

export interface Truncated {
  /** the text to show while collapsed */
  text: string
  /** true when `text` is shorter than the original */
  truncated: boolean
}

/**
 * Splits text into user-perceived characters (grapheme clusters), so an emoji,
 * a flag or a letter with a combining accent is never cut in half.
 */
function characters(text: string): string[] {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: Node and the browsers the site supports all have Intl.Segmenter
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    // Stryker disable next-line ObjectLiteral: grapheme is the segmenter's default granularity
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })
    return Array.from(segmenter.segment(text), (s) => s.segment)
  }
  return Array.from(text)
}

/**
 * The truncation rule: text of at most `limit` characters is shown whole;
 * longer text is cut to exactly `limit` characters followed by '…'.
 */
export function truncateText(text: string, limit: number = QUOTE_LIMIT): Truncated {
  const chars = characters(text)
  if (chars.length <= limit) return { text, truncated: false }
  return { text: `${chars.slice(0, limit).join('')}…`, truncated: true }
}
