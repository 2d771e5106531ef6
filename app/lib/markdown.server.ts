import { init, mdToHtml, ParseFlags } from 'md4w'
import sanitizeHtml from 'sanitize-html'

import { responsiveSources } from '~/lib/responsive-image'

/**
 * Markdown to safe HTML (only the tags and attributes a blog post needs survive). Parsed by md4c (the md4w WebAssembly build),
 * cleaned by sanitize-html allowing only the link protocols http, https, irc,
 * ircs, mailto and xmpp. Images lazy-load; external links open safely.
 *
 * Why md4c and not marked: `npm run bench:markdown` feeds each parser a corpus
 * of pathological inputs (tests/support/markdown-corpus.ts). marked needs more
 * than 5 s for 99,000 characters of `*a_` and overflows the stack on deep
 * lists; markdown-it is linear but needs up to 0.2 s, and turns references to
 * one long URL into 147 MB; md4c stays under 20 ms on every input but one: a
 * wide table over short rows, which it pads to 64 MB of empty cells. That one
 * and deep nesting on one line are bounded here before parsing
 * (`boundMarkdown`).
 *
 * Everything here is linear in its input. Posts are rendered once, when saved
 * (app/models/post-content.server.ts); a page view reads the stored HTML.
 */

// The WebAssembly module is compiled once, when this module is first imported.
await init()

/** GitHub-flavoured markdown as marked rendered it: tables, ~~strike~~, task lists, bare URLs. */
const PARSE_FLAGS =
  ParseFlags.TABLES |
  ParseFlags.STRIKETHROUGH |
  ParseFlags.TASKLISTS |
  ParseFlags.PERMISSIVE_URL_AUTO_LINKS |
  ParseFlags.PERMISSIVE_WWW_AUTO_LINKS |
  ParseFlags.PERMISSIVE_EMAIL_AUTO_LINKS

export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']

/** At most this many blockquote or list markers open on one line; the next one is kept as text. */
export const MAX_CONTAINER_MARKERS = 16
/** At most this many empty cells added to short table rows in one post; past it the table ends. */
export const MAX_PADDED_TABLE_CELLS = 10_000
/** Elements nested deeper than this are dropped (their text stays). */
export const MAX_HTML_NESTING = 48

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
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
    'a',
    'img',
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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
  },
  allowedSchemes: ALLOWED_LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  allowedClasses: { code: [/^language-[\w-]+$/] },
  nestingLimit: MAX_HTML_NESTING,
  // Images get their transform in renderMarkdownWithImages, which also lists them.
  transformTags: {
    a: (tagName, attribs) => {
      // A link without href reads as "undefined" here, which is not external.
      const external = /^https?:\/\//i.test(attribs.href)
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
      }
    },
  },
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} }

// ---------- bounding the input ----------

const isBlank = (line: string) => /^[ \t]*$/.test(line)
const isDigit = (code: number) => code >= 0x30 && code <= 0x39
const isSpaceOrEnd = (line: string, i: number) => i >= line.length || line[i] === ' ' || line[i] === '\t'

/**
 * A line opening more than MAX_CONTAINER_MARKERS blockquotes or list items
 * (`> > > …`, `- - - …`, `1. 1. …`) gets a backslash before the first marker
 * past the limit, which md4c then shows as text. One pass over the line.
 */
function boundContainers(line: string): string {
  let i = 0
  let depth = 0
  const n = line.length
  while (i < n) {
    while (i < n && (line[i] === ' ' || line[i] === '\t')) i++
    if (i >= n) break
    const code = line.charCodeAt(i)
    // Set whenever a marker is found, and read only then.
    let escapeAt = 0
    let next = -1
    if (code === 0x3e /* > */) {
      escapeAt = i
      next = i + 1
    } else if ((code === 0x2d || code === 0x2b || code === 0x2a) /* - + * */ && isSpaceOrEnd(line, i + 1)) {
      escapeAt = i
      next = i + 1
    } else if (isDigit(code)) {
      let j = i
      while (j < n && j - i < 9 && isDigit(line.charCodeAt(j))) j++
      if ((line[j] === '.' || line[j] === ')') && isSpaceOrEnd(line, j + 1)) {
        escapeAt = j
        next = j + 1
      }
    }
    if (next === -1) break
    depth++
    if (depth > MAX_CONTAINER_MARKERS) return `${line.slice(0, escapeAt)}\\${line.slice(escapeAt)}`
    i = next
  }
  return line
}

/** The line without leading spaces, tabs and blockquote markers (tables may sit in quotes and lists). */
function withoutQuotePrefix(line: string): string {
  let i = 0
  while (i < line.length && (line[i] === ' ' || line[i] === '\t' || line[i] === '>')) i++
  return line.slice(i).trimEnd()
}

/** Cells of a table delimiter row (`| :-- | --: |`), or 0 when the line is not one. */
function delimiterCells(body: string): number {
  const parts = body.split('|')
  if (parts[0].trim() === '') parts.shift()
  if (parts.length > 0 && parts[parts.length - 1].trim() === '') parts.pop()
  for (const part of parts) if (!/^[ \t]*:?-+:?[ \t]*$/.test(part)) return 0
  // A line of dashes without a pipe counts as one cell here, though md4c
  // starts no table on it: a table of one column never pads a row, so that
  // one-column "table" changes nothing below.
  return parts.length
}

/**
 * Cells in a table row by its unescaped pipes. A pipe inside a code span counts
 * too, so this may see more cells than md4c (one more per such pipe, each a
 * character of the input): the padding it misses stays linear in the input.
 */
function rowCells(body: string): number {
  let pipes = 0
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i)
    if (c === 0x5c /* \ */) i++
    else if (c === 0x7c /* | */) pipes++
  }
  let cells = pipes + 1
  if (body.startsWith('|')) cells--
  if (body.length > 1 && body.endsWith('|') && !body.endsWith('\\|')) cells--
  return Math.max(1, cells)
}

/**
 * Bounds what md4c may build from a post, in one pass over its lines:
 * - container markers per line (see boundContainers), so 99,000 characters of
 *   `>` cannot become 99,000 nested blockquotes;
 * - the empty cells a table adds to rows shorter than its header, counted over
 *   the whole post: a 128-column header over 49,000 one-character rows would
 *   otherwise come out as 6 million cells (63 MB). Once MAX_PADDED_TABLE_CELLS
 *   are spent, a blank line is put before the next short row, ending its table.
 * Line endings become `\n`. Ordinary posts come out unchanged.
 */
export function boundMarkdown(markdown: string): string {
  const lines = markdown.split(/\r\n|\r|\n/)
  let tableColumns = 0
  let paddingLeft = MAX_PADDED_TABLE_CELLS
  let previousBlank = true
  const out: string[] = []
  for (const raw of lines) {
    const line = boundContainers(raw)
    if (isBlank(line)) {
      tableColumns = 0
      previousBlank = true
      out.push(line)
      continue
    }
    const body = withoutQuotePrefix(line)
    const delimiter = previousBlank ? 0 : delimiterCells(body)
    if (delimiter > 0) {
      // A new table, or a row of the current one: either way assume the wider.
      tableColumns = Math.max(tableColumns, delimiter)
    } else {
      // Outside a table (0 columns) a row pads nothing.
      const padded = Math.max(0, tableColumns - rowCells(body))
      if (padded > paddingLeft) {
        out.push('')
        tableColumns = 0
      } else {
        paddingLeft -= padded
      }
    }
    previousBlank = false
    out.push(line)
  }
  return out.join('\n')
}

// ---------- rendering ----------

/** md4w adds an empty self-link with an id to every heading; the allow-list would leave an empty link behind. */
const HEADING_ANCHOR = / ?<a class="anchor" aria-hidden="true" id="[^"<>]*" href="#[^"<>]*"><\/a>(?=<\/h[1-6]>)/g

function parse(markdown: string): string {
  const bounded = boundMarkdown(markdown ?? '')
  // md4w cannot take an empty input; a post of spaces it renders to nothing.
  if (bounded === '') return ''
  try {
    return mdToHtml(bounded, { parseFlags: PARSE_FLAGS }).replace(HEADING_ANCHOR, '')
  } catch (error) {
    // Never expected; the text is still shown, escaped by the sanitiser.
    console.error('Markdown could not be parsed', error)
    return `<p>${sanitizeHtml(markdown, TEXT_ONLY)}</p>`
  }
}

export interface RenderedMarkdown {
  /** Sanitised HTML. */
  html: string
  /** The `src` of every image the sanitiser met, in order, without repeats (a src it dropped may be among them). */
  images: string[]
}

/** Markdown to sanitised HTML, with the images it shows. */
export function renderMarkdownWithImages(markdown: string): RenderedMarkdown {
  const images = new Set<string>()
  const options: sanitizeHtml.IOptions = {
    ...SANITIZE,
    transformTags: {
      ...SANITIZE.transformTags,
      img: (tagName, attribs) => {
        if (attribs.src) images.add(attribs.src)
        return { tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }
      },
    },
  }
  const html = captionedFigures(sanitizeHtml(parse(markdown), options))
  return { html, images: [...images] }
}

/** A paragraph holding nothing but one image that has a title: `![alt](src "caption")` on a line of its own. */
const CAPTIONED_IMAGE = /<p>(<img\b[^>]*?) title="([^"]*)"([^>]*>)<\/p>/g

/**
 * A picture alone in its paragraph with a title (`![alt](src "caption")`)
 * becomes a figure, the title its caption (and no longer a tooltip). Runs on
 * sanitised HTML, where every attribute value has its `"`, `<`, `>` and `&`
 * escaped, so the title's text is safe as the caption's text as it stands.
 */
function captionedFigures(html: string): string {
  return html.replace(CAPTIONED_IMAGE, (paragraph, head: string, title: string, tail: string) =>
    title.trim() === '' ? paragraph : `<figure>${head}${tail}<figcaption>${title}</figcaption></figure>`,
  )
}

/** Markdown to sanitised HTML (no image sizes: see renderPostContent for what posts store). */
export function renderMarkdown(markdown: string): string {
  return renderMarkdownWithImages(markdown).html
}

export interface ImageSize {
  width: number
  height: number
  /** One of our uploads stored with its narrower copies (AVIF, WebP, own format): they go in a srcset. */
  copies?: boolean
}

const IMG_TAG = /<img\b[^>]*>/g

/**
 * How wide a picture in a post's body is drawn: the article's text column
 * (720 px) on a wide screen, the screen less the page's margins on a
 * narrower one.
 */
export const BODY_IMAGE_SIZES = '(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)'
const ATTRIBUTE = /\s([a-z]+)="([^"]*)"/g
const DIMENSION = /^\d{1,5}$/

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/**
 * Gives every `<img>` of sanitised HTML a width and height, so the page keeps
 * the image's room before it loads: the intrinsic size when `sizes` knows the
 * src (a width alone written by the author keeps the image's proportions), the
 * author's own pair otherwise. A tag left without both loses a lone width or
 * height; the article styles give such images a fixed aspect ratio instead.
 * One of our uploads whose size is known also gets its narrower copies: a
 * `srcset` in its own format, and a `<picture>` around it offering AVIF and
 * WebP (addresses made from the upload's own name, nothing from the text).
 * One pass; sanitize-html writes every attribute as name="value" with `>` and
 * `"` escaped, so a tag ends at the first `>`.
 */
export function applyImageSizes(html: string, sizes: ReadonlyMap<string, ImageSize>): string {
  return html.replace(IMG_TAG, (tag) => {
    const attributes: [string, string][] = []
    for (const match of tag.matchAll(ATTRIBUTE)) attributes.push([match[1], match[2]])
    const get = (name: string) => attributes.find(([key]) => key === name)?.[1]
    const src = get('src')
    const known = src === undefined ? undefined : sizes.get(unescapeAttribute(src))
    const width = get('width')
    const height = get('height')
    const ownWidth = width !== undefined && DIMENSION.test(width) && Number(width) > 0 ? Number(width) : null
    const ownHeight = height !== undefined && DIMENSION.test(height) && Number(height) > 0 ? Number(height) : null
    let size: ImageSize | null = null
    if (ownWidth && ownHeight) size = { width: ownWidth, height: ownHeight }
    else if (known && ownWidth)
      size = { width: ownWidth, height: Math.max(1, Math.round((ownWidth * known.height) / known.width)) }
    else if (known && ownHeight)
      size = { width: Math.max(1, Math.round((ownHeight * known.width) / known.height)), height: ownHeight }
    else if (known) size = { width: known.width, height: known.height }
    const kept = attributes.filter(([key]) => key !== 'width' && key !== 'height')
    // One of our uploads: its stored copies (narrower, AVIF and WebP) for the browser to choose from.
    const sources = known?.copies && src !== undefined ? responsiveSources(unescapeAttribute(src), known) : null
    const withSize = size
      ? [
          ...kept.slice(0, 1),
          ['width', String(size.width)] as [string, string],
          ['height', String(size.height)] as [string, string],
          ...(sources
            ? [['srcset', sources.fallback] as [string, string], ['sizes', BODY_IMAGE_SIZES] as [string, string]]
            : []),
          ...kept.slice(1),
        ]
      : kept
    const img = `<img${withSize.map(([key, value]) => ` ${key}="${value}"`).join('')} />`
    if (!sources) return img
    return `<picture><source type="image/avif" srcset="${sources.avif}" sizes="${BODY_IMAGE_SIZES}" /><source type="image/webp" srcset="${sources.webp}" sizes="${BODY_IMAGE_SIZES}" />${img}</picture>`
  })
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** The text of sanitised HTML: tags removed, the escapes sanitize-html writes undone, spaces collapsed. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, ' ')
    .trim()
}

/** Plain text of markdown (for descriptions): tags and markup removed, spaces collapsed. */
export function markdownToPlainText(markdown: string): string {
  return htmlToPlainText(sanitizeHtml(parse(markdown), TEXT_ONLY))
}
