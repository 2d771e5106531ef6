import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { inlineStylesheets } from '~/http/inline-css.server'
import { startScriptsAfterPaint } from '~/http/script-priority.server'
import { rewriteSharedDocument } from '~/http/shared-document.server'

let build: string
const savedBuildDir = process.env.BUILD_DIR
beforeAll(() => {
  build = mkdtempSync(join(tmpdir(), 'lsc-shared-document-'))
  mkdirSync(join(build, 'client', 'assets'), { recursive: true })
  writeFileSync(join(build, 'client', 'assets', 'root-Q7.css'), 'q::before{content:"“"}body{margin:0}')
  process.env.BUILD_DIR = build
})
afterAll(() => {
  if (savedBuildDir === undefined) delete process.env.BUILD_DIR
  else process.env.BUILD_DIR = savedBuildDir
  rmSync(build, { recursive: true, force: true })
})

// A page as React Router writes it: stylesheet and module preloads in the head,
// text with letters outside ASCII, the start-up module, then loader data.
const HEAD =
  '<meta charset="utf-8"/><title>Norman’s stores — hours</title>' +
  '<link nonce="N" rel="stylesheet" href="/assets/root-Q7.css#"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N"/>'
const START_UP =
  '<script nonce="N" type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-A.js");</script>'
const BODY =
  '<main><h1>Señor Green’s — open till 10 PM ✓</h1></main><script nonce="N">window.__reactRouterContext = {};</script>'
const DATA = '<script nonce="N">window.__reactRouterContext.streamController.enqueue("[{\\"café\\":1}]");</script>'
const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`

/** The same rewrites applied to the whole document as one string, as they were before. */
const asWholeString = (html: string) => Buffer.from(startScriptsAfterPaint(inlineStylesheets(html, 'N'), 'N'))

describe('a shared page rewritten as bytes', () => {
  it('comes out byte for byte as the whole document rewritten as a string would', () => {
    const html = page(HEAD, BODY + START_UP + DATA)
    const rewritten = rewriteSharedDocument(Buffer.from(html), 'N')
    expect(rewritten.equals(asWholeString(html))).toBe(true)
    // And the rewrites did happen: the stylesheet is inline, the start-up waits for the paint.
    const text = rewritten.toString()
    expect(text).toContain('<style nonce="N">q::before{content:"“"}body{margin:0}</style>')
    expect(text).not.toContain('<link rel="modulepreload"')
    expect(text).toContain("getEntriesByType('paint')")
    expect(text).toContain('Señor Green’s — open till 10 PM ✓')
    expect(text.endsWith(`${DATA}</body></html>`)).toBe(true)
  })

  it('inlines the stylesheet of a page without a start-up module and leaves its body alone', () => {
    const html = page(HEAD, BODY)
    expect(rewriteSharedDocument(Buffer.from(html), 'N').equals(asWholeString(html))).toBe(true)
  })

  it('leaves a module script inside the head, and a document without a head, as the string rewrites do', () => {
    const inHead = page(HEAD + START_UP, BODY)
    expect(rewriteSharedDocument(Buffer.from(inHead), 'N').equals(asWholeString(inHead))).toBe(true)
    const headless = `<p>no head</p>${START_UP}`
    expect(rewriteSharedDocument(Buffer.from(headless), 'N').toString()).toBe(headless)
  })
})
