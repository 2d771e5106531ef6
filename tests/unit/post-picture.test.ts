import { describe, expect, it } from 'vitest'

import { applyImageSizes, BODY_IMAGE_SIZES, renderMarkdown, renderMarkdownWithImages } from '~/lib/markdown.server'
import { insertBlock, pictureMarkdown } from '~/lib/post-picture'
import { PictureDetailsSchema } from '~/schemas/post-picture'

/** Attribute or text content as sanitize-html escapes it, read back. */
const text = (escaped: string) =>
  escaped
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

const URL = '/uploads/blog-images/0b6f2a52-57a4-4c8e-9a53-3f1c0d1e2a4b.jpg'

describe('the markdown line of a picture', () => {
  it('is the image with its alt text, and its caption in quotes when it has one', () => {
    expect(pictureMarkdown({ url: URL, alt: 'The new store counter' })).toBe(`![The new store counter](${URL})`)
    expect(pictureMarkdown({ url: URL, alt: 'The counter', caption: 'Opening day' })).toBe(
      `![The counter](${URL} "Opening day")`,
    )
    expect(pictureMarkdown({ url: URL, alt: 'The counter', caption: '   ' })).toBe(`![The counter](${URL})`)
  })

  it('renders back to exactly the words typed, whatever characters they hold', () => {
    const alt = 'Jars [left] & *right* <b>, a \\ backslash, `code` and _under_ !'
    const caption = 'Ann said "welcome" & <smiled> \\ at 9 AM'
    const html = renderMarkdown(pictureMarkdown({ url: URL, alt, caption }))
    const match =
      /^<figure><img src="[^"]+" alt="([^"]*)" loading="lazy" decoding="async" \/><figcaption>([^<]*)<\/figcaption><\/figure>\n$/.exec(
        html,
      )
    expect(match, html).not.toBeNull()
    expect(text(match![1])).toBe(alt)
    expect(text(match![2])).toBe(caption)
  })
})

describe('a captioned picture', () => {
  it('alone in its paragraph is a figure with the caption under it, and no tooltip', () => {
    expect(renderMarkdown(`Before.\n\n![A counter](${URL} "Opening day")\n\nAfter.`)).toBe(
      `<p>Before.</p>\n<figure><img src="${URL}" alt="A counter" loading="lazy" decoding="async" /><figcaption>Opening day</figcaption></figure>\n<p>After.</p>\n`,
    )
  })

  it('inside a sentence, or without a caption, stays an image', () => {
    expect(renderMarkdown(`See ![a](${URL} "cap") here`)).not.toContain('<figure>')
    // A caption of spaces is no caption: nothing to show under the picture.
    expect(renderMarkdown(`![a](${URL} "   ")`)).toMatch(/^<p><img [^>]*><\/p>\n$/)
    expect(renderMarkdown(`![a](${URL})`)).toBe(`<p><img src="${URL}" alt="a" loading="lazy" decoding="async" /></p>\n`)
  })

  it('cannot carry markup into its caption', () => {
    const html = renderMarkdown(`![a](${URL} "<script>alert(1)</script><b onclick=x>")`)
    expect(html).toContain('<figcaption>&lt;script&gt;alert(1)&lt;/script&gt;&lt;b onclick=x&gt;</figcaption>')
    expect(html).not.toContain('<script')
  })
})

describe('an uploaded picture in a body', () => {
  it('gets its size, a srcset of its copies and AVIF and WebP sources', () => {
    const { html, images } = renderMarkdownWithImages(`![A counter](${URL} "Opening day")`)
    const sized = applyImageSizes(html, new Map([[images[0], { width: 1600, height: 1200, copies: true }]]))
    const stem = URL.replace('.jpg', '')
    const set = (format: string) =>
      `${stem}-400.${format} 400w, ${stem}-800.${format} 800w, ${stem}-1200.${format} 1200w, ${format === 'jpg' ? URL : `${stem}-1600.${format}`} 1600w`
    expect(sized).toBe(
      `<figure><picture><source type="image/avif" srcset="${set('avif')}" sizes="${BODY_IMAGE_SIZES}" /><source type="image/webp" srcset="${set('webp')}" sizes="${BODY_IMAGE_SIZES}" />` +
        `<img src="${URL}" width="1600" height="1200" srcset="${set('jpg')}" sizes="${BODY_IMAGE_SIZES}" alt="A counter" loading="lazy" decoding="async" /></picture>` +
        `<figcaption>Opening day</figcaption></figure>\n`,
    )
  })

  it('of unknown size, stored without copies, or from another site, gets no srcset', () => {
    const html = renderMarkdown(`![a](${URL})\n\n![b](https://example.com/b.jpg)`)
    for (const sizes of [new Map(), new Map([[URL, { width: 1600, height: 1200, copies: false }]])]) {
      const sized = applyImageSizes(html, sizes)
      expect(sized).not.toContain('srcset')
      expect(sized).not.toContain('<picture')
    }
    expect(applyImageSizes(html, new Map([[URL, { width: 1600, height: 1200 }]]))).toContain('width="1600"')
  })
})

describe('alt text and caption', () => {
  it('need alt text, one line each, within their lengths', () => {
    const error = (value: unknown) => PictureDetailsSchema.safeParse(value).error?.issues[0]?.message
    expect(error({ alt: '  ' })).toBe('Describe the picture in words (alt text)')
    expect(error({})).toBe('Describe the picture in words (alt text)')
    expect(error({ alt: 'x'.repeat(251) })).toBe('Alt text must be 250 characters or less')
    expect(error({ alt: 'a\nb' })).toBe('Alt text must be one line of plain text')
    expect(error({ alt: 'ok', caption: 'x'.repeat(301) })).toBe('Caption must be 300 characters or less')
    expect(PictureDetailsSchema.parse({ alt: ' The counter ', caption: 'Day one' })).toEqual({
      alt: 'The counter',
      caption: 'Day one',
    })
  })
})

describe('putting a picture at the caret', () => {
  const LINE = '![a](/x.png)'
  it('makes it a paragraph of its own between two paragraphs', () => {
    const text = 'First paragraph.\n\nSecond paragraph.'
    const at = text.indexOf('\n\n') + 1
    const { value, caret } = insertBlock(text, at, at, LINE)
    expect(value).toBe(`First paragraph.\n\n${LINE}\n\nSecond paragraph.`)
    expect(value.slice(0, caret)).toBe(`First paragraph.\n\n${LINE}`)
  })

  it('in the middle of a line, splits it; at the start or end of the text, adds no blank lines there', () => {
    expect(insertBlock('one two', 3, 3, LINE).value).toBe(`one\n\n${LINE}\n\ntwo`)
    expect(insertBlock('', 0, 0, LINE).value).toBe(`${LINE}\n`)
    expect(insertBlock('text', 0, 0, LINE).value).toBe(`${LINE}\n\ntext`)
    expect(insertBlock('text', 4, 4, LINE).value).toBe(`text\n\n${LINE}\n`)
  })

  it('replaces the selected text', () => {
    expect(insertBlock('a XX b', 2, 4, LINE).value).toBe(`a\n\n${LINE}\n\nb`)
  })
})
