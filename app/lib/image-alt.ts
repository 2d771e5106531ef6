/** The description a post's featured image gets when staff have not written one. */
export function defaultImageAlt(title: string): string {
  return `Illustration for “${title}”`
}
