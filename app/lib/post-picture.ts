/**
 * A picture inside a post's body, written in markdown as a line of its own:
 *
 *   ![alt text](/uploads/blog-images/….jpg "Caption")
 *
 * The quoted part is optional; with it the public page shows the picture as a
 * figure with the quoted words as its caption below. Used by the editor's
 * picture dialog and by the no-script picture page, so both write the same line.
 */

export interface PostPicture {
  url: string
  alt: string
  caption?: string | null
}

/** Alt text is inline markdown: the characters that would start markup or end the brackets are escaped. */
function escapeAlt(alt: string): string {
  return alt.replace(/[\\[\]*_`<>&!]/g, (c) => `\\${c}`)
}

/** A quoted title ends at the next unescaped quote; a backslash or an ampersand would change its text. */
function escapeCaption(caption: string): string {
  return caption.replace(/[\\"&]/g, (c) => `\\${c}`)
}

/** Spaces and line breaks run together: alt text and captions are one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The markdown line for a picture, with its caption when it has one. */
export function pictureMarkdown({ url, alt, caption }: PostPicture): string {
  const words = oneLine(caption ?? '')
  const title = words ? ` "${escapeCaption(words)}"` : ''
  return `![${escapeAlt(oneLine(alt))}](${url}${title})`
}

/**
 * `text` with `block` put in place of the selection `start`…`end`, as a
 * paragraph of its own (a blank line before and after it, unless it starts or
 * ends the text), and the caret's place at the end of the block.
 */
export function insertBlock(text: string, start: number, end: number, block: string): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length))
  const to = Math.max(from, Math.min(end, text.length))
  const before = text.slice(0, from).replace(/[ \t]+$/, '')
  const after = text.slice(to).replace(/^[ \t]+/, '')
  const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n'
  const head = `${before}${lead}${block}`
  return { value: `${head}${trail}${after}`, caret: head.length }
}
