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
  // Node and the browsers the site supports all have Intl.Segmenter; it splits by grapheme unless told otherwise.
  const segmenter = new Intl.Segmenter('en')
  return Array.from(segmenter.segment(text), (s) => s.segment)
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
