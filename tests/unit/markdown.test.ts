import { describe, expect, it } from 'vitest'
import { markdownToPlainText, renderMarkdown } from '~/lib/markdown.server'

/** Every href and src left in rendered HTML. */
function urls(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1])
}

describe('renderMarkdown: what must come out inert', () => {
  it.each([
    ['javascript: link', '[click](javascript:alert(1))'],
    ['JavaScript: link in mixed case', '[click](JaVaScRiPt:alert(1))'],
    ['javascript: link with an encoded tab', '[click](java&#09;script:alert(1))'],
    ['vbscript: link', '[click](vbscript:msgbox(1))'],
    ['data: link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['raw html javascript: link', '<a href="javascript:alert(1)">click</a>'],
    ['file: link', '[click](file:///etc/passwd)'],
  ])('strips the scheme of a %s', (_name, md) => {
    const html = renderMarkdown(md)
    expect(html).toContain('click')
    for (const url of urls(html)) expect(url).not.toMatch(/^\s*(javascript|vbscript|data|file):/i)
    expect(html.toLowerCase()).not.toMatch(/javascript:|vbscript:|data:text/)
  })

  it('removes raw <script> with its content', () => {
    const html = renderMarkdown('Hello\n\n<script>alert("x")</script>\n\nWorld')
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toContain('alert')
    expect(html).toContain('Hello')
    expect(html).toContain('World')
  })

  it('removes event handlers such as <img onerror>', () => {
    const html = renderMarkdown('<img src="https://example.com/x.png" onerror="alert(1)" onload="alert(2)">')
    expect(html).not.toMatch(/onerror|onload|alert/i)
  })

  it('removes <iframe>, <object>, <embed>, <style> and <form>', () => {
    const html = renderMarkdown(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><style>body{display:none}</style><form action="/x"><input name="a"></form>text',
    )
    expect(html).not.toMatch(/<(iframe|object|embed|style|form|input)/i)
    expect(html).not.toContain('display:none')
    expect(html).toContain('text')
  })

  it('removes style attributes', () => {
    const html = renderMarkdown('<p style="position:fixed;inset:0">covered</p>')
    expect(html).not.toMatch(/style=/i)
    expect(html).toContain('covered')
  })

  it('does not let images load from javascript: or data: sources', () => {
    const html = renderMarkdown('![a](javascript:alert(1)) ![b](data:image/png;base64,AAAA)')
    for (const url of urls(html)) expect(url).not.toMatch(/^(javascript|data):/i)
  })
})

describe('renderMarkdown: what must survive', () => {
  it.each([
    ['http', 'http://example.com/page'],
    ['https', 'https://example.com/page?a=1&b=2'],
    ['irc', 'irc://irc.libera.chat/cannabis'],
    ['ircs', 'ircs://irc.libera.chat:6697/cannabis'],
    ['mailto', 'mailto:hello@example.com'],
    ['xmpp', 'xmpp:store@example.com'],
  ])('keeps %s links', (_scheme, href) => {
    const html = renderMarkdown(`[the link](${href})`)
    const escaped = href.replace(/&/g, '&amp;')
    expect(html).toContain(`href="${escaped}"`)
    expect(html).toContain('>the link</a>')
  })

  it('keeps relative links to our own pages', () => {
    expect(renderMarkdown('[our deals](/deals)')).toContain('href="/deals"')
  })

  it('opens external links safely in a new tab', () => {
    const html = renderMarkdown('[x](https://example.com)')
    expect(html).toContain('rel="noopener noreferrer"')
    expect(html).toContain('target="_blank"')
  })

  it('lazy-loads images in the body', () => {
    const html = renderMarkdown('![A jar of flower](https://example.com/jar.png)')
    expect(html).toMatch(/<img [^>]*loading="lazy"/)
    expect(html).toContain('alt="A jar of flower"')
    expect(html).toContain('src="https://example.com/jar.png"')
  })

  it('keeps ordinary article markup', () => {
    const html = renderMarkdown(
      '## Heading\n\nSome **bold** and _em_.\n\n- one\n- two\n\n> quote\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    )
    for (const tag of ['<h2', '<strong>', '<em>', '<ul>', '<li>', '<blockquote>', '<table>', '<td>']) {
      expect(html).toContain(tag)
    }
  })
})

describe('markdownToPlainText', () => {
  it('gives the words without markup or tags, spaces collapsed', () => {
    expect(markdownToPlainText('# Title\n\nSome **bold** & [a link](https://x.com).\n\n<script>x()</script>')).toBe(
      'Title Some bold & a link.',
    )
  })
})
