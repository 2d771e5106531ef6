import { describe, expect, it } from 'vitest'

import { ALLOWED_LINK_SCHEMES, markdownToPlainText, MAX_HTML_NESTING, renderMarkdown } from '~/lib/markdown.server'

/**
 * The allow-list a post's HTML goes through, checked by its values: what a
 * blog post needs stays, everything else goes (its text kept where it is text).
 */

const KEPT_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'del',
  's',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'sup',
  'sub',
]

describe('the tags a post keeps', () => {
  it.each(KEPT_TAGS)('<%s>', (tag) => {
    expect(renderMarkdown(`<div><${tag}>text</${tag}></div>`)).toContain(`<${tag}>text</${tag}>`)
  })

  it('<br>, <hr>, <a> and <img>', () => {
    const html = renderMarkdown(
      '<p>one<br>two</p>\n\n<hr>\n\n<p><a href="/deals">deals</a> <img src="/images/a.png" alt="A"></p>',
    )
    for (const kept of ['one<br />two', '<hr />', '<a href="/deals">deals</a>', '<img src="/images/a.png" alt="A"'])
      expect(html).toContain(kept)
  })

  it.each(['span', 'div', 'u', 'font', 'section', 'details', 'mark', 'small', 'button', 'label'])(
    'not <%s>, whose text stays',
    (tag) => {
      const html = renderMarkdown(`<p><${tag}>inner text</${tag}></p>`)
      expect(html).not.toContain(`<${tag}`)
      expect(html).toContain('inner text')
    },
  )
})

describe('the attributes a post keeps', () => {
  it('link title, rel and target, and image alt, title and size', () => {
    expect(renderMarkdown('<a href="/a" title="T" rel="me" target="_self" id="x" class="c">a</a>')).toContain(
      '<a href="/a" title="T" rel="me" target="_self">a</a>',
    )
    expect(
      renderMarkdown('<img src="/a.png" alt="A" title="T" width="10" height="5" id="x" style="x" class="c">'),
    ).toContain('<img src="/a.png" alt="A" title="T" width="10" height="5" loading="lazy" decoding="async" />')
  })

  it('table cell alignment, a list’s start and a code block’s language', () => {
    const html = renderMarkdown(
      '<table><tr><th align="left" style="x">h</th><td align="right" id="y">c</td></tr></table>\n\n<ol start="3" type="a"><li>x</li></ol>\n\n<pre><code class="language-ts other">x</code></pre>',
    )
    for (const kept of [
      '<th align="left">h</th>',
      '<td align="right">c</td>',
      '<ol start="3">',
      '<code class="language-ts">',
    ])
      expect(html).toContain(kept)
  })

  it('no other attribute, and no class outside code languages', () => {
    const html = renderMarkdown(
      '<p id="x" class="big" style="color:red" title="t">text</p>\n\n<code class="evil">x</code>',
    )
    expect(html).toContain('<p>text</p>')
    expect(html).toContain('<code>x</code>')
  })
})

describe('the addresses a post keeps', () => {
  it('links to http, https, irc, ircs, mailto and xmpp', () => {
    expect(ALLOWED_LINK_SCHEMES).toEqual(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'])
    for (const href of [
      'http://a.example/',
      'https://a.example/',
      'irc://irc.example/c',
      'ircs://irc.example/c',
      'mailto:a@b.example',
      'xmpp:a@b.example',
    ]) {
      expect(renderMarkdown(`<a href="${href}">x</a>`), href).toContain(`href="${href}"`)
    }
  })

  it('no link to another scheme or a protocol-relative address', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'ftp://a.example/f',
      'file:///etc/passwd',
      '//evil.example/',
    ]) {
      expect(renderMarkdown(`<a href="${href}">x</a>`), href).toContain('<a>x</a>')
    }
  })

  it('images from http and https only', () => {
    expect(renderMarkdown('<img src="http://a.example/x.png">')).toContain('src="http://a.example/x.png"')
    expect(renderMarkdown('<img src="https://a.example/x.png">')).toContain('src="https://a.example/x.png"')
    for (const src of [
      'mailto:a@b.example',
      'irc://a.example/x.png',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
    ]) {
      expect(renderMarkdown(`<img src="${src}">`), src).not.toContain('src=')
    }
  })

  it('opens only links to other sites in a new tab, without telling them where the visitor came from', () => {
    expect(renderMarkdown('[shop](HTTPS://a.example/)')).toContain(
      '<a href="HTTPS://a.example/" rel="noopener noreferrer" target="_blank">shop</a>',
    )
    expect(renderMarkdown('[deals](/deals)')).toContain('<a href="/deals">deals</a>')
    expect(renderMarkdown('[mail](mailto:a@b.example)')).toContain('<a href="mailto:a@b.example">mail</a>')
  })
})

describe('nesting', () => {
  it(`stops at ${MAX_HTML_NESTING} elements deep, keeping the text`, () => {
    expect(MAX_HTML_NESTING).toBe(48)
    const deep = `${'<blockquote>'.repeat(60)}deep text${'</blockquote>'.repeat(60)}`
    const html = renderMarkdown(deep)
    expect(html.split('<blockquote>').length - 1).toBeLessThanOrEqual(MAX_HTML_NESTING)
    expect(html.split('<blockquote>').length - 1).toBeGreaterThanOrEqual(MAX_HTML_NESTING - 1)
    expect(html).toContain('deep text')
  })
})

describe('plain text of a post', () => {
  it('keeps the characters HTML escapes: < > " \' &', () => {
    expect(markdownToPlainText('a < b > c "quoted" it\'s & more')).toBe('a < b > c "quoted" it\'s & more')
  })

  it('keeps what a code span shows, and drops tags', () => {
    expect(markdownToPlainText('Use `<em>` for **emphasis**, <b>not</b> this')).toBe('Use <em> for emphasis, not this')
  })
})
