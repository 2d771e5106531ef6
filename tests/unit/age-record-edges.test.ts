import { describe, expect, it } from 'vitest'

import { AGE_RECORD_MAX_AGE_MS, isAgeRecordValid, parseAgeRecord } from '~/lib/age-record'

const NOW = Date.UTC(2026, 10, 22, 18)
const MINUTE = 60_000

describe('a stored age record that cannot be read', () => {
  it('is none: not an object, no usable number of milliseconds', () => {
    for (const raw of [
      'null',
      '5',
      '"text"',
      'true',
      '[1]',
      '{}',
      '{"timestamp":"5"}',
      '{"timestamp":1e999}',
      '{"timestamp":0}',
      '{"timestamp":-1}',
    ]) {
      expect(parseAgeRecord(raw), raw).toBeNull()
    }
  })

  it('is read when it holds a positive number', () => {
    expect(parseAgeRecord(`{"timestamp":${NOW},"other":1}`)).toEqual({ timestamp: NOW })
  })
})

describe('an age record dated ahead of this device’s clock', () => {
  it('counts up to five minutes ahead, not from five minutes on', () => {
    expect(isAgeRecordValid({ timestamp: NOW + 5 * MINUTE - 1 }, NOW)).toBe(true)
    expect(isAgeRecordValid({ timestamp: NOW + 5 * MINUTE }, NOW)).toBe(false)
  })

  it('counts for thirty days, not a moment longer', () => {
    expect(isAgeRecordValid({ timestamp: NOW - AGE_RECORD_MAX_AGE_MS + 1 }, NOW)).toBe(true)
    expect(isAgeRecordValid({ timestamp: NOW - AGE_RECORD_MAX_AGE_MS }, NOW)).toBe(false)
  })
})
