import { describe, expect, it } from 'vitest'

import { DEFAULT_REDIRECT, safeRedirectTo } from '~/auth/redirect-to'

describe('safeRedirectTo', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/blog', '/admin/blog'],
    ['/admin/inquiries?status=new&q=a%20b', '/admin/inquiries?status=new&q=a%20b'],
    ['/admin/blog/edit/12#seo', '/admin/blog/edit/12#seo'],
    ['/', '/'],
    ['/blog/some-post', '/blog/some-post'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    // Letters beyond ASCII, percent-encoded as a redirect can carry them.
    ['/blog/café-menu?tag=✓', '/blog/caf%C3%A9-menu?tag=%E2%9C%93'],
    // The longest path followed: 2000 characters.
    [`/${'a'.repeat(1999)}`, `/${'a'.repeat(1999)}`],
  ])('follows the same-site path %j', (input, expected) => {
    expect(safeRedirectTo(input)).toBe(expected)
  })

  it('never turns a same-site path into another site while encoding its letters beyond ASCII', () => {
    for (const value of ['/.//evil.example/é', '/a/..//evil.example?é', '/./\u00e9//evil.example', '/x/\ud800/y']) {
      const followed = safeRedirectTo(value)
      expect(new URL(followed, 'https://shop.example').origin, `${value} → ${followed}`).toBe('https://shop.example')
      expect(followed, value).toMatch(/^[\x21-\x7e]+$/)
    }
    expect(safeRedirectTo('/.//evil.example/é')).toBe('/.//evil.example/%C3%A9')
  })

  it.each([
    ['absolute http URL', 'http://evil.example/admin'],
    ['absolute https URL', 'https://evil.example'],
    ['scheme-relative //host', '//evil.example'],
    ['scheme-relative with path', '//evil.example/admin'],
    ['backslash host', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['backslash later in the path', '/admin\\..\\evil'],
    ['javascript: scheme', 'javascript:alert(1)'],
    ['data: scheme', 'data:text/html,hi'],
    ['relative path', 'admin/blog'],
    ['dot path', '../admin'],
    ['empty string', ''],
    ['tab before slashes', '/\t/evil.example'],
    ['newline', '/admin\n/x'],
    ['carriage return', '/admin\r'],
    ['NUL', '/admin\u0000'],
    ['DEL', '/admin\u007f'],
    ['C1 control', '/admin\u0085'],
    ['leading space', ' /admin'],
    ['three slashes', '///evil.example'],
    ['too long', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_name, input) => {
    expect(safeRedirectTo(input)).toBe(DEFAULT_REDIRECT)
  })

  it.each([[undefined], [null], [42], [['/admin']], [{}]])('refuses the non-string %j', (input) => {
    expect(safeRedirectTo(input)).toBe('/admin')
  })

  it('uses the fallback it is given', () => {
    expect(safeRedirectTo('//evil.example', '/')).toBe('/')
  })
})
