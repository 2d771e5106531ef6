import { describe, expect, it } from 'vitest'

import {
  footerHoursLine,
  formatClock,
  formatHoursSummary,
  formatPhone,
  groupHours,
  hoursInShort,
  hoursLine,
  hoursPhrase,
  lateShort,
  openingHoursSpecification,
  openShort,
  sameEveryDay,
  storeJsonLd,
  telHref,
  type WeekHours,
} from '~/lib/store-hours'
import { DEFAULT_SETTINGS, WEEKDAYS } from '~/schemas/settings'

import { expectReadings } from '../support/readings'
import { week } from '../support/week-hours'

const lindsey = DEFAULT_SETTINGS.stores.Lindsey
const blueWater = DEFAULT_SETTINGS.stores.BlueWater

describe('clock times', () => {
  it('prints 12-hour times without zero minutes', () => {
    expectReadings(formatClock, { '09:00': '9 AM', '22:00': '10 PM', '00:00': '12 AM', '12:00': '12 PM' })
    expectReadings(formatClock, { '21:30': '9:30 PM' })
  })
})

describe('the compact hours summary', () => {
  it('reads "Daily" when every day has the same hours', () => {
    expect(formatHoursSummary(lindsey.hours)).toBe('Daily 9 AM – 10 PM')
  })

  it('groups the partner store into Sun–Thu and Fri–Sat', () => {
    expect(formatHoursSummary(blueWater.hours)).toBe('Sun–Thu 9 AM – 10 PM / Fri–Sat 9 AM – 12 AM')
    expect(groupHours(blueWater.hours)).toEqual([
      { days: 'Sun–Thu', hours: '9 AM – 10 PM' },
      { days: 'Fri–Sat', hours: '9 AM – 12 AM' },
    ])
  })

  it('wraps a weekend run around the week and shows closed days', () => {
    const officeWeek = week((d) =>
      d === 'saturday' || d === 'sunday'
        ? { closed: true, opens: '00:00', closes: '00:00' }
        : { opens: '10:00', closes: '18:00' },
    )
    expect(formatHoursSummary(officeWeek)).toBe('Mon–Fri 10 AM – 6 PM / Sat–Sun Closed')
  })

  it('shows a single different day on its own', () => {
    const lateWednesday = week((d) =>
      d === 'wednesday' ? { opens: '09:00', closes: '23:00' } : { opens: '09:00', closes: '22:00' },
    )
    // Days with the same hours share one entry rather than wrapping round the week ('Thu–Tue').
    expect(formatHoursSummary(lateWednesday)).toBe('Mon–Tue, Thu–Sun 9 AM – 10 PM / Wed 9 AM – 11 PM')
  })
})

describe('schema.org opening hours', () => {
  it('lists every day once with the settings hours', () => {
    expect(openingHoursSpecification(lindsey.hours)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '09:00',
        closes: '22:00',
      },
    ])
  })

  it('writes a midnight close as 23:59 and groups equal days', () => {
    expect(openingHoursSpecification(blueWater.hours)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Sunday'],
        opens: '09:00',
        closes: '22:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday', 'Saturday'], opens: '09:00', closes: '23:59' },
    ])
  })

  it('leaves closed days out', () => {
    const closedMonday = week((d) =>
      d === 'monday' ? { closed: true, opens: '09:00', closes: '22:00' } : { opens: '09:00', closes: '22:00' },
    )
    const days = openingHoursSpecification(closedMonday).flatMap((e) => e.dayOfWeek)
    expect(days).not.toContain('Monday')
    expect(days).toHaveLength(6)
  })
})

describe('the Store JSON-LD', () => {
  it('carries name, postal address, telephone, url and hours from the settings', () => {
    const value = storeJsonLd(blueWater, { siteUrl: 'https://example.com' })
    expect(value).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: 'Blue Water',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '112 West Main Street',
        addressLocality: 'Norman',
        addressRegion: 'OK',
        postalCode: '73069',
        addressCountry: 'US',
      },
      telephone: blueWater.phone,
      url: 'https://bluewaternorman.com',
    })
    expect(value.openingHoursSpecification).toHaveLength(2)
    expect(value).not.toHaveProperty('aggregateRating')
  })

  it('points a store without its own website at the locations page', () => {
    expect(storeJsonLd(lindsey, { siteUrl: 'https://example.com' }).url).toBe('https://example.com/locations')
  })

  it('adds an aggregate rating for the reviews page', () => {
    const value = storeJsonLd(lindsey, {
      siteUrl: 'https://example.com',
      type: 'LocalBusiness',
      aggregateRating: { ratingValue: 4.9, reviewCount: 1000 },
    })
    expect(value['@type']).toBe('LocalBusiness')
    expect(value.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.9, reviewCount: 1000 })
  })
})

describe('tap-to-call addresses', () => {
  it('turns a printed US number into an international tel: link', () => {
    expect(telHref('(405) 555-0142')).toBe('tel:+14055550142')
    expect(telHref('+1 405 555 0178')).toBe('tel:+14055550178')
  })
  it('gives the same address for a number written with or without its leading 1', () => {
    for (const printed of ['1-405-555-0142', '1 (405) 555-0142', '(405) 555-0142', '405.555.0142', '+1 (405) 555-0142'])
      expect(telHref(printed), printed).toBe('tel:+14055550142')
  })
  it('keeps another country code and a short number as written', () => {
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958')
    expect(telHref('911')).toBe('tel:911')
  })
})

describe('short forms of the hours', () => {
  it('reads a uniform week as daily hours', () => {
    expect(openShort(lindsey.hours)).toBe('Open 9 AM – 10 PM daily')
    expect(lateShort(lindsey.hours)).toBe('Open late daily')
  })

  it('names the late days of a store that stays open longer at the weekend', () => {
    expect(openShort(blueWater.hours)).toBe('Open Sun–Thu 9 AM – 10 PM, Fri–Sat 9 AM – 12 AM')
    expect(lateShort(blueWater.hours)).toBe('Open late Fri–Sat')
  })

  it('follows staff changes: a closed Monday and short Sunday', () => {
    const changed = week((d) =>
      d === 'monday'
        ? { closed: true, opens: '09:00', closes: '22:00' }
        : d === 'sunday'
          ? { opens: '10:00', closes: '18:00' }
          : { opens: '09:00', closes: '22:00' },
    )
    expect(hoursPhrase(changed)).toBe('Tue–Sat 9 AM – 10 PM, Sun 10 AM – 6 PM, Mon closed')
    expect(openShort(changed)).toBe('Open Tue–Sat 9 AM – 10 PM, Sun 10 AM – 6 PM, Mon closed')
    expect(lateShort(changed)).toBe('Open late Tue–Sat')
  })

  it('says nothing about late hours when the store closes early every day', () => {
    expect(lateShort(week(() => ({ opens: '08:00', closes: '18:00' })))).toBeNull()
    expect(openShort(week(() => ({ closed: true, opens: '09:00', closes: '17:00' })))).toBe('Closed for now')
  })
})

describe("each store's hours in short, as every page receives them", () => {
  it('gives each store its own short forms', () => {
    expect(hoursInShort(DEFAULT_SETTINGS)).toEqual({
      Lindsey: {
        open: 'Open daily 9 AM – 10 PM',
        footer: 'Open 9 AM – 10 PM Daily (7 days a week)',
        late: 'Open late daily',
      },
      BlueWater: {
        open: 'Sun–Thu 9 AM – 10 PM · Fri–Sat 9 AM – 12 AM',
        footer: 'Sun–Thu 9 AM – 10 PM · Fri–Sat 9 AM – 12 AM',
        late: 'Open late Fri–Sat',
      },
    })
  })

  it('follows a change to one store and leaves the other alone', () => {
    const early = week(() => ({ opens: '08:00', closes: '18:00' }))
    const settings = {
      ...DEFAULT_SETTINGS,
      stores: { ...DEFAULT_SETTINGS.stores, BlueWater: { ...blueWater, hours: early } },
    }
    expect(hoursInShort(settings)).toEqual({
      Lindsey: {
        open: 'Open daily 9 AM – 10 PM',
        footer: 'Open 9 AM – 10 PM Daily (7 days a week)',
        late: 'Open late daily',
      },
      BlueWater: { open: 'Open daily 8 AM – 6 PM', footer: 'Open 8 AM – 6 PM Daily (7 days a week)', late: null },
    })
  })
})

describe('hours grouped the way a shop door writes them', () => {
  const shopWeek = week((d) =>
    d === 'sunday' ? { closed: true, opens: '09:00', closes: '21:00' } : { opens: '09:00', closes: '21:00' },
  )

  it('the owner closes on Sundays: "Mon–Sat 9 AM – 9 PM · Sun closed" on the cards and in the footer', () => {
    expect(hoursLine(shopWeek)).toBe('Mon–Sat 9 AM – 9 PM · Sun closed')
    expect(footerHoursLine(shopWeek)).toBe('Mon–Sat 9 AM – 9 PM · Sun closed')
    expect(hoursPhrase(shopWeek)).toBe('Mon–Sat 9 AM – 9 PM, Sun closed')
  })

  it("the same hours every day keep the footer's own words, with the store's times", () => {
    expect(footerHoursLine(lindsey.hours)).toBe('Open 9 AM – 10 PM Daily (7 days a week)')
    expect(footerHoursLine(week(() => ({ opens: '08:30', closes: '21:00' })))).toBe(
      'Open 8:30 AM – 9 PM Daily (7 days a week)',
    )
    expect(hoursLine(lindsey.hours)).toBe('Open daily 9 AM – 10 PM')
  })

  it('a store closed every day says so rather than listing closed days', () => {
    const shut = week(() => ({ closed: true, opens: '09:00', closes: '21:00' }))
    expect(footerHoursLine(shut)).toBe('Closed for now')
    expect(hoursLine(shut)).toBe('Closed for now')
  })

  it('keeps the partner store as its own site writes it, Sun–Thu first', () => {
    expect(hoursLine(blueWater.hours)).toBe('Sun–Thu 9 AM – 10 PM · Fri–Sat 9 AM – 12 AM')
  })

  it('puts weekdays before a different weekend and closed days last', () => {
    const weekend = week((d) =>
      d === 'saturday' || d === 'sunday' ? { opens: '10:00', closes: '18:00' } : { opens: '09:00', closes: '21:00' },
    )
    expect(hoursLine(weekend)).toBe('Mon–Fri 9 AM – 9 PM · Sat–Sun 10 AM – 6 PM')
    const closedMonday = week((d) =>
      d === 'monday' ? { closed: true, opens: '09:00', closes: '21:00' } : { opens: '10:00', closes: '20:00' },
    )
    expect(hoursLine(closedMonday)).toBe('Tue–Sun 10 AM – 8 PM · Mon closed')
  })

  it('lists days apart that share hours in one entry; the sentence then uses semicolons', () => {
    const split = week((d) =>
      d === 'wednesday' ? { opens: '12:00', closes: '20:00' } : { opens: '09:00', closes: '21:00' },
    )
    expect(hoursLine(split)).toBe('Mon–Tue, Thu–Sun 9 AM – 9 PM · Wed 12 PM – 8 PM')
    expect(hoursPhrase(split)).toBe('Mon–Tue, Thu–Sun 9 AM – 9 PM; Wed 12 PM – 8 PM')
  })
})

describe('phone numbers as the pages print them', () => {
  it('a number typed any way is shown as (405) 555-0199 and dials the same', () => {
    for (const typed of ['405.555.0199', '4055550199', '+1 405 555 0199', '1-405-555-0199', ' (405) 555-0199 ']) {
      expect(formatPhone(typed), typed).toBe('(405) 555-0199')
      expect(telHref(typed), typed).toBe('tel:+14055550199')
    }
  })

  it('a number that is not a US one is shown as typed', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone('555-0199')).toBe('555-0199')
  })
})

describe('the settings form’s “Same hours every day” tick', () => {
  const week = (change: Partial<WeekHours> = {}): WeekHours => ({
    ...(Object.fromEntries(WEEKDAYS.map((d) => [d, { closed: false, opens: '09:00', closes: '21:00' }])) as WeekHours),
    ...change,
  })
  it('is ticked when every day keeps Monday’s hours, and not when one day differs or closes', () => {
    expect(sameEveryDay(week())).toBe(true)
    expect(sameEveryDay(week({ sunday: { closed: false, opens: '10:00', closes: '21:00' } }))).toBe(false)
    expect(sameEveryDay(week({ sunday: { closed: true, opens: '09:00', closes: '21:00' } }))).toBe(false)
  })
  it('a closed day’s times left over from before do not count', () => {
    const closed = (opens: string) => ({ closed: true, opens, closes: '21:00' })
    const allClosed = Object.fromEntries(WEEKDAYS.map((d, i) => [d, closed(i % 2 ? '08:00' : '09:00')])) as WeekHours
    expect(sameEveryDay(allClosed)).toBe(true)
  })
})
