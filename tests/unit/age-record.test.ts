import { createCookie } from 'react-router'
import { describe, expect, it } from 'vitest'

import { isAgeConfirmed } from '~/http/age-gate.server'
import {
  AGE_RECORD_MAX_AGE_MS,
  isAgeRecordValid,
  isStoredAgeRecordValid,
  parseAgeRecord,
  serializeAgeRecord,
} from '~/lib/age-record'

const NOW = Date.UTC(2026, 10, 22, 18, 0, 0)
const DAY = 24 * 60 * 60 * 1000

describe('parseAgeRecord', () => {
  it('reads the record the gate writes', () => {
    expect(parseAgeRecord(serializeAgeRecord(NOW))).toEqual({ timestamp: NOW })
    expect(parseAgeRecord(JSON.stringify({ timestamp: NOW }))).toEqual({ timestamp: NOW })
  })

  it.each([
    ['missing', null],
    ['empty', ''],
    ['not JSON', 'yes'],
    ['truncated JSON', '{"timestamp":'],
    ['a bare number', String(NOW)],
    ['null', 'null'],
    ['an array', `[${NOW}]`],
    ['no timestamp', '{"ts":1}'],
    ['a string timestamp', `{"timestamp":"${NOW}"}`],
    ['a negative timestamp', '{"timestamp":-5}'],
    ['zero', '{"timestamp":0}'],
  ])('treats %s as unreadable', (_label, raw) => {
    expect(parseAgeRecord(raw)).toBeNull()
    expect(isStoredAgeRecordValid(raw, NOW)).toBe(false)
  })
})

describe('isAgeRecordValid', () => {
  it('accepts a record made just now or up to 30 days ago', () => {
    expect(isAgeRecordValid({ timestamp: NOW }, NOW)).toBe(true)
    expect(isAgeRecordValid({ timestamp: NOW - 29 * DAY }, NOW)).toBe(true)
    expect(isAgeRecordValid({ timestamp: NOW - AGE_RECORD_MAX_AGE_MS + 1 }, NOW)).toBe(true)
  })

  it('rejects a record 30 days old or older', () => {
    expect(isAgeRecordValid({ timestamp: NOW - AGE_RECORD_MAX_AGE_MS }, NOW)).toBe(false)
    expect(isAgeRecordValid({ timestamp: NOW - 31 * DAY }, NOW)).toBe(false)
  })

  it('rejects a record dated well in the future but tolerates small clock skew', () => {
    expect(isAgeRecordValid({ timestamp: NOW + 60_000 }, NOW)).toBe(true)
    expect(isAgeRecordValid({ timestamp: NOW + 2 * DAY }, NOW)).toBe(false)
  })

  it('rejects no record', () => {
    expect(isAgeRecordValid(null, NOW)).toBe(false)
  })
})

describe('the age confirmation cookie', () => {
  it('counts only the value the gate sets, as the cookie library writes it', async () => {
    const set = (await createCookie('age_verified').serialize('1')).split(';')[0]
    expect(isAgeConfirmed(set)).toBe(true)
    expect(isAgeConfirmed(`theme=dark; ${set}`)).toBe(true)
    expect(isAgeConfirmed('age_verified=%49%6aEi')).toBe(true)
    for (const other of [
      'age_verified=IjEi!',
      'age_verified=IjAi',
      'age_verified=',
      'x_age_verified=IjEi',
      'age_verified=%E0%A4%A',
    ]) {
      expect(isAgeConfirmed(other), other).toBe(false)
    }
    expect(isAgeConfirmed(undefined)).toBe(false)
  })
})
