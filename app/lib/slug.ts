/**
 * The slug rule: lowercase, runs of non-alphanumerics become one
 * hyphen, leading and trailing hyphens trimmed.
 */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      // Runs of hyphens were made one above.
      .replace(/^-|-$/g, '')
  )
}
