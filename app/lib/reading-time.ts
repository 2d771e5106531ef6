/**
 * Minutes to read markdown at 200 words a minute; at least 1. Fenced code and
 * images are left out, links count by their text. Linear in the input: a
 * bracket or parenthesis run (`[[[…`, `![a](![a](…`) cannot make a pattern
 * rescan the rest of the post from every position.
 */
export function readMinutes(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^[\]]*\]\([^()]*\)/g, ' ')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/[#>*_`~-]+/g, ' ')
  const words = text.match(/\S+/g)?.length ?? 0
  return Math.max(1, Math.ceil(words / 200))
}
