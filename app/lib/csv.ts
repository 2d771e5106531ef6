/**
 * CSV for spreadsheet downloads (RFC 4180): fields are quoted when they hold a
 * comma, quote, CR or LF, quotes are doubled, records end with CRLF. A cell a
 * spreadsheet would run as a formula (leading =, +, -, @, tab or CR) gets a
 * leading apostrophe so it is shown as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/

/** Neutralises a value a spreadsheet would treat as a formula. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** One CSV field: formula-neutralised, then quoted when needed. */
export function csvCell(value: string | number | null | undefined): string {
  const text = neutraliseFormula(value === null || value === undefined ? '' : String(value))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV record (without the line ending). */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(',')
}

/** A whole CSV document: a header row, then one record per row, CRLF line endings. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [header, ...rows].map(csvRow).join('\r\n') + '\r\n'
}
