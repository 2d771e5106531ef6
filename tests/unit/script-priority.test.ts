import { describe, expect, it } from 'vitest'

import { startScriptsAfterPaint } from '~/http/script-priority.server'

// The head and the start-up module as React Router writes them for a page (shortened manifest).
const HEAD =
  '<link rel="preload" as="image" href="/images/logo.svg"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0NCE"/>' +
  '<link rel="modulepreload" href="/assets/layout-B.js" nonce="N0NCE"/>' +
  '<link rel="modulepreload" href="/assets/root-C.js" nonce="N0NCE"/>' +
  '<link rel="modulepreload" href="/assets/contact-D.js" nonce="N0NCE"/>' +
  '<style nonce="N0NCE">body{margin:0}</style>'
const START_UP =
  '<script nonce="N0NCE" type="module" async="">;\n' +
  'import * as route0 from "/assets/root-C.js";\n' +
  'import * as route1 from "/assets/contact-D.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};\n\n' +
  'import("/assets/entry.client-A.js");</script>'
const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`
const BODY = '<main><h1>Contact Us</h1></main><script nonce="N0NCE">window.__reactRouterContext = {};</script>'

function startUpModule(html: string): string {
  return /<script nonce="N0NCE" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]
}

/** Rewritten inside each test, so a change to the rewriting shows in every test that reads it. */
const rewrite = () => startScriptsAfterPaint(page(HEAD, BODY + START_UP), 'N0NCE')

describe('the scripts of a public page', () => {
  it('are no longer requested by the head, which keeps everything else', () => {
    const rewritten = rewrite()
    expect(rewritten.startsWith('<!DOCTYPE html><html><head><link rel="preload" as="image"')).toBe(true)
    const head = rewritten.slice(0, rewritten.indexOf('</head>'))
    expect(head).toBe(
      '<!DOCTYPE html><html><head><link rel="preload" as="image" href="/images/logo.svg"/>' +
        '<style nonce="N0NCE">body{margin:0}</style>',
    )
    expect(rewritten).toContain(BODY)
  })

  it('start after the first paint, then request the same scripts, with the page nonce, all at once', () => {
    const module = startUpModule(rewrite())
    const waits = module.indexOf("observe({ type: 'paint' })")
    const preloads = module.indexOf(
      '["/assets/entry.client-A.js","/assets/layout-B.js","/assets/root-C.js","/assets/contact-D.js"]',
    )
    const imports = module.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/contact-D.js")]);',
    )
    expect(waits).toBeGreaterThanOrEqual(0)
    expect(preloads).toBeGreaterThan(waits)
    expect(imports).toBeGreaterThan(preloads)
    expect(module).toContain("rel: 'modulepreload'")
    expect(module).toContain('nonce: "N0NCE"')
    expect(module).not.toMatch(/import \* as/)
  })

  it('then start the router exactly as before', () => {
    const module = startUpModule(rewrite())
    expect(module).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};')
    expect(module.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true)
    // Still a valid module body (compiled, not run).
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => unknown
    expect(() => new AsyncFunction(module)).not.toThrow()
  })

  it('leave a page without the start-up module as it is', () => {
    const plain = page(HEAD, BODY)
    expect(startScriptsAfterPaint(plain, 'N0NCE')).toBe(plain)
    expect(startScriptsAfterPaint('<p>no head</p>', 'N0NCE')).toBe('<p>no head</p>')
  })

  it('leave a document without a head, or with the start-up module inside the head, as it is', () => {
    const headless = `<main>${BODY}${START_UP}</main>`
    expect(startScriptsAfterPaint(headless, 'N0NCE')).toBe(headless)
    const inHead = page(HEAD + START_UP, BODY)
    expect(startScriptsAfterPaint(inHead, 'N0NCE')).toBe(inHead)
  })

  it('leave a start-up module that imports no route module as it is', () => {
    const noRoutes = page(HEAD, BODY + START_UP.replace(/import \* as route\d from "[^"]+";\n/g, ''))
    expect(noRoutes).not.toContain('import * as')
    expect(startScriptsAfterPaint(noRoutes, 'N0NCE')).toBe(noRoutes)
  })
})
