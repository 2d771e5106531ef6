import { describe, expect, it } from 'vitest'

import { formatStoreMoment, publishOutcome, saveButtonLabel, visibilitySentence } from '~/lib/publish-label'

// Noon in Norman on 22 November 2026.
const now = new Date('2026-11-22T18:00:00Z')

describe('the post save button and toast', () => {
  it('name what saving will do', () => {
    expect(saveButtonLabel(publishOutcome('draft', '2026-12-03T09:00', now), false)).toBe('Save draft')
    expect(saveButtonLabel(publishOutcome('published', undefined, now), false)).toBe('Publish')
    expect(saveButtonLabel(publishOutcome('published', '2026-11-01T09:00', now), true)).toBe('Update')
    expect(saveButtonLabel(publishOutcome('published', '2026-12-03T09:00', now), false)).toBe(
      'Schedule for Dec 3, 9:00 AM',
    )
    expect(saveButtonLabel(publishOutcome('published', '2027-01-05T21:30', now), false)).toBe(
      'Schedule for Jan 5, 2027, 9:30 PM',
    )
    expect(saveButtonLabel(publishOutcome('scheduled', '2026-12-03T09:00', now), false)).toBe('Save as scheduled')
  })

  it('say whether the post is public', () => {
    expect(visibilitySentence(publishOutcome('draft', undefined, now), 'x')).toBe('It is a draft and not public.')
    expect(visibilitySentence(publishOutcome('published', '', now), 'hello')).toBe('It is public at /blog/hello.')
    expect(visibilitySentence(publishOutcome('published', '2026-12-03T00:15', now), 'x')).toBe(
      'It is not public yet: it goes live on Dec 3, 12:15 AM (Central Time).',
    )
    expect(visibilitySentence(publishOutcome('scheduled', undefined, now), 'x')).toBe(
      'It is marked scheduled and not public; choose Published with a later date to publish it then.',
    )
  })

  it('count a post dated this very minute as public now', () => {
    expect(publishOutcome('published', '2026-11-22T12:00', now)).toEqual({ kind: 'public' })
  })

  it('show a moment they cannot read as it was given', () => {
    for (const local of ['soon', 'on 2026-12-03T09:00', '2026-12-03T09:00 or so']) {
      expect(formatStoreMoment(local, now)).toBe(local)
    }
  })

  it('read the clock in the store time zone', () => {
    // 11:59 AM in Norman is still before noon: a moment one minute ago is public.
    expect(publishOutcome('published', '2026-11-22T11:59', now).kind).toBe('public')
    expect(publishOutcome('published', '2026-11-22T12:01', now).kind).toBe('later')
    expect(formatStoreMoment('2026-11-22T12:01', now)).toBe('Nov 22, 12:01 PM')
  })
})
