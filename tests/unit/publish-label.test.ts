import { describe, expect, it } from 'vitest'

import {
  formatStoreInstant,
  formatStoreMoment,
  publishOutcome,
  saveButtonLabel,
  scheduleHint,
  staffStatus,
  visibilitySentence,
} from '~/lib/publish-label'

// Noon in Norman on 22 November 2026.
const now = new Date('2026-11-22T18:00:00Z')

describe('the post save button and toast', () => {
  it('name what saving will do', () => {
    expect(saveButtonLabel(publishOutcome('draft', '2026-12-03T09:00', now), false)).toBe('Save draft')
    expect(saveButtonLabel(publishOutcome('published', undefined, now), false)).toBe('Publish')
    expect(saveButtonLabel(publishOutcome('published', '2026-11-01T09:00', now), true)).toBe('Update')
    expect(saveButtonLabel(publishOutcome('published', '2026-12-03T09:00', now), false)).toBe(
      'Schedule for Thu Dec 3, 9:00 AM',
    )
    expect(saveButtonLabel(publishOutcome('published', '2027-01-05T21:30', now), false)).toBe(
      'Schedule for Tue Jan 5, 2027, 9:30 PM',
    )
    expect(saveButtonLabel(publishOutcome('scheduled', '2026-12-03T09:00', now), false)).toBe(
      'Schedule for Thu Dec 3, 9:00 AM',
    )
    expect(saveButtonLabel(publishOutcome('scheduled', undefined, now), false)).toBe('Schedule')
  })

  it('say whether the post is public', () => {
    expect(visibilitySentence(publishOutcome('draft', undefined, now), 'x')).toBe('It is a draft and not public.')
    expect(visibilitySentence(publishOutcome('published', '', now), 'hello')).toBe('It is public at /blog/hello.')
    expect(visibilitySentence(publishOutcome('published', '2026-12-03T00:15', now), 'x')).toBe(
      'It is not public yet: it goes live on Thu Dec 3, 12:15 AM (Central Time).',
    )
    expect(visibilitySentence(publishOutcome('scheduled', '2026-12-03T00:15', now), 'x')).toBe(
      'It is not public yet: it goes live on Thu Dec 3, 12:15 AM (Central Time).',
    )
  })

  it('say in plain words when a scheduled post goes live, and refuse a time already gone', () => {
    // Friday 29 November 2030, 9 AM in Norman.
    expect(scheduleHint(publishOutcome('scheduled', '2030-11-29T09:00', now), false)).toBe(
      'Goes live Fri Nov 29, 2030, 9:00 AM (Central Time), by itself.',
    )
    expect(scheduleHint(publishOutcome('scheduled', '2026-11-29T09:00', now), false)).toBe(
      'Goes live Sun Nov 29, 9:00 AM (Central Time), by itself.',
    )
    expect(publishOutcome('scheduled', '2026-11-22T11:59', now)).toEqual({
      kind: 'passed',
      when: 'Sun Nov 22, 11:59 AM',
    })
    expect(scheduleHint(publishOutcome('scheduled', '2026-11-22T11:59', now), false)).toBe(
      'Sun Nov 22, 11:59 AM has already passed. Choose a later time, or publish the post now.',
    )
    expect(scheduleHint(publishOutcome('scheduled', undefined, now), false)).toBe(
      'Choose the date and time the post should go live.',
    )
  })

  it('while the editor was open past the post’s own time: the button updates the post, and the hint says it is public', () => {
    // Scheduled for 11:59 AM, still showing that time at noon.
    const own = publishOutcome('scheduled', '2026-11-22T11:59', now, '2026-11-22T11:59')
    expect(own).toEqual({ kind: 'public' })
    expect(saveButtonLabel(own, true)).toBe('Update')
    expect(scheduleHint(own, true)).toBe('This post is public.')
    // Another time gone by is still one the owner typed: refused, with Publish now.
    expect(publishOutcome('scheduled', '2026-11-22T11:30', now, '2026-11-22T11:59')).toMatchObject({ kind: 'passed' })
  })

  it('call a waiting post scheduled to staff, whatever status it was saved with', () => {
    expect(staffStatus({ status: 'published', published_at: '2026-11-22T18:01:00.000Z' }, now)).toBe('scheduled')
    expect(staffStatus({ status: 'published', published_at: '2026-11-22T18:00:00.000Z' }, now)).toBe('published')
    expect(staffStatus({ status: 'scheduled', published_at: '2026-12-01T00:00:00.000Z' }, now)).toBe('scheduled')
    expect(staffStatus({ status: 'draft', published_at: null }, now)).toBe('draft')
    expect(formatStoreInstant('2026-11-29T15:00:00.000Z', now)).toBe('Nov 29, 9:00 AM')
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
