import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { withinFieldLimits } from '~/http/form-data.server'
import { ContactSchema } from '~/schemas/contact'

describe('a refused form', () => {
  it('echoes each field back no longer than the field itself may be', () => {
    const form = new FormData()
    form.set('name', 'N'.repeat(5_000))
    form.set('email', 'not an email')
    form.set('topic', 'general')
    form.set('message', 'M'.repeat(60_000))
    form.set('company', 'x'.repeat(50_000))
    const submission = parseWithZod(form, { schema: ContactSchema })
    const result = withinFieldLimits(submission.reply(), ContactSchema)
    const echoed = result.initialValue as Record<string, string>
    expect(echoed.name).toHaveLength(100)
    expect(echoed.message).toHaveLength(5_000)
    expect(echoed.email).toBe('not an email')
    expect(echoed.company.length).toBeLessThanOrEqual(1_000)
    // The errors themselves are untouched.
    expect(result.error?.email?.length).toBeGreaterThan(0)
  })
})
