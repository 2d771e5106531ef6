import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it, vi } from 'vitest'

import {
  applyImageSizes,
  boundMarkdown,
  htmlToPlainText,
  markdownToPlainText,
  MAX_CONTAINER_MARKERS,
  MAX_PADDED_TABLE_CELLS,
  renderMarkdown,
} from '~/lib/markdown.server'
import { demoPosts } from '~/seed/data/posts'

import { FEATURE_SAMPLES } from '../support/markdown-samples'

// The parser can be made to fail for one test. The module under test is
// imported once, at the top, like the app does; importing it again inside a
// test would hide its module-level patterns from mutation testing.
const parser = vi.hoisted(() => ({ broken: false }))
vi.mock('md4w', async (original) => {
  const md4w = await original<typeof import('md4w')>()
  return {
    ...md4w,
    mdToHtml: (...args: Parameters<typeof md4w.mdToHtml>) => {
      if (parser.broken) throw new Error('parser broke')
      return md4w.mdToHtml(...args)
    },
  }
})

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

describe('renderMarkdown: the same pages as marked rendered', () => {
  // HTML that marked 18 (the parser before md4c) gave for the demo posts and for
  // FEATURE_SAMPLES, recorded before the switch. Compared after removing the
  // whitespace that the two put differently between block tags.
  const recorded = JSON.parse(readFileSync(join(__dirname, '../fixtures/markdown-marked-18.json'), 'utf8')) as Record<
    string,
    { html: string; text: string }
  >
  const BLOCK = 'p|h[1-6]|ul|ol|li|blockquote|pre|table|thead|tbody|tr|th|td|hr|figure|figcaption|br'
  const normalise = (html: string) =>
    html
      .replace(new RegExp(`\\s+(?=<\\/?(?:${BLOCK})\\b)`, 'g'), '')
      .replace(new RegExp(`(<\\/?(?:${BLOCK})\\b[^>]*>)\\s+`, 'g'), '$1')
      .trim()
  const documents: [string, string][] = [
    ...demoPosts(new Date('2026-01-01T00:00:00Z')).map((p): [string, string] => [`post:${p.slug}`, p.content]),
    ...Object.entries(FEATURE_SAMPLES).map(([name, md]): [string, string] => [`sample:${name}`, md]),
  ]

  it('has a recording for every demo post and sample', () => {
    expect(documents.map(([key]) => key).sort()).toEqual(Object.keys(recorded).sort())
  })

  // One difference on purpose since: an image alone in its paragraph with a title is a figure, the title its caption.
  const captioned = (html: string) =>
    html.replace(/<p>(<img\b[^>]*?) title="([^"]+)"([^>]*>)<\/p>/g, '<figure>$1$3<figcaption>$2</figcaption></figure>')

  it.each(documents)('%s: same HTML (headings, lists, links, images, code, tables)', (key, markdown) => {
    expect(normalise(renderMarkdown(markdown))).toBe(normalise(captioned(recorded[key].html)))
  })

  it.each(documents)('%s: same plain text', (key, markdown) => {
    const words = (text: string) => text.replace(/\s+/g, '')
    expect(words(markdownToPlainText(markdown))).toBe(words(recorded[key].text))
  })

  it('leaves no empty self-link in headings', () => {
    expect(renderMarkdown('# Hours & "parking"\n\nSetext\n---')).toBe(
      '<h1>Hours &amp; "parking"</h1>\n<h2>Setext</h2>\n',
    )
  })

  it('reads Windows line endings like Unix ones', () => {
    expect(renderMarkdown('## A\r\n\r\n- one\r\n- two\r\n')).toBe(renderMarkdown('## A\n\n- one\n- two\n'))
  })
})

describe('boundMarkdown', () => {
  it('leaves ordinary posts as they are', () => {
    for (const post of demoPosts(new Date())) expect(boundMarkdown(post.content)).toBe(post.content)
    for (const md of Object.values(FEATURE_SAMPLES)) expect(boundMarkdown(md)).toBe(md.replace(/\r\n?/g, '\n'))
  })

  it(`keeps the marker past ${MAX_CONTAINER_MARKERS} nested containers on a line as text`, () => {
    const quotes = '> '.repeat(MAX_CONTAINER_MARKERS)
    expect(boundMarkdown(`${quotes}deep`)).toBe(`${quotes}deep`)
    expect(boundMarkdown(`${quotes}> deeper`)).toBe(`${quotes}\\> deeper`)
    expect(boundMarkdown(`${'- '.repeat(MAX_CONTAINER_MARKERS)}- x`)).toBe(`${'- '.repeat(MAX_CONTAINER_MARKERS)}\\- x`)
    expect(boundMarkdown(`${'1. '.repeat(MAX_CONTAINER_MARKERS)}2) x`)).toBe(
      `${'1. '.repeat(MAX_CONTAINER_MARKERS)}2\\) x`,
    )
    const html = renderMarkdown('>'.repeat(1000))
    expect(html.match(/<blockquote>/g)).toHaveLength(MAX_CONTAINER_MARKERS)
  })

  it('ends a table once the post has spent its allowance of empty cells', () => {
    const head = `|${' h |'.repeat(101)}\n|${'---|'.repeat(101)}\n`
    const rows = 'x\n'.repeat(200)
    const cells = (html: string) => html.match(/<td/g)?.length ?? 0
    // 100 empty cells a row: 100 rows fit, the 101st starts a paragraph.
    const html = renderMarkdown(head + rows)
    expect(cells(html)).toBe(101 * (MAX_PADDED_TABLE_CELLS / 100))
    expect(html).toContain('<p>x\nx')
    // Full rows cost nothing.
    const full = `|${' c |'.repeat(101)}\n`.repeat(300)
    expect(cells(renderMarkdown(head + full))).toBe(101 * 300)
  })
})

describe('applyImageSizes', () => {
  const sizes = new Map([
    ['/images/a.png', { width: 1200, height: 800 }],
    ['/x?a=1&b=2', { width: 40, height: 30 }],
  ])
  const img = (markdown: string) => applyImageSizes(renderMarkdown(markdown), sizes).match(/<img[^>]*>/)![0]

  it('gives known images their size, right after src', () => {
    expect(img('![Alt](/images/a.png)')).toBe(
      '<img src="/images/a.png" width="1200" height="800" alt="Alt" loading="lazy" decoding="async" />',
    )
    expect(img('![q](/x?a=1&b=2)')).toContain('src="/x?a=1&amp;b=2" width="40" height="30"')
  })

  it("keeps the author's width and height, scaling the missing one to the image's proportions", () => {
    expect(img('<img src="/images/a.png" width="300">')).toContain('width="300" height="200"')
    expect(img('<img src="/images/a.png" height="100">')).toContain('width="150" height="100"')
    expect(img('<img src="/images/a.png" width="10" height="10">')).toContain('width="10" height="10"')
    expect(img('<img src="https://example.com/b.png" width="64" height="48">')).toContain('width="64" height="48"')
  })

  it('drops a lone or unreadable size on an unknown image (the styles reserve a 16:9 box)', () => {
    expect(img('<img src="https://example.com/b.png" width="64">')).not.toMatch(/width|height/)
    expect(img('<img src="/images/a.png" width="100%" height="auto">')).toContain('width="1200" height="800"')
    expect(img('![b](https://example.com/b.png)')).not.toMatch(/width|height/)
  })

  it('leaves the rest of the HTML untouched', () => {
    const html = renderMarkdown('# T\n\nText ![a](/images/a.png) & more.\n\n`<img src="/images/a.png">`')
    const sized = applyImageSizes(html, sizes)
    expect(sized.replace(' width="1200" height="800"', '')).toBe(html)
  })
})

describe('htmlToPlainText', () => {
  it('keeps the text, undoes the escapes and collapses spaces', () => {
    expect(
      htmlToPlainText('<h1>A &amp; B</h1>\n<p>x &lt; y &gt; z "q"<br />\nnext <img src="/a.png" alt="alt" /></p>'),
    ).toBe('A & B x < y > z "q" next')
  })
})

describe('empty input', () => {
  it('renders to nothing', () => {
    for (const md of ['', ' ', '\n\n', '\r\n']) {
      expect(renderMarkdown(md)).toBe('')
      expect(markdownToPlainText(md)).toBe('')
    }
  })
})

describe('a post the parser fails on', () => {
  it('is shown as its plain text, escaped, and the failure is logged', () => {
    parser.broken = true
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(renderMarkdown('# Hours & <b>deals</b>')).toBe('<p># Hours &amp; deals</p>')
      expect(logged).toHaveBeenCalledWith('Markdown could not be parsed', expect.any(Error))
    } finally {
      parser.broken = false
      logged.mockRestore()
    }
    expect(renderMarkdown('# Hours')).toContain('<h1')
  })
})
