import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

/**
 * Markdown to safe HTML (spec §5): rendered by marked, cleaned by sanitize-html
 * allowing only the link protocols http, https, irc, ircs, mailto and xmpp.
 * Images lazy-load; external links open safely.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false })

export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']

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
  transformTags: {
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, loading: 'lazy', decoding: 'async' },
    }),
    a: (tagName, attribs) => {
      const href = attribs.href ?? ''
      const external = /^https?:\/\//i.test(href)
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
      }
    },
  },
}

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown ?? '') as string
  return sanitizeHtml(html, SANITIZE)
}

/** Plain text of markdown (for descriptions): tags and markup removed, spaces collapsed. */
export function markdownToPlainText(markdown: string): string {
  const html = marked.parse(markdown ?? '') as string
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}
