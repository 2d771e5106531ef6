import { describe, expect, it } from 'vitest'

import { diffLines, foldUnchanged } from '~/lib/text-diff'

describe('comparing two versions of a post', () => {
  it('keeps shared lines and marks what is only in one of them', () => {
    expect(diffLines('Intro\nOld line\nOutro', 'Intro\nNew line\nOutro')).toEqual([
      { kind: 'same', text: 'Intro' },
      { kind: 'removed', text: 'Old line' },
      { kind: 'added', text: 'New line' },
      { kind: 'same', text: 'Outro' },
    ])
  })

  it('compares a version kept with CR LF line breaks line by line with one saved with single ones', () => {
    expect(diffLines('Intro\r\nOld line\r\nOutro', 'Intro\nNew line\nOutro')).toEqual([
      { kind: 'same', text: 'Intro' },
      { kind: 'removed', text: 'Old line' },
      { kind: 'added', text: 'New line' },
      { kind: 'same', text: 'Outro' },
    ])
    expect(diffLines('Intro\r\nOld line\r\nOutro', 'Intro\nNew line\nOutro')).toEqual(
      diffLines('Intro\nOld line\nOutro', 'Intro\nNew line\nOutro'),
    )
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
})
