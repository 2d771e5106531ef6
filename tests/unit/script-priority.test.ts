import { describe, expect, it } from 'vitest'

import { lowerScriptPriority } from '~/http/script-priority.server'

const page = (head: string, body = '<p>Hello</p>') =>
  `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`

describe('the priority of a public page’s scripts', () => {
  it('marks every script preload in the head as low priority, and nothing else', () => {
    const html = page(
      '<link rel="preload" href="/assets/inter.woff2" as="font"/>' +
        '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>' +
        '<link rel="modulepreload" href="/assets/root-2.js" nonce="n"/>',
    )
    expect(lowerScriptPriority(html)).toBe(
      page(
        '<link rel="preload" href="/assets/inter.woff2" as="font"/>' +
          '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-1.js" nonce="n"/>' +
          '<link rel="modulepreload" fetchpriority="low" href="/assets/root-2.js" nonce="n"/>',
      ),
    )
  })

  it('leaves the body alone, even a post that quotes the markup', () => {
    const body = '<pre>&lt;link rel="modulepreload" href="/x.js"&gt;</pre><link rel="modulepreload" href="/late.js"/>'
    const html = page('<link rel="modulepreload" href="/a.js"/>', body)
    expect(lowerScriptPriority(html)).toBe(page('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>', body))
  })

  it('leaves a document without a head as it is', () => {
    expect(lowerScriptPriority('<link rel="modulepreload" href="/a.js"/>')).toBe(
      '<link rel="modulepreload" href="/a.js"/>',
    )
  })
})
