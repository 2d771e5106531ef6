/**
 * Pure helpers for writing XML by hand (RSS and sitemaps).
 *
 * XML 1.0 allows only these characters:
 *   #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
 * Anything else (control characters, lone surrogates, U+FFFE/U+FFFF) makes a
 * document ill-formed, so it is removed rather than escaped.
 */
const ILLEGAL_XML_CHARS =
  // eslint-disable-next-line no-control-regex -- matching the control characters XML 1.0 forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Removes characters that XML 1.0 does not allow anywhere in a document. */
export function stripInvalidXmlChars(text: string): string {
  return text.replace(ILLEGAL_XML_CHARS, '')
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Text safe inside an XML element or a quoted attribute: & < > " ' escaped, illegal characters dropped. */
export function escapeXml(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  return stripInvalidXmlChars(String(value)).replace(/[&<>"']/g, (c) => ENTITIES[c])
}

/** `<name>escaped text</name>`; an empty string when the value is missing. */
export function xmlElement(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  return `<${name}>${escapeXml(value)}</${name}>`
}

/** RFC 822 date for RSS (e.g. 'Sun, 22 Nov 2026 18:00:00 GMT'); '' for an invalid date. */
export function rfc822Date(iso: string | Date): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toUTCString()
}

/** W3C date-time for sitemaps (full ISO-8601 in UTC); '' for an invalid date. */
export function w3cDate(iso: string | Date): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toISOString()
}
