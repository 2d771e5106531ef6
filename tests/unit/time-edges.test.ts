import { describe, expect, it } from 'vitest'

import { formatShortDate, isoToStoreLocal, storeLocalToIso } from '~/lib/time'

describe('a calendar date with anything around it', () => {
  it('is not a date to show', () => {
    for (const text of ['2026-11-22 and more', '2026-11-22T10:00', 'on 2026-11-22', '']) {
      expect(formatShortDate(text), text).toBe('')
    }
  })

  it('is not a wall-clock time to store', () => {
    for (const text of ['2026-07-10T09:00x', '2026-07-10T09:00:30', ' 2026-07-10T09:00']) {
      expect(storeLocalToIso(text), text).toBeNull()
    }
    expect(storeLocalToIso('2026-07-10T09:00')).toBe('2026-07-10T14:00:00.000Z')
  })
})

describe('a stored instant shown in the editor', () => {
  it('is empty when there is none or it cannot be read', () => {
    for (const stored of [null, '', 'not a date']) {
      expect(isoToStoreLocal(stored), String(stored)).toBe('')
    }
  })
})
