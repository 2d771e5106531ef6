/**
 * Text rules for form fields. A single-line field (a name, an email address, a
 * phone number, a store name) holds no CR, LF, tab or other control character:
 * such a value could start a new header or line wherever it is written out
 * (emails to staff, CSV exports, logs). Longer text (a message) keeps its line
 * breaks and tabs but no other control characters.
 */

// Control characters (C0 with CR, LF and tab, DEL, C1 with NEL), and the Unicode line and paragraph separators.
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u
// The same, less CR, LF and tab.
const CONTROL_EXCEPT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u

export function isSingleLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value)
}

export function isPlainMultilineText(value: string): boolean {
  return !CONTROL_EXCEPT_LINE_BREAKS.test(value)
}
