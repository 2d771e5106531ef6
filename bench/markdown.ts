// npm run bench:markdown [-- --timeout=5000] [-- parser ...]
//
// Feeds markdown parsers the pathological corpus of tests/support/markdown-corpus.ts
// (nested and unclosed emphasis, ** runs, brackets, link and image runs,
// backtick runs, deep blockquotes and lists, long and padded tables, …), each
// family at 10,000 and 99,000 characters, and prints the time each input takes:
// CPU time of the render (best of three when under a second, else one run), so
// other work on the machine barely moves the figures. An input still running
// after --timeout milliseconds of CPU (default 5000) is reported as "> 5 s";
// its parser's process is restarted for the next input.
//
// Parsers: marked (what the site used), markdown-it, md4w (md4c compiled to
// WebAssembly, what the site uses), each alone with the options a blog would
// use, and "site": this site's whole save path (bounding, md4c, sanitize-html,
// image sizes, plain-text summary and read minutes). micromark is measured too
// when installed (npm install --no-save micromark micromark-extension-gfm).
// Writes bench/markdown-results.json (not tracked).
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

import { CORPUS_LENGTHS, MARKDOWN_CORPUS } from '../tests/support/markdown-corpus'

const here = dirname(fileURLToPath(import.meta.url))
const ALL_PARSERS = ['marked', 'markdown-it', 'micromark', 'md4w', 'site'] as const
type Parser = (typeof ALL_PARSERS)[number]

const args = process.argv.slice(2)
const timeoutArg = args.find((a) => a.startsWith('--timeout='))
const TIMEOUT_MS = timeoutArg ? Number(timeoutArg.split('=')[1]) : 5000
const chosen = args.filter((a) => !a.startsWith('--')) as Parser[]
const parsers: Parser[] = chosen.length ? chosen : [...ALL_PARSERS]

interface Job {
  family: string
  length: number
}
interface Result extends Job {
  parser: Parser
  /** CPU milliseconds, or null when the input timed out or failed. */
  ms: number | null
  outputBytes: number | null
  note?: string
}

/** CPU milliseconds a process has used (Linux /proc), or null where that cannot be read. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

const jobs: Job[] = Object.keys(MARKDOWN_CORPUS).flatMap((family) =>
  CORPUS_LENGTHS.map((length) => ({ family, length })),
)

/**
 * Runs the jobs in a child process (bench/markdown-worker.ts), one JSON line per
 * result. A job that outlives the timeout kills the child; the rest go to a new one.
 */
function runParser(parser: Parser): Promise<Result[]> {
  return new Promise((resolvePromise) => {
    const results: Result[] = []
    let next = 0
    const startChild = () => {
      if (next >= jobs.length) return resolvePromise(results)
      const child = spawn(
        process.execPath,
        [...process.execArgv, join(here, 'markdown-worker.ts'), parser, String(next)],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      let timedOut = false
      let timer: NodeJS.Timeout | undefined
      // The limit is on the input's CPU time where Linux tells it (so a busy
      // machine does not turn slow inputs into time-outs), else on wall time.
      const arm = () => {
        clearInterval(timer)
        const startCpu = cpuMsOf(child.pid)
        const startWall = Date.now()
        timer = setInterval(() => {
          const cpu = cpuMsOf(child.pid)
          const spent = startCpu !== null && cpu !== null ? cpu - startCpu : Date.now() - startWall
          if (spent < TIMEOUT_MS) return
          clearInterval(timer)
          timedOut = true
          results.push({ ...jobs[next], parser, ms: null, outputBytes: null, note: `> ${TIMEOUT_MS / 1000} s` })
          process.stdout.write('T')
          next++
          child.kill('SIGKILL')
        }, 100)
      }
      arm()
      const lines = createInterface({ input: child.stdout })
      lines.on('line', (line) => {
        if (timedOut) return
        const message = JSON.parse(line) as { ready?: boolean; unavailable?: boolean } & Partial<Result>
        if (message.unavailable) {
          for (const job of jobs.slice(next)) {
            results.push({ ...job, parser, ms: null, outputBytes: null, note: 'not installed' })
          }
          next = jobs.length
          return
        }
        if (message.ready) return arm()
        results.push({
          ...jobs[next],
          parser,
          ms: message.ms ?? null,
          outputBytes: message.outputBytes ?? null,
          note: message.note,
        })
        process.stdout.write(message.note ? 'E' : '.')
        next++
        arm()
      })
      child.on('exit', (code) => {
        clearInterval(timer)
        if (!timedOut && code !== 0 && next < jobs.length) {
          // The process died on this input (out of memory, say): note it and go on.
          results.push({ ...jobs[next], parser, ms: null, outputBytes: null, note: `exited ${code}` })
          next++
        }
        startChild()
      })
    }
    startChild()
  })
}

const results: Result[] = []
for (const parser of parsers) {
  process.stdout.write(`${parser.padEnd(12)} `)
  results.push(...(await runParser(parser)))
  process.stdout.write('\n')
}

const cell = (r: Result | undefined) => {
  if (!r) return ''
  if (r.ms === null) return r.note ?? 'error'
  return r.ms >= 1000 ? `${(r.ms / 1000).toFixed(1)} s` : `${r.ms.toFixed(1)}`
}
const find = (parser: Parser, family: string, length: number) =>
  results.find((r) => r.parser === parser && r.family === family && r.length === length)

const header = ['input', ...parsers.flatMap((p) => CORPUS_LENGTHS.map((n) => `${p} ${n / 1000}K`))]
const rows = Object.keys(MARKDOWN_CORPUS).map((family) => [
  family,
  ...parsers.flatMap((p) => CORPUS_LENGTHS.map((n) => cell(find(p, family, n)))),
])
const widths = header.map((_, c) => Math.max(...[header, ...rows].map((row) => row[c].length)))
console.log('\nCPU milliseconds per render (best of 3 under 1 s)\n')
for (const [i, row] of [header, ...rows].entries()) {
  console.log(row.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  '))
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
}

console.log('\nWorst input per parser at 99,000 characters, and the same input at 10,000:\n')
const [small, large] = CORPUS_LENGTHS
for (const parser of parsers) {
  const mine = results.filter((r) => r.parser === parser && r.length === large)
  if (mine.every((r) => r.note === 'not installed')) {
    console.log(`${parser.padEnd(12)} not installed`)
    continue
  }
  const worst = mine.reduce((a, b) => ((b.ms ?? Infinity) > (a.ms ?? Infinity) ? b : a))
  const failures = mine.filter((r) => r.ms === null).map((r) => `${r.family} (${r.note})`)
  const before = find(parser, worst.family, small)
  const withUnit = (r: Result | undefined) => (r?.ms == null ? cell(r) : `${cell(r)} ms`)
  const largest = mine.reduce((a, b) => ((b.outputBytes ?? 0) > (a.outputBytes ?? 0) ? b : a))
  console.log(
    `${parser.padEnd(12)} ${worst.family}: ${withUnit(before)} → ${withUnit(worst)}` +
      `; largest output ${((largest.outputBytes ?? 0) / 1e6).toFixed(1)} MB (${largest.family})` +
      (failures.length ? `; failed or timed out: ${failures.join(', ')}` : ''),
  )
}

const out = join(here, 'markdown-results.json')
writeFileSync(
  out,
  `${JSON.stringify({ generated_at: new Date().toISOString(), node: process.version, timeout_ms: TIMEOUT_MS, results }, null, 2)}\n`,
)
console.log(`\nWrote ${out}`)
