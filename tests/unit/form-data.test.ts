import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { UNREADABLE_FORM_MESSAGE } from '~/lib/form-shape'

describe('reading a posted form', () => {
  it('gives its fields', async () => {
    const request = new Request('http://localhost/x', { method: 'POST', body: new URLSearchParams({ a: '1' }) })
    expect((await readFormData(request)).get('a')).toBe('1')
  })

  it('answers 400 with a clear message when the body is not a form', async () => {
    const request = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=nothing-like-it' },
      body: 'this is not multipart',
    })
    const thrown = await readFormData(request).then(
      () => null,
      (error: unknown) => error,
    )
    expect(thrown).toMatchObject({ data: UNREADABLE_FORM_MESSAGE, init: { status: 400 } })
  })
})

describe('the values a refused form echoes back', () => {
  const Schema = z.object({ short: z.string().max(3).optional(), tags: z.array(z.string().max(2)).optional() })

  it('cut a field the schema does not know to 1,000 characters', () => {
    const result = withinFieldLimits({ initialValue: { stray: 'x'.repeat(1_500) } }, Schema)
    expect(result.initialValue.stray).toBe('x'.repeat(1_000))
  })

  it('cut each value of a repeated field, and leave other values alone', () => {
    const result = withinFieldLimits({ initialValue: { short: ['abcdef', 'gh'], count: 5 } }, Schema)
    expect(result.initialValue).toEqual({ short: ['abc', 'gh'], count: 5 })
  })

  it('leave a reply without values as it is', () => {
    const reply = { initialValue: null, status: 'error' as const }
    expect(withinFieldLimits(reply, Schema)).toBe(reply)
  })
})
