import { describe, expect, it } from 'vitest'

import { formatShortDate, isoToStoreLocal, storeLocalToIso } from '~/lib/time'

describe('a calendar date with anything around it', () => {
  it('is not a date to show', () => {
    expect(formatShortDate('2026-11-22 and more')).toBe('')
    expect(formatShortDate('2026-11-22T10:00')).toBe('')
    expect(formatShortDate('on 2026-11-22')).toBe('')
    expect(formatShortDate('')).toBe('')
  })

  it('is not a wall-clock time to store', () => {
    expect(storeLocalToIso('2026-07-10T09:00x')).toBeNull()
    expect(storeLocalToIso('2026-07-10T09:00:30')).toBeNull()
    expect(storeLocalToIso(' 2026-07-10T09:00')).toBeNull()
    expect(storeLocalToIso('2026-07-10T09:00')).toBe('2026-07-10T14:00:00.000Z')
  })
})

describe('a stored instant shown in the editor', () => {
  it('is empty when there is none or it cannot be read', () => {
    expect(isoToStoreLocal(null)).toBe('')
    expect(isoToStoreLocal('')).toBe('')
    expect(isoToStoreLocal('not a date')).toBe('')
  })
})
