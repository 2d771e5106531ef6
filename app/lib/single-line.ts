/**
 * Text rules for form fields. A single-line field (a name, an email address, a
 * phone number, a store name) holds no CR, LF, tab or other control character:
 * such a value could start a new header or line wherever it is written out
 * (emails to staff, CSV exports, logs). Longer text (a message) keeps its line
 * breaks and tabs but no other control characters.
 */

// C0 controls (CR, LF and tab included), DEL, C1 controls (NEL included), and the Unicode line and paragraph separators.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// The same, less CR, LF and tab.
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

export function isSingleLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value)
}

export function isPlainMultilineText(value: string): boolean {
  return !CONTROL_EXCEPT_LINE_BREAKS.test(value)
}
