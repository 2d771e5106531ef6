import { describe, expect, it } from 'vitest'

import { type DiffLine, diffLines, foldUnchanged } from '~/lib/text-diff'

/** The lines of each side as the comparison tells them: kept and removed lines make the older text, kept and added the newer. */
function sides(lines: DiffLine[]) {
  return {
    before: lines.filter((line) => line.kind !== 'added').map((line) => line.text),
    after: lines.filter((line) => line.kind !== 'removed').map((line) => line.text),
  }
}

/** An empty text has no lines at all, not one empty line. */
const linesOf = (lines: string[]) => (lines.join('\n') === '' ? [] : lines)

/** The most lines two versions can share in order, counted the slow, plain way. */
function mostSharedLines(a: string[], b: string[]): number {
  const memo = new Map<string, number>()
  const count = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0
    const key = `${i},${j}`
    let found = memo.get(key)
    if (found === undefined) {
      found = a[i] === b[j] ? count(i + 1, j + 1) + 1 : Math.max(count(i + 1, j), count(i, j + 1))
      memo.set(key, found)
    }
    return found
  }
  return count(0, 0)
}

/** Short versions of a post made of a few recurring lines, the same every run. */
function versions(howMany: number): string[][] {
  const words = ['Hours', 'Deals', 'Flower', '']
  let state = 7
  // The high bits of a linear congruential sequence; its low bits repeat in short cycles.
  const next = (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return Math.floor((state / 2147483648) * below)
  }
  return Array.from({ length: howMany }, () => Array.from({ length: next(7) }, () => words[next(words.length)]!))
}

describe('comparing two versions of a post', () => {
  const oneLineChanged: DiffLine[] = [
    { kind: 'same', text: 'Intro' },
    { kind: 'removed', text: 'Old line' },
    { kind: 'added', text: 'New line' },
    { kind: 'same', text: 'Outro' },
  ]

  it('keeps shared lines and marks what is only in one of them', () => {
    expect(diffLines('Intro\nOld line\nOutro', 'Intro\nNew line\nOutro')).toEqual(oneLineChanged)
  })

  it('compares a version kept with CR LF line breaks line by line with one saved with single ones', () => {
    expect(diffLines('Intro\r\nOld line\r\nOutro', 'Intro\nNew line\nOutro')).toEqual(oneLineChanged)
    expect(diffLines('Same\r\nlines', 'Same\nlines').every((line) => line.kind === 'same')).toBe(true)
  })

  it('finds moved-around paragraphs by their longest shared run', () => {
    const lines = diffLines('a\nb\nc\nd', 'b\nc\nd\na')
    expect(lines.filter((line) => line.kind === 'same').map((line) => line.text)).toEqual(['b', 'c', 'd'])
    expect(lines.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'a' },
      { kind: 'added', text: 'a' },
    ])
  })

  it('handles empty texts on either side', () => {
    expect(diffLines('', 'one\ntwo')).toEqual([
      { kind: 'added', text: 'one' },
      { kind: 'added', text: 'two' },
    ])
    expect(diffLines('one', '')).toEqual([{ kind: 'removed', text: 'one' }])
    expect(diffLines('same', 'same')).toEqual([{ kind: 'same', text: 'same' }])
  })

  it('folds long unchanged runs, keeping two lines around each change', () => {
    const before = Array.from({ length: 20 }, (_, n) => `line ${n}`).join('\n')
    const after = before.replace('line 10', 'line ten')
    const hunks = foldUnchanged(diffLines(before, after))
    expect(hunks[0]).toEqual({ kind: 'folded', count: 8 })
    expect(hunks[1]).toMatchObject({ kind: 'lines' })
    expect(hunks[1]!.kind === 'lines' && hunks[1]!.lines.map((line) => line.text)).toEqual([
      'line 8',
      'line 9',
      'line 10',
      'line ten',
      'line 11',
      'line 12',
    ])
    expect(hunks[2]).toEqual({ kind: 'folded', count: 7 })
  })

  it('tells both versions back whole and keeps as many lines as they share, for any pair of short versions', () => {
    const all = versions(80)
    for (const a of all.slice(0, 40)) {
      for (const b of all.slice(40)) {
        const lines = diffLines(a.join('\n'), b.join('\n'))
        expect(sides(lines)).toEqual({ before: linesOf(a), after: linesOf(b) })
        expect(lines.filter((line) => line.kind === 'same')).toHaveLength(mostSharedLines(linesOf(a), linesOf(b)))
      }
    }
  })

  it('shows an inserted line as added between the lines it went between', () => {
    expect(diffLines('Open 9 AM\nClosed Sunday', 'Open 9 AM\nDeals Friday\nClosed Sunday')).toEqual([
      { kind: 'same', text: 'Open 9 AM' },
      { kind: 'added', text: 'Deals Friday' },
      { kind: 'same', text: 'Closed Sunday' },
    ])
    expect(diffLines('a\nb\nc', 'x\na\nc\ny')).toEqual([
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'y' },
    ])
  })

  it.each([100, 2_400])('finds the one line an owner fixed in a very long post (line %i of 2,500)', (fixed) => {
    // Compared whole, 2,500 lines on each side are more line pairs than the
    // comparison allows itself; setting aside the shared start and the shared
    // end first keeps the answer to the one line, wherever it is.
    const before = Array.from({ length: 2_500 }, (_, n) => `Paragraph ${n}`)
    const after = before.map((line, n) => (n === fixed ? `Paragraph ${n}, typo fixed` : line))
    const changed = diffLines(before.join('\n'), after.join('\n')).filter((line) => line.kind !== 'same')
    expect(changed).toEqual([
      { kind: 'removed', text: `Paragraph ${fixed}` },
      { kind: 'added', text: `Paragraph ${fixed}, typo fixed` },
    ])
  })

  it('shows a rewrite too long to compare line by line as the old text removed and the new one added', () => {
    // Over 4 million line pairs in the changed middle: the history page shows
    // it as replaced rather than building a table that large.
    const before = Array.from({ length: 2_100 }, (_, n) => (n === 1_000 ? 'Shared line' : `Old ${n}`))
    const after = Array.from({ length: 2_100 }, (_, n) => (n === 50 ? 'Shared line' : `New ${n}`))
    const lines = diffLines(before.join('\n'), after.join('\n'))
    expect(lines.filter((line) => line.kind === 'same')).toEqual([])
    expect(sides(lines)).toEqual({ before, after })
    expect(lines.findIndex((line) => line.kind === 'added')).toBe(2_100)
    // Exactly 4 million pairs (2,000 changed lines on each side) are still compared line by line.
    const shorter = diffLines(before.slice(0, 2_000).join('\n'), after.slice(0, 2_000).join('\n'))
    expect(shorter.filter((line) => line.kind === 'same')).toEqual([{ kind: 'same', text: 'Shared line' }])
  })

  it('keeps a change on the last line in view, with nothing folded after it', () => {
    const before = Array.from({ length: 10 }, (_, n) => `line ${n}`).join('\n')
    const hunks = foldUnchanged(diffLines(before, before.replace('line 9', 'line nine')))
    expect(hunks).toEqual([
      { kind: 'folded', count: 7 },
      {
        kind: 'lines',
        lines: [
          { kind: 'same', text: 'line 7' },
          { kind: 'same', text: 'line 8' },
          { kind: 'removed', text: 'line 9' },
          { kind: 'added', text: 'line nine' },
        ],
      },
    ])
  })
})
