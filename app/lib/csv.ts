/**
 * CSV for spreadsheet downloads (RFC 4180): quotes are doubled, records end
 * with CRLF. A field is quoted when it holds the separator (a comma), a
 * semicolon (the separator of spreadsheets set to a comma-decimal locale, which
 * would otherwise split 'Hello;=1+1' into a second cell that starts with '='),
 * a quote, CR, LF or tab. A cell a spreadsheet would run as a formula (leading
 * =, +, -, @, tab or CR) gets a leading apostrophe so it is shown as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",;\r\n\t]/

/** Neutralises a value a spreadsheet would treat as a formula. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** One CSV field: formula-neutralised, then quoted when needed. */
export function csvCell(value: string | number | null | undefined): string {
  const text = neutraliseFormula(value === null || value === undefined ? '' : String(value))
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV record (without the line ending). */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(',')
}
