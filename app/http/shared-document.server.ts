import { inlineStylesheets } from './inline-css.server'
import { startScriptsAfterPaint } from './script-priority.server'

const HEAD_END = '</head>'
// React Router's start-up module: `<script nonce="…" type="module" async="">…</script>`.
const START_UP_TYPE = ' type="module" async="">'
const SCRIPT_OPEN = '<script'
const SCRIPT_CLOSE = '</script>'

/**
 * The one place a finished public document is rewritten (production builds):
 * its stylesheet inlined into the head (inline-css.server.ts) and its scripts
 * started after the first paint (script-priority.server.ts). Both touch only
 * the head and React Router's start-up module, so only those two parts are
 * turned into strings and rewritten; the rest of the page (the body and the
 * loader data, nine tenths of its 130 KB) is copied once, as bytes, into the
 * result. Rewriting the whole document as a string cost about a tenth of each
 * uncached render and several copies of the page in garbage (see
 * docs/load-and-limits.md).
 */
export function rewriteSharedDocument(document: Buffer, nonce: string): Buffer {
  const headEnd = document.indexOf(HEAD_END)
  if (headEnd === -1) return document
  const type = document.indexOf(START_UP_TYPE, headEnd)
  const moduleStart = type === -1 ? -1 : document.lastIndexOf(SCRIPT_OPEN, type)
  const close = moduleStart <= headEnd ? -1 : document.indexOf(SCRIPT_CLOSE, type)
  const [start, end] = close === -1 ? [document.length, document.length] : [moduleStart, close + SCRIPT_CLOSE.length]

  const head = document.toString('utf8', 0, headEnd)
  const startUp = document.toString('utf8', start, end)
  // The rewrites read a document; they get one made of the two parts alone.
  const rewritten = startScriptsAfterPaint(inlineStylesheets(`${head}${HEAD_END}${startUp}`, nonce), nonce)
  const split = rewritten.indexOf(HEAD_END)
  return Buffer.concat([
    Buffer.from(rewritten.slice(0, split)),
    document.subarray(headEnd, start),
    Buffer.from(rewritten.slice(split + HEAD_END.length)),
    document.subarray(end),
  ])
}
