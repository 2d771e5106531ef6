/** A line of a comparison: kept, only in the newer text, or only in the older one. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed'
  text: string
}

const LINE_BREAK = /\r\n?|\n/

/** Above this many line pairs the changed middle is shown as replaced whole (the table would be too big). */
const MAX_CELLS = 4_000_000

/**
 * Line-by-line comparison of two texts, as people read a change: the longest
 * run of lines both share stays, the rest is removed or added. Common lines at
 * the start and the end are taken off first, so a small edit to a long post
 * costs little.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  // A version saved before line breaks were read as one character has CR LF:
  // split on either, so the same lines compare as the same.
  const a = before === '' ? [] : before.split(LINE_BREAK)
  const b = after === '' ? [] : after.split(LINE_BREAK)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'same', text }))
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ kind: 'same', text }))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  return [...head, ...diffMiddle(midA, midB), ...tail]
}

function diffMiddle(a: string[], b: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: 'removed', text })
  const added = (text: string): DiffLine => ({ kind: 'added', text })
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) {
    return [...a.map(removed), ...b.map(added)]
  }
  // lengths[i][j]: the longest common run of a[i..] and b[j..], one row at a time.
  const width = b.length + 1
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
    }
  }
  const lines: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] })
      i++
      j++
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      lines.push(removed(a[i++]))
    } else {
      lines.push(added(b[j++]))
    }
  }
  while (i < a.length) lines.push(removed(a[i++]))
  while (j < b.length) lines.push(added(b[j++]))
  return lines
}

/** A comparison to show: changed lines with `context` unchanged lines around them; longer unchanged runs are folded. */
export type DiffHunk = { kind: 'lines'; lines: DiffLine[] } | { kind: 'folded'; count: number }

export function foldUnchanged(lines: DiffLine[], context = 2): DiffHunk[] {
  const keep = lines.map(() => false)
  lines.forEach((line, index) => {
    if (line.kind === 'same') return
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) keep[k] = true
  })
  const hunks: DiffHunk[] = []
  let folded = 0
  let current: DiffLine[] = []
  lines.forEach((line, index) => {
    if (keep[index]) {
      if (folded) hunks.push({ kind: 'folded', count: folded })
      folded = 0
      current.push(line)
    } else {
      if (current.length) hunks.push({ kind: 'lines', lines: current })
      current = []
      folded++
    }
  })
  if (current.length) hunks.push({ kind: 'lines', lines: current })
  if (folded) hunks.push({ kind: 'folded', count: folded })
  return hunks
}
