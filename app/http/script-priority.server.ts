/**
 * A public page reads complete without JavaScript, so its scripts should never
 * hold back what the visitor came to see. React Router's page asks for every
 * script at once, at high priority, in the head (`<link rel="modulepreload">`)
 * and in its start-up module (`import * as route0 from "…"`). On a slow phone
 * line those 120 KB share the line with the HTML, the fonts and the largest
 * picture, and the browser may run the hydration before it first paints.
 *
 * Public pages therefore start their scripts after the first paint: the
 * preload links leave the head, and the start-up module first waits for the
 * page to be painted, then preloads the same scripts (so they still arrive in
 * parallel, not one import after another) and imports them. The router starts
 * exactly as before, once the page has been painted.
 */

// As React Router writes them: `<link rel="modulepreload" href="/assets/…js" nonce="…"/>`.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g
// Its start-up module: `<script nonce="…" type="module" async="">…import * as route0 from "/assets/root-….js";…</script>`.
const START_UP_MODULE = /(<script[^>]* type="module" async="">)([\s\S]*?)(<\/script>)/
const STATIC_IMPORT = /import \* as (route\d+(?:_\w+)?) from ("[^"]+");/g

/**
 * Waits for the browser's first paint of the page (its paint timing entry),
 * and never longer than a second: a browser without paint timing, or a tab
 * in the background that paints nothing, starts the scripts then.
 */
const AFTER_PAINT = `await new Promise((painted) => {
  if (performance.getEntriesByType('paint').length > 0) return painted();
  try { new PerformanceObserver((_, observer) => { observer.disconnect(); painted(); }).observe({ type: 'paint' }); } catch {}
  setTimeout(painted, 1000);
});`

/**
 * `html` whose scripts start after its first paint; the preload links it
 * adds carry `nonce`, as the page's own scripts do. A page whose start-up
 * module is not in the expected shape is returned unchanged.
 */
export function startScriptsAfterPaint(html: string, nonce: string): string {
  const head = html.indexOf('</head>')
  if (head < 0) return html
  const startUp = START_UP_MODULE.exec(html)
  if (!startUp || startUp.index < head) return html
  const [whole, open, body, close] = startUp
  const imports = [...body.matchAll(STATIC_IMPORT)]
  if (imports.length === 0) return html

  const preloads: string[] = []
  const headHtml = html.slice(0, head).replace(MODULE_PRELOAD, (_link, href: string) => {
    preloads.push(href)
    return ''
  })
  const preload =
    `for (const href of ${JSON.stringify(preloads)}) ` +
    `document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, nonce: ${JSON.stringify(nonce)} }));`
  const names = imports.map(([, name]) => name).join(', ')
  const urls = imports.map(([, , url]) => `import(${url})`).join(', ')
  const loaded = `const [${names}] = await Promise.all([${urls}]);`
  const rewritten = `${AFTER_PAINT}\n${preload}\n${loaded}\n${body.replace(STATIC_IMPORT, '')}`
  const rest = html.slice(head)
  return headHtml + rest.replace(whole, () => `${open}${rewritten}${close}`)
}
