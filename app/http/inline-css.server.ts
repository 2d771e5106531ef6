import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * Public pages carry the site's stylesheet inside the document (about 12 KB
 * compressed), so the first paint waits for no other request. The `<link>`
 * React renders stays, so the page hydrates against the same element, but
 * `disabled`: a browser does not download a disabled stylesheet. (Kept as
 * `media="print"` it was still fetched, 14 KB that took a phone's bandwidth
 * from the fonts and the largest picture while they loaded.)
 *
 * React Router writes the address of a stylesheet that lazily loaded code also
 * needs with a '#' at its end, and React hydrates the link only if the address
 * is the same. Vite's loader for lazy components (the footer) looks for a link
 * of the address without the '#' and adds one if there is none, which the
 * browser would then download; so that address gets a second disabled link.
 * Production builds only.
 */

const cache = new Map<string, string | null>()

function stylesheetText(href: string): string | null {
  let text = cache.get(href)
  // Stryker disable next-line ConditionalExpression: equivalent mutant (false): without the cache the same file is read again, only slower
  if (text !== undefined) return text
  text = null
  try {
    const root = resolve(process.env.BUILD_DIR ?? 'build', 'client')
    const file = resolve(root, `.${href}`)
    // The link pattern admits no slash or '..' path, so the file is always inside root.
    const css = readFileSync(file).toString()
    // Never end the <style> element early.
    if (!/<\/style/i.test(css)) text = css
  } catch {
    text = null
  }
  cache.set(href, text)
  return text
}

// As React Router writes them: `<link nonce="…" rel="stylesheet" href="/assets/root-….css#"/>`.
const STYLESHEET_LINK = /<link((?: nonce="[^"]*")?) rel="stylesheet" href="(\/assets\/[\w.-]+\.css)(#?)"\/>/g

/** `html` with each of the build's stylesheets inlined in a `<style>` carrying `nonce`, its link kept but disabled. */
export function inlineStylesheets(html: string, nonce: string): string {
  const head = html.indexOf('</head>')
  if (head < 0) return html
  const before = html
    .slice(0, head)
    .replace(STYLESHEET_LINK, (link, attributes: string, href: string, hash: string) => {
      const css = stylesheetText(href)
      if (css === null) return link
      const nonceAttribute = nonce ? ` nonce="${nonce}"` : ''
      const forLazyCode = hash ? `<link rel="stylesheet" href="${href}" disabled/>` : ''
      return `<style${nonceAttribute}>${css}</style><link${attributes} rel="stylesheet" href="${href}${hash}" disabled/>${forLazyCode}`
    })
  return before + html.slice(head)
}
