/** A title no other test (or earlier run) uses: the label, then a stamp of the moment and a random part. */
export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}

/** The slug the editor makes from a title: lower case, words joined by single dashes. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
