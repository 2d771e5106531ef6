import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { inlineStylesheets } from '~/http/inline-css.server'

/** The stylesheet of a public page, written into the page itself. */
let build: string
const savedBuildDir = process.env.BUILD_DIR
beforeAll(() => {
  build = mkdtempSync(join(tmpdir(), 'lsc-inline-css-'))
  mkdirSync(join(build, 'client', 'assets'), { recursive: true })
  const write = (name: string, css: string) => writeFileSync(join(build, 'client', 'assets', name), css)
  write('root-A1.css', 'body{color:#123}')
  write('extra-B2.css', '.a{margin:0}')
  write('evil-C3.css', 'p::after{content:"</STYLE><script>alert(1)</script>"}')
  process.env.BUILD_DIR = build
})
afterAll(() => {
  if (savedBuildDir === undefined) delete process.env.BUILD_DIR
  else process.env.BUILD_DIR = savedBuildDir
  rmSync(build, { recursive: true, force: true })
})

const page = (head: string, body = '<p>Hello</p>') =>
  `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`

describe('a public page’s stylesheet', () => {
  it('is written into the head with the page’s nonce, its links kept but disabled, so nothing blocks or downloads it', () => {
    const html = page('<meta charset="utf-8"/><link nonce="abc" rel="stylesheet" href="/assets/root-A1.css#"/>')
    expect(inlineStylesheets(html, 'abc')).toBe(
      page(
        '<meta charset="utf-8"/><style nonce="abc">body{color:#123}</style>' +
          '<link nonce="abc" rel="stylesheet" href="/assets/root-A1.css#" disabled/>' +
          // The same address without the '#', which Vite's lazy loader looks for.
          '<link rel="stylesheet" href="/assets/root-A1.css" disabled/>',
      ),
    )
  })

  it('works for every stylesheet of the build, and without a nonce', () => {
    const html = page(
      '<link rel="stylesheet" href="/assets/root-A1.css"/><link rel="stylesheet" href="/assets/extra-B2.css"/>',
    )
    expect(inlineStylesheets(html, '')).toBe(
      page(
        '<style>body{color:#123}</style><link rel="stylesheet" href="/assets/root-A1.css" disabled/>' +
          '<style>.a{margin:0}</style><link rel="stylesheet" href="/assets/extra-B2.css" disabled/>',
      ),
    )
  })

  it('stays a link when the file is missing, or would end the style element early', () => {
    const html = page(
      '<link rel="stylesheet" href="/assets/missing-D4.css"/><link rel="stylesheet" href="/assets/evil-C3.css"/>',
    )
    expect(inlineStylesheets(html, 'n')).toBe(html)
    // Asked again (the answer is remembered), still a link.
    expect(inlineStylesheets(html, 'n')).toBe(html)
  })

  it('leaves links outside the head, other links and a page without a head alone', () => {
    const body = '<link rel="stylesheet" href="/assets/root-A1.css"/>'
    const other = '<link rel="stylesheet" href="https://fonts.example/x.css"/><link rel="icon" href="/favicon.ico"/>'
    expect(inlineStylesheets(page(other, body), 'n')).toBe(page(other, body))
    const headless = '<p>fragment</p><link rel="stylesheet" href="/assets/root-A1.css"/><p>more</p>'
    expect(inlineStylesheets(headless, 'n')).toBe(headless)
  })
})
