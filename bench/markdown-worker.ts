// One parser's side of bench/markdown.ts: renders the corpus from the given
// job onwards and prints one JSON line per input ({ms, outputBytes} or {note}).
import { CORPUS_LENGTHS, MARKDOWN_CORPUS } from '../tests/support/markdown-corpus'

const [parser, startArg] = process.argv.slice(2)
const jobs = Object.keys(MARKDOWN_CORPUS).flatMap((family) => CORPUS_LENGTHS.map((length) => ({ family, length })))
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`)

async function load(name: string): Promise<(markdown: string) => string> {
  switch (name) {
    case 'marked': {
      const { Marked } = await import('marked')
      const marked = new Marked({ gfm: true, breaks: false, async: false })
      return (md) => marked.parse(md) as string
    }
    case 'markdown-it': {
      const { default: MarkdownIt } = await import('markdown-it')
      const md = new MarkdownIt({ html: true })
      return (text) => md.render(text)
    }
    case 'micromark': {
      // Optional: npm install --no-save micromark micromark-extension-gfm
      const micromarkModule = 'micromark'
      const gfmModule = 'micromark-extension-gfm'
      const { micromark } = await import(/* @vite-ignore */ micromarkModule)
      const { gfm, gfmHtml } = await import(/* @vite-ignore */ gfmModule)
      return (md) => micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] })
    }
    case 'md4w': {
      const md4w = await import('md4w')
      await md4w.init()
      return (md) => md4w.mdToHtml(md, { parseFlags: ['TABLES', 'STRIKETHROUGH', 'PERMISSIVE_URL_AUTO_LINKS'] })
    }
    case 'site': {
      // The save path without the database: every image is given a size.
      const { applyImageSizes, htmlToPlainText, renderMarkdownWithImages } = await import('~/lib/markdown.server')
      const { readMinutes } = await import('~/lib/reading-time')
      return (md) => {
        const { html, images } = renderMarkdownWithImages(md)
        const sized = applyImageSizes(html, new Map(images.map((src) => [src, { width: 1200, height: 800 }])))
        htmlToPlainText(sized)
        readMinutes(md)
        return sized
      }
    }
  }
  throw new Error(`Unknown parser ${name}`)
}

function cpuMs(run: () => string): { ms: number; output: string } {
  const start = process.cpuUsage()
  const output = run()
  const used = process.cpuUsage(start)
  return { ms: (used.user + used.system) / 1000, output }
}

let render: (markdown: string) => string
try {
  render = await load(parser)
  render('# warm *up* [a](b)\n\n- x\n\n| a |\n| - |\n| b |\n')
} catch {
  say({ unavailable: true })
  process.exit(0)
}
say({ ready: true })

for (const job of jobs.slice(Number(startArg))) {
  const input = MARKDOWN_CORPUS[job.family](job.length)
  try {
    let best = cpuMs(() => render(input))
    if (best.ms < 1000) {
      for (let i = 0; i < 2; i++) {
        const again = cpuMs(() => render(input))
        if (again.ms < best.ms) best = again
      }
    }
    say({ ms: Math.round(best.ms * 10) / 10, outputBytes: Buffer.byteLength(best.output) })
  } catch (error) {
    say({ note: `error: ${error instanceof Error ? error.name : 'thrown'}` })
  }
}
