import { describe, expect, it } from 'vitest'

import { formatClock, formatDayHours, groupHours, openingHoursSpecification, telHref } from '~/lib/store-hours'

import { expectReadings } from '../support/readings'
import { week } from '../support/week-hours'

describe('the hours of a week', () => {
  it('keep apart days that differ only in their opening time', () => {
    const lateSunday = week((d) =>
      d === 'sunday' ? { opens: '11:00', closes: '22:00' } : { opens: '09:00', closes: '22:00' },
    )
    expect(groupHours(lateSunday)).toEqual([
      { days: 'Mon–Sat', hours: '9 AM – 10 PM' },
      { days: 'Sun', hours: '11 AM – 10 PM' },
    ])
  })

  it('keep apart days that differ only in their closing time', () => {
    const earlyMonday = week((d) =>
      d === 'monday' ? { opens: '09:00', closes: '21:00' } : { opens: '09:00', closes: '22:00' },
    )
    expect(groupHours(earlyMonday)).toEqual([
      { days: 'Mon', hours: '9 AM – 9 PM' },
      { days: 'Tue–Sun', hours: '9 AM – 10 PM' },
    ])
  })

  it('group closed days whatever times were left in their fields, and never with an open day', () => {
    const closedWeekend = week((d) =>
      d === 'saturday'
        ? { closed: true, opens: '09:00', closes: '22:00' }
        : d === 'sunday'
          ? { closed: true, opens: '00:00', closes: '00:00' }
          : { opens: '09:00', closes: '22:00' },
    )
    expect(groupHours(closedWeekend)).toEqual([
      { days: 'Mon–Fri', hours: '9 AM – 10 PM' },
      { days: 'Sat–Sun', hours: 'Closed' },
    ])
    const allClosed = week(() => ({ closed: true, opens: '09:00', closes: '22:00' }))
    expect(groupHours(allClosed)).toEqual([{ days: 'Daily', hours: 'Closed' }])
  })

  it('start with Sunday when Saturday differs from it', () => {
    const week1 = week((d) =>
      d === 'saturday' ? { opens: '10:00', closes: '22:00' } : { opens: '09:00', closes: '22:00' },
    )
    expect(groupHours(week1).map((g) => g.days)).toEqual(['Sun–Fri', 'Sat'])
  })
})

describe('a time of day', () => {
  it('reads noon, midnight and the minutes around them', () => {
    expectReadings(formatClock, { '00:30': '12:30 AM', '11:59': '11:59 AM', '12:30': '12:30 PM', '13:05': '1:05 PM' })
    expectReadings(formatClock, { '23:00': '11 PM', '24:00': '12 AM', '9:00': '9 AM' })
  })

  it('is shown as given when it is not a time', () => {
    for (const text of ['late', '09:00 sharp', 'at 09:00', '0900']) expect(formatClock(text), text).toBe(text)
  })

  it('makes a day’s hours, or Closed', () => {
    expect(formatDayHours({ closed: false, opens: '08:30', closes: '17:00' })).toBe('8:30 AM – 5 PM')
    expect(formatDayHours({ closed: true, opens: '08:30', closes: '17:00' })).toBe('Closed')
  })
})

describe('schema.org opening hours', () => {
  it('give days that differ only in opening time their own entry', () => {
    const lateSunday = week((d) =>
      d === 'sunday' ? { opens: '11:00', closes: '22:00' } : { opens: '09:00', closes: '22:00' },
    )
    expect(openingHoursSpecification(lateSunday).map((e) => [e.dayOfWeek.length, e.opens, e.closes])).toEqual([
      [6, '09:00', '22:00'],
      [1, '11:00', '22:00'],
    ])
  })
})

describe('a tap-to-call address', () => {
  it('adds the US country code to ten digits, a + to eleven that start with 1, and nothing to others', () => {
    expectReadings(telHref, { '(405) 555-0142': 'tel:+14055550142', '1 (405) 555-0142': 'tel:+14055550142' })
    expectReadings(telHref, { '2 (405) 555-0142': 'tel:24055550142', '555-0142': 'tel:5550142' })
  })

  it('keeps a number that already has its country code', () => {
    expectReadings(telHref, { '+1 405 555 0142': 'tel:+14055550142', '+44 20 7946 0958': 'tel:+442079460958' })
    expectReadings(telHref, { ' +44 20 7946 0958': 'tel:+442079460958', '123-4567': 'tel:1234567' })
  })
})
