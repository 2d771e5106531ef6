/**
 * Markdown that exercises each construct a post uses (headings, emphasis, lists,
 * links, images, code, tables, quotes, raw HTML). Their HTML as `marked` 18
 * rendered it is kept in tests/fixtures/markdown-marked-18.json, so a parser
 * change is checked against what posts looked like before.
 */
export const FEATURE_SAMPLES: Record<string, string> = {
  headings:
    '# One\n\n## Two *em*\n\n### Three `code`\n\n#### Four\n\n##### Five\n\n###### Six\n\nSetext\n======\n\nSetext two\n----------\n',
  emphasis:
    'Some **bold**, *em*, _em_, __bold__, ***both***, ~~struck~~ and `code` with a\nsoft break, and a hard  \nbreak. Escapes: \\*not em\\*, 5 \\< 6 & 7 > 3, &copy; &#65; &amp;.',
  lists:
    '- one\n- two\n  - nested a\n  - nested b\n- three\n\n1. first\n2. second\n\n3. loose third\n\n7. starts at seven\n8. eight\n\n* star\n+ plus\n',
  links:
    'An [internal link](/deals), an [external](https://oklahoma.gov/omma.html "State site"), a <https://example.com/auto> autolink, a bare https://example.com/bare link, www.example.com, mail <mailto:hello@example.com> and a [reference][ref].\n\n[ref]: https://example.com/ref "Ref title"\n',
  images:
    '![A jar on the counter](/images/gallery/shop-counter.svg)\n\n![With title](/images/hero.svg "The storefront")\n\nInline ![small logo](/images/logo.svg) in text.\n\n[![Linked image](/images/gallery/shop-lounge.svg)](/blog)\n\n![External](https://example.com/photo.jpg)\n',
  code: 'Inline `const a = 1 < 2` code.\n\n```js\nconst greet = (name) => `Hello, ${name} & welcome`\nif (a < b) console.log("<b>")\n```\n\n```\nplain fence\n```\n\n    indented code\n    block\n\n``double `tick` code``\n',
  tables:
    '| Product | Size | Price |\n| :------ | :--: | ----: |\n| Flower | 3.5 g | $25 |\n| Pre-roll | 1 g | $8 |\n| **Edible** | 100 mg | [$20](/deals) |\n\n| a | b |\n|---|---|\n| only a |\n',
  quotes: '> A quote\n> over two lines\n>\n> > nested\n\n---\n\n***\n',
  html: 'Text with <strong>raw strong</strong>, <em>raw em</em>, <sup>1</sup>, <sub>2</sub> and <br> a break.\n\n<figure><img src="/images/hero.svg" alt="Figure"><figcaption>A caption</figcaption></figure>\n\n<div class="x">A div</div>\n\n<!-- a comment -->\n\n<span style="color:red">span</span>\n',
}
