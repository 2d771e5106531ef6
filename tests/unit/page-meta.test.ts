import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { adminMeta } from '~/lib/admin-meta'
import { NonceContext, useNonce } from '~/lib/nonce'

describe('an admin page’s meta', () => {
  it('is titled "{title} | Admin" and asks robots to neither index nor follow it', () => {
    expect(adminMeta('Deals')).toEqual([{ title: 'Deals | Admin' }, { name: 'robots', content: 'noindex, nofollow' }])
  })
})

describe('the nonce of the page', () => {
  function ScriptWithNonce() {
    return createElement('script', { nonce: useNonce() })
  }

  it('is what the server provides, and empty where nobody provides one', () => {
    const provided = createElement(NonceContext.Provider, { value: 'abc' }, createElement(ScriptWithNonce))
    expect(renderToStaticMarkup(provided)).toBe('<script nonce="abc"></script>')
    expect(renderToStaticMarkup(createElement(ScriptWithNonce))).toBe('<script nonce=""></script>')
  })
})
