import { describe, expect, it } from 'vitest'

import { hasFormShape, MAX_FORM_FIELDS, MAX_LIST_POSITION, withSingleLineBreaks } from '~/lib/form-shape'

/** The shape of a posted form a page of the site could send: a bounded number of fields, short list positions. */
function form(entries: [string, string][]): FormData {
  const formData = new FormData()
  for (const [name, value] of entries) formData.append(name, value)
  return formData
}

describe('a posted form', () => {
  it("of the site's own kind has its shape: the contact form, a bulk status change, a list field", () => {
    expect(
      hasFormShape(
        form([
          ['name', 'Pat'],
          ['email', 'pat@example.com'],
          ['message', 'Hello'],
          ['website', ''],
        ]),
      ),
    ).toBe(true)
    expect(
      hasFormShape(
        form([
          ...Array.from({ length: 50 }, (_, i) => ['ids', String(i + 1)] as [string, string]),
          ['status', 'closed'],
        ]),
      ),
    ).toBe(true)
    expect(
      hasFormShape(
        form([
          ['tags[0]', 'edibles'],
          [`tags[${MAX_LIST_POSITION}]`, 'flower'],
          ['a.b[3].c', 'x'],
        ]),
      ),
    ).toBe(true)
    expect(hasFormShape(new FormData())).toBe(true)
  })

  it('with a list position past the bound has not, wherever the position stands in the name', () => {
    for (const name of [
      `x[${MAX_LIST_POSITION + 1}]`,
      'x[150000000]',
      'a.b[3].c[4294967294]',
      'x[000000000000000150]',
      'x[99999999999999999999]',
    ]) {
      expect(
        hasFormShape(
          form([
            ['name', 'Pat'],
            [name, 'a'],
          ]),
        ),
        name,
      ).toBe(false)
    }
  })

  it('with more fields than the bound has not, repeats of one name included', () => {
    const repeats = (count: number) => form(Array.from({ length: count }, () => ['x', ''] as [string, string]))
    expect(hasFormShape(repeats(MAX_FORM_FIELDS))).toBe(true)
    expect(hasFormShape(repeats(MAX_FORM_FIELDS + 1))).toBe(false)
    expect(hasFormShape(repeats(32_000))).toBe(false)
  })

  it('counts only digits in brackets as a position', () => {
    expect(
      hasFormShape(
        form([
          ['x[abc]', '1'],
          ['x[]', '2'],
          ['x[1e9]', '3'],
          ['x[-5]', '4'],
        ]),
      ),
    ).toBe(true)
  })

  it("naming one of the form library's own fields has not: no page of the site sends them", () => {
    for (const name of ['__intent__', '__state__']) {
      expect(
        hasFormShape(
          form([
            ['name', 'Pat'],
            [name, '{"type":"validate","payload":{}}'],
          ]),
        ),
        name,
      ).toBe(false)
    }
    expect(hasFormShape(form([['intent', 'publish-now']])), 'the site’s own intent field').toBe(true)
  })
})

describe('the line breaks of a posted form', () => {
  it('come as one character each, as the page counted them; files and repeated names are kept', () => {
    const file = new File(['a\r\nb'], 'note.txt')
    const formData = form([
      ['note', 'first\r\nsecond\rthird\nfourth'],
      ['ids', '1'],
      ['ids', '2'],
    ])
    formData.append('attachment', file)
    const normalized = withSingleLineBreaks(formData)
    expect(normalized.get('note')).toBe('first\nsecond\nthird\nfourth')
    expect(normalized.getAll('ids')).toEqual(['1', '2'])
    expect(normalized.get('attachment')).toBeInstanceOf(File)
    expect((normalized.get('attachment') as File).name).toBe('note.txt')
  })

  it('leave a form without carriage returns as it is', () => {
    const formData = form([['note', 'one\ntwo']])
    expect(withSingleLineBreaks(formData)).toBe(formData)
  })
})
