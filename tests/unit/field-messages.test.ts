import { describe, expect, it } from 'vitest'

import { LoginSchema } from '~/schemas/auth'
import { PostSchema } from '~/schemas/post'
import { AccountActionSchema, PolicySchema, SessionActionSchema } from '~/schemas/staff'
import { fieldLabel, z } from '~/schemas/z'

/**
 * The sentence a person reads when a form schema gave no words of its own for
 * a problem: it names the field (by its label, or its name in words) and says
 * what the field needs.
 */
const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message)

describe('field names in messages', () => {
  it('use the label of the last named part of the path', () => {
    expect(fieldLabel(['stores', 'Lindsey', 'postal_code'])).toBe('ZIP code')
    expect(fieldLabel(['stores', 'BlueWater'])).toBe('Blue Water store')
    expect(fieldLabel(['category_ids', 0])).toBe('Categories')
    expect(fieldLabel(['confirmPassword'])).toBe('Password confirmation')
  })

  it('write an unlisted name in words, starting with a capital', () => {
    expect(fieldLabel(['some_new_field'])).toBe('Some new field')
    expect(fieldLabel(['x'])).toBe('X')
  })

  it('call a problem of the whole form "This form"', () => {
    expect(fieldLabel([])).toBe('This form')
    expect(fieldLabel([0, 1])).toBe('This form')
  })
})

describe('messages no schema gave words for', () => {
  it('say a missing, empty or null field is required', () => {
    const schema = z.object({ start_date: z.string(), review_count: z.number(), closed: z.boolean() })
    expect(messagesOf(schema.safeParse({ review_count: null, closed: '' }))).toEqual([
      'Start date is required',
      'Number of reviews is required',
      'Closed is required',
    ])
  })

  it('say what kind of value a field needs', () => {
    expect(messagesOf(PostSchema.safeParse({ title: 'Post', category_ids: 'edibles' }))).toEqual([
      'Categories must be a list of choices',
    ])
    expect(messagesOf(PostSchema.safeParse({ title: 'Post', tag_ids: ['one'] }))).toEqual(['Tags must be a number'])
    expect(messagesOf(PostSchema.safeParse({ title: 'Post', tag_ids: ['1.5'] }))).toEqual([
      'Tags must be a whole number',
    ])
    const kinds = z.object({
      closed: z.boolean(),
      hours: z.object({ opens: z.string() }),
      end_date: z.date(),
      brand_name: z.string(),
      stores: z.bigint(),
    })
    expect(
      messagesOf(kinds.safeParse({ closed: 'yes', hours: 'all day', end_date: 'soon', brand_name: 5, stores: 'x' })),
    ).toEqual([
      'Closed must be checked or unchecked',
      'Opening hours must be filled in as a group of fields',
      'End date must be a date',
      'Brand name must be text',
      'Stores must be filled in',
    ])
  })

  it('say a value is too small, too large, not an option, or not in the expected format', () => {
    expect(messagesOf(PostSchema.safeParse({ title: 'Post', category_ids: ['-1'] }))).toEqual([
      'Categories is too short or too small',
    ])
    expect(
      messagesOf(
        LoginSchema.safeParse({ email: 'a@b.example', password: 'secret', redirectTo: `/${'a'.repeat(2000)}` }),
      ),
    ).toEqual(['Return address is too long or too large'])
    expect(messagesOf(AccountActionSchema.safeParse({ intent: 'promote', id: '3' }))).toEqual([
      'Intent: choose one of the options offered',
    ])
    expect(messagesOf(PolicySchema.safeParse({ intent: 'policy', require_second_factor: 'yes' }))).toEqual([
      'Require second factor: choose one of the options offered',
    ])
    expect(messagesOf(SessionActionSchema.safeParse({ intent: 'end-session', session: 'not-a-key' }))).toEqual([
      'Session is not in the expected format',
    ])
  })

  it('say a value must be a whole step, or just needs a different value', () => {
    expect(messagesOf(z.object({ sort_order: z.number().multipleOf(5) }).safeParse({ sort_order: 7 }))).toEqual([
      'Sort order must be a whole step of the allowed values',
    ])
    expect(messagesOf(z.strictObject({ title: z.string() }).safeParse({ title: 'x', extra: 1 }))).toEqual([
      'This form needs a different value',
    ])
    expect(messagesOf(z.object({ end_date: z.string().refine(() => false) }).safeParse({ end_date: 'x' }))).toEqual([
      'End date needs a different value',
    ])
  })
})
