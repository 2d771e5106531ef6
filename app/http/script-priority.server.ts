/**
 * React Router asks the browser to fetch every script of the page at once
 * (`<link rel="modulepreload">`), and browsers give those the same high
 * priority as the page's fonts and its largest picture. On a slow phone
 * connection the 120 KB of scripts then share the line with what the visitor
 * is waiting to see. Public pages read complete without JavaScript, so their
 * scripts are marked low priority: still fetched at once, but after the
 * fonts, the stylesheet and the pictures above the fold.
 */

// As React Router writes them: `<link rel="modulepreload" href="/assets/…js" nonce="…"/>`.
const MODULE_PRELOAD = /<link rel="modulepreload"(?= )/g

/** `html` with each script preload in its `<head>` marked `fetchpriority="low"`. */
export function lowerScriptPriority(html: string): string {
  const head = html.indexOf('</head>')
  if (head < 0) return html
  return html.slice(0, head).replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"') + html.slice(head)
}
