import { describe, expect, it } from 'vitest'

import {
  currentMonthName,
  formatLongDate,
  formatShortDate,
  isoToStoreLocal,
  nextStoreMidnight,
  STORE_TIME_ZONE,
  storeDaysUntil,
  storeLocalToIso,
  todayInStore,
} from '~/lib/time'

import { expectReadings } from '../support/readings'

// America/Chicago: CST is UTC-6, CDT is UTC-5. In 2026 clocks spring forward on
// Sunday March 8 at 02:00 and fall back on Sunday November 1 at 02:00.

describe('the store time zone', () => {
  it('is America/Chicago', () => {
    expect(STORE_TIME_ZONE).toBe('America/Chicago')
  })
})

describe('formatLongDate', () => {
  it('shows the Chicago date, not the UTC date, near midnight UTC', () => {
    // 03:00 UTC on the 23rd is 21:00 on the 22nd in Chicago (CST).
    expectReadings(formatLongDate, {
      '2026-11-23T03:00:00.000Z': 'November 22, 2026',
      '2026-11-23T05:59:59.999Z': 'November 22, 2026',
      '2026-11-23T06:00:00.000Z': 'November 23, 2026',
    })
    // Summer (CDT, UTC-5).
    expectReadings(formatLongDate, {
      '2026-07-04T04:59:00.000Z': 'July 3, 2026',
      '2026-07-04T05:00:00.000Z': 'July 4, 2026',
    })
  })

  it('takes a Date as well as a string', () => {
    expect(formatLongDate(new Date('2026-01-01T12:00:00Z'))).toBe('January 1, 2026')
  })

  it('gives an empty string for an unreadable date', () => {
    expect(formatLongDate('not a date')).toBe('')
    expect(formatLongDate(new Date(Number.NaN))).toBe('')
  })
})

describe('todayInStore', () => {
  it('is the Chicago calendar date as YYYY-MM-DD', () => {
    expect(todayInStore(new Date('2026-11-23T05:59:00.000Z'))).toBe('2026-11-22')
    expect(todayInStore(new Date('2026-11-23T06:00:00.000Z'))).toBe('2026-11-23')
    expect(todayInStore(new Date('2026-07-04T04:59:59.000Z'))).toBe('2026-07-03')
    expect(todayInStore(new Date('2026-07-04T05:00:00.000Z'))).toBe('2026-07-04')
    expect(todayInStore(new Date('2027-01-01T05:59:00.000Z'))).toBe('2026-12-31')
  })

  it('defaults to now', () => {
    expect(todayInStore()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('currentMonthName', () => {
  it('is the store month', () => {
    expect(currentMonthName(new Date('2026-12-01T03:00:00.000Z'))).toBe('November')
    expect(currentMonthName(new Date('2026-12-01T07:00:00.000Z'))).toBe('December')
  })
})

describe('formatShortDate', () => {
  it('formats a calendar date without shifting it across zones', () => {
    expect(formatShortDate('2026-11-22')).toBe('Nov 22, 2026')
    expect(formatShortDate('2026-01-01')).toBe('Jan 1, 2026')
  })

  it('gives an empty string for null or a malformed date', () => {
    expect(formatShortDate(null)).toBe('')
    expect(formatShortDate('11/22/2026')).toBe('')
  })
})

describe('storeLocalToIso and isoToStoreLocal', () => {
  it('convert Chicago wall-clock times in winter and summer', () => {
    expectReadings(storeLocalToIso, {
      '2026-11-22T09:30': '2026-11-22T15:30:00.000Z',
      '2026-07-04T09:30': '2026-07-04T14:30:00.000Z',
      '2026-11-22T23:59': '2026-11-23T05:59:00.000Z',
      '2026-11-22T00:00': '2026-11-22T06:00:00.000Z',
    })
    expectReadings(isoToStoreLocal, {
      '2026-11-22T15:30:00.000Z': '2026-11-22T09:30',
      '2026-07-04T14:30:00.000Z': '2026-07-04T09:30',
      '2026-11-23T05:59:00.000Z': '2026-11-22T23:59',
    })
  })

  it('round-trip every half hour across both DST changes', () => {
    for (const day of ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const local = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
        if (day === '2026-03-08' && local.slice(11, 13) === '02') continue // does not exist that day
        const iso = storeLocalToIso(local)
        expect(iso, local).not.toBeNull()
        expect(isoToStoreLocal(iso), local).toBe(local)
      }
    }
  })

  it('round-trip instants every 15 minutes across both DST changes', () => {
    for (const start of ['2026-03-08T00:00:00.000Z', '2026-11-01T00:00:00.000Z']) {
      for (let i = 0; i < 4 * 24; i++) {
        const iso = new Date(new Date(start).getTime() + i * 15 * 60000).toISOString()
        const local = isoToStoreLocal(iso)
        const back = storeLocalToIso(local)
        // 01:00–01:59 on November 1 happens twice; the first (CDT) reading is chosen.
        const repeated = iso >= '2026-11-01T07:00:00.000Z' && iso < '2026-11-01T08:00:00.000Z'
        expect(back, iso).toBe(repeated ? new Date(new Date(iso).getTime() - 3600000).toISOString() : iso)
      }
    }
  })

  it('moves a time in the skipped spring hour forward', () => {
    // 02:30 on March 8 2026 does not exist in Chicago; it is read as 03:30 CDT.
    expectReadings(storeLocalToIso, {
      '2026-03-08T02:30': '2026-03-08T08:30:00.000Z',
      '2026-03-08T01:59': '2026-03-08T07:59:00.000Z',
      '2026-03-08T03:00': '2026-03-08T08:00:00.000Z',
    })
  })

  it('reads the repeated autumn hour as its first occurrence (CDT)', () => {
    expectReadings(storeLocalToIso, {
      '2026-11-01T01:30': '2026-11-01T06:30:00.000Z',
      '2026-11-01T02:30': '2026-11-01T08:30:00.000Z',
    })
    expectReadings(isoToStoreLocal, {
      '2026-11-01T06:30:00.000Z': '2026-11-01T01:30',
      '2026-11-01T07:30:00.000Z': '2026-11-01T01:30',
    })
  })

  it('refuse malformed or impossible input', () => {
    for (const bad of [
      '',
      '2026-11-22',
      '2026-11-22 09:30',
      '2026-11-22T9:30',
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-11-22T24:00',
      '2026-11-22T10:60',
    ]) {
      expect(storeLocalToIso(bad), bad).toBeNull()
    }
    expect(isoToStoreLocal(null)).toBe('')
    expect(isoToStoreLocal('')).toBe('')
    expect(isoToStoreLocal('garbage')).toBe('')
  })
})

describe('nextStoreMidnight', () => {
  it('is the coming midnight in Norman, across a month turn and both clock changes', () => {
    // 11:59 PM on Nov 30 in Chicago (CST, UTC-6) → midnight of Dec 1.
    expect(nextStoreMidnight(new Date('2026-12-01T05:59:00Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z')
    // Just after midnight: the next one is a day away.
    expect(nextStoreMidnight(new Date('2026-12-01T06:00:00Z')).toISOString()).toBe('2026-12-02T06:00:00.000Z')
    // The day clocks spring forward (Mar 8, 2026) is 23 hours long; midnight after it is CDT (UTC-5).
    expect(nextStoreMidnight(new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-09T05:00:00.000Z')
    // The day clocks fall back (Nov 1, 2026) is 25 hours long.
    expect(nextStoreMidnight(new Date('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T06:00:00.000Z')
  })
})

describe('days until a moment, in the store’s calendar', () => {
  it('story: on Wednesday at 9 AM in Norman, what the Trash removes on Thursday at 11 PM goes tomorrow, not in 2 days', () => {
    const wednesday9am = new Date('2026-12-02T15:00:00Z')
    const thursday11pm = new Date('2026-12-04T05:00:00Z')
    expect(storeDaysUntil(thursday11pm, wednesday9am)).toBe(1)
  })

  it('is 0 within the same day in Norman, even across UTC’s midnight, and counts across a change of clocks', () => {
    // 5 PM and 11 PM on 30 November in Norman: UTC has already turned to 1 December.
    expect(storeDaysUntil(new Date('2026-12-01T05:00:00Z'), new Date('2026-11-30T23:00:00Z'))).toBe(0)
    // From 31 October to 2 November 2026, across the fall-back Sunday.
    expect(storeDaysUntil(new Date('2026-11-02T18:00:00Z'), new Date('2026-10-31T17:00:00Z'))).toBe(2)
    // From 7 to 9 March 2027, across the spring-forward Sunday.
    expect(storeDaysUntil(new Date('2027-03-09T06:30:00Z'), new Date('2027-03-07T07:00:00Z'))).toBe(2)
  })
})
