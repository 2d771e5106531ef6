import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { BrandSchema } from '~/schemas/brand'
import { ContactSchema, topicLabel } from '~/schemas/contact'
import { DealSchema } from '~/schemas/deal'
import { PostSchema } from '~/schemas/post'

const VALID = {
  name: 'Jordan Example',
  email: 'jordan@example.com',
  phone: '(405) 555-0100',
  topic: 'general',
  message: 'Do you carry glass pipes and papers?',
}

function errorsWith(changes: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries({ ...VALID, ...changes })) data.set(key, value)
  const submission = parseWithZod(data, { schema: ContactSchema })
  return submission.status === 'success' ? {} : (submission.error ?? {})
}

describe('contact form: single-line fields', () => {
  it('accepts an ordinary message with line breaks and tabs in the message', () => {
    expect(errorsWith({ message: 'Hello,\r\n\tdo you carry glass?\nThanks' })).toEqual({})
  })

  it.each([
    ['CR LF', 'Jordan\r\nTopic: career'],
    ['LF', 'Jordan\nSent: yesterday'],
    ['CR', 'Jordan\rX'],
    ['tab', 'Jordan\tExample'],
    ['NUL', 'Jordan\u0000'],
    ['escape', 'Jordan\u001b[2J'],
    ['next line (NEL)', 'Jordan\u0085Example'],
    ['line separator', 'Jordan\u2028Example'],
  ])('the name refuses %s', (_name, value) => {
    expect(errorsWith({ name: value }).name).toEqual(['Name must be one line of plain text'])
  })

  it('the phone and email refuse line breaks', () => {
    expect(errorsWith({ phone: '555\r\n0100' }).phone).toEqual(['Phone must be one line of plain text'])
    expect(errorsWith({ email: 'a@example.com\r\nBcc: b@example.com' }).email).toEqual(['Invalid email address'])
  })

  it('the message keeps line breaks but refuses other control characters', () => {
    expect(errorsWith({ message: 'Hello there\u0000, any deals?' }).message).toEqual([
      'Message must be plain text (line breaks are fine)',
    ])
  })
})

describe('staff forms: single-line fields', () => {
  function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], values: Record<string, string>) {
    const data = new FormData()
    for (const [key, value] of Object.entries(values)) data.set(key, value)
    const submission = parseWithZod(data, { schema })
    return submission.status === 'success' ? {} : (submission.error ?? {})
  }

  it('brand names, deal titles, post titles, authors and meta titles refuse line breaks', () => {
    expect(errorsOf(BrandSchema, { name: 'Prairie\nGold', logo_url: '/brands/x.svg' }).name).toEqual([
      'Name must be one line of plain text',
    ])
    expect(errorsOf(DealSchema, { title: 'Half off\r\nall day' }).title).toEqual([
      'Title must be one line of plain text',
    ])
    const post = errorsOf(PostSchema, { title: 'A\nB', author: 'Team\u0000', meta_title: 'M\rT' })
    expect(post.title).toEqual(['Title must be one line of plain text'])
    expect(post.author).toEqual(['Author must be one line of plain text'])
    expect(post.meta_title).toEqual(['Meta title must be one line of plain text'])
    // Longer text keeps its line breaks.
    expect(errorsOf(DealSchema, { title: 'Deal', description: 'Line one\nLine two' })).toEqual({})
  })
})

describe('contact form: the optional phone and the topics', () => {
  function valueWith(changes: Record<string, string>, without: string[] = []) {
    const data = new FormData()
    for (const [key, value] of Object.entries({ ...VALID, ...changes }))
      if (!without.includes(key)) data.set(key, value)
    const submission = parseWithZod(data, { schema: ContactSchema })
    return submission.status === 'success' ? submission.value : null
  }

  it('keeps the phone given, trimmed, and reads a missing one as empty', () => {
    expect(valueWith({ phone: ' (405) 555-0100 ' })?.phone).toBe('(405) 555-0100')
    expect(valueWith({}, ['phone'])?.phone).toBe('')
  })

  it('names each topic in words, and shows an unknown stored value as it is', () => {
    expect(topicLabel('career')).toBe('Career Opportunity')
    expect(topicLabel('product-suggestion')).toBe('Product Suggestion')
    expect(topicLabel('old-topic')).toBe('old-topic')
  })
})

describe('contact form: the email field', () => {
  it('says the email is required when it is left empty or holds only spaces', () => {
    expect(errorsWith({ email: '' }).email).toEqual(['Email is required'])
    expect(errorsWith({ email: '   ' }).email).toEqual(['Email is required'])
  })

  it('says the address is invalid when something that is not an address is typed', () => {
    expect(errorsWith({ email: 'jordan at example' }).email).toEqual(['Invalid email address'])
  })
})
