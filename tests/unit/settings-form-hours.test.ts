import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { DEFAULT_SETTINGS } from '~/schemas/settings'
import {
  applyHoursShortcut,
  closesAfterMidnight,
  copyMondayValue,
  HOURS_SHORTCUT,
  SettingsFormSchema,
} from '~/schemas/settings-form'
import { WEEKDAYS } from '~/schemas/weekdays'

/** The settings form as the browser posts it: every leaf under its dotted name, ticks as 'on', empty fields left out. */
function formOf(changes: Record<string, string | null> = {}): FormData {
  const data = new FormData()
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key)
    } else if (value === true) data.set(path, 'on')
    else if (value !== false && value !== '') data.set(path, String(value))
  }
  walk(DEFAULT_SETTINGS, '')
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) data.delete(name)
    else data.set(name, value)
  }
  return data
}

const parse = (changes: Record<string, string | null> = {}) =>
  parseWithZod(formOf(changes), { schema: SettingsFormSchema })

/** The settings the form saves with these changes; the test fails, with the form's messages, if it refuses them. */
function saved(changes: Record<string, string | null> = {}) {
  const submission = parse(changes)
  if (submission.status !== 'success') {
    throw new Error(`expected the form to be accepted, it said ${JSON.stringify(submission.error)}`)
  }
  return submission.value
}

describe('the settings form: hours', () => {
  it('saves the demo settings as they are', () => {
    expect(saved()).toEqual(DEFAULT_SETTINGS)
  })

  it('asks whether a day closes after midnight instead of taking 10 PM – 9 AM silently', () => {
    const submission = parse({
      'stores.Lindsey.hours.friday.opens': '22:00',
      'stores.Lindsey.hours.friday.closes': '09:00',
    })
    if (submission.status !== 'error') throw new Error('expected the form to be refused')
    expect(submission.error?.['stores.Lindsey.hours.friday.closes']).toEqual([
      'Closes at 9 AM, not after it opens at 10 PM. If the store closes after midnight, tick “Closes after midnight”; otherwise correct the time.',
    ])
  })

  it('takes 11 AM – 2 AM once staff confirm it closes after midnight, and 12 AM as midnight without asking', () => {
    const { hours } = saved({
      'stores.BlueWater.hours.friday.opens': '11:00',
      'stores.BlueWater.hours.friday.closes': '02:00',
      'stores.BlueWater.hours.friday.overnight': 'on',
    }).stores.BlueWater
    expect(hours.friday).toEqual({ closed: false, opens: '11:00', closes: '02:00' })
    // The demo Saturday closes at 12 AM: midnight, no question.
    expect(hours.saturday.closes).toBe('00:00')
  })

  it('asks too when a day closes at the very time it opens, and never about midnight or a time not yet filled in', () => {
    expect(closesAfterMidnight({ opens: '09:00', closes: '09:00' })).toBe(true)
    expect(closesAfterMidnight({ opens: '09:00', closes: '09:01' })).toBe(false)
    expect(closesAfterMidnight({ opens: '09:00', closes: '00:00' })).toBe(false)
    expect(closesAfterMidnight({ opens: '', closes: '08:00' })).toBe(false)
    expect(closesAfterMidnight({ opens: '22:00', closes: '' })).toBe(false)
    expect(closesAfterMidnight({ opens: '22:00' })).toBe(false)
  })

  it('does not ask about a closed day, whatever times were left in it', () => {
    expect(
      parse({
        'stores.Lindsey.hours.sunday.closed': 'on',
        'stores.Lindsey.hours.sunday.opens': '22:00',
        'stores.Lindsey.hours.sunday.closes': '09:00',
      }).status,
    ).toBe('success')
  })

  it('"Same hours every day" gives every day Monday\'s hours', () => {
    const blueWater = saved({
      'stores.BlueWater.same_every_day': 'on',
      'stores.BlueWater.hours.monday.opens': '08:00',
      'stores.BlueWater.hours.monday.closes': '20:00',
    }).stores.BlueWater
    for (const day of WEEKDAYS)
      expect(blueWater.hours[day], day).toEqual({ closed: false, opens: '08:00', closes: '20:00' })
    expect(blueWater).not.toHaveProperty('same_every_day')
  })
})

describe('the settings form: map links follow the address', () => {
  it('the owner moves the store: maps, directions and the embedded map follow the new street', () => {
    const store = saved({
      'stores.Lindsey.street': '901 East Alameda Road',
      'stores.Lindsey.postal_code': '73071',
    }).stores.Lindsey
    expect(store.maps_url).toBe('https://www.google.com/maps/search/?api=1&query=901+East+Alameda+Road+Norman+OK+73071')
    expect(store.map_embed_url).toBe(
      'https://www.google.com/maps?q=901+East+Alameda+Road,+Norman,+OK+73071&output=embed',
    )
    expect(store.directions_url).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=901+East+Alameda+Road+Norman+OK+73071',
    )
  })

  it('a link staff set by hand stays as typed when the address changes', () => {
    const pasted = 'https://maps.app.goo.gl/AbCdEf123'
    const store = saved({ 'stores.Lindsey.street': '901 East Alameda Road', 'stores.Lindsey.maps_url': pasted }).stores
      .Lindsey
    expect(store.maps_url).toBe(pasted)
    expect(store.directions_url).toContain('901+East+Alameda+Road')
  })

  it('an emptied link is made again from the address', () => {
    const links = ['maps_url', 'map_embed_url', 'directions_url'] as const
    const emptied = Object.fromEntries(links.map((link) => [`stores.BlueWater.${link}`, null]))
    const { BlueWater } = saved(emptied).stores
    for (const link of links) expect(BlueWater[link], link).toBe(DEFAULT_SETTINGS.stores.BlueWater[link])
  })

  it('the links the demo settings carry are the ones their addresses make', () => {
    const { stores } = saved()
    for (const key of ['Lindsey', 'BlueWater'] as const)
      for (const link of ['maps_url', 'map_embed_url', 'directions_url'] as const)
        expect(stores[key][link]).toBe(DEFAULT_SETTINGS.stores[key][link])
  })
})

describe('"Copy Monday to all days" pressed without JavaScript', () => {
  it("fills every day of that store with Monday's hours and leaves the other store alone", () => {
    const posted = formOf({
      'stores.BlueWater.hours.monday.opens': '10:00',
      'stores.BlueWater.hours.monday.closes': '19:00',
      [HOURS_SHORTCUT]: copyMondayValue('BlueWater'),
    })
    const shortcut = applyHoursShortcut(posted)
    expect(shortcut?.store).toBe('BlueWater')
    const submission = parseWithZod(shortcut!.formData, { schema: SettingsFormSchema })
    if (submission.status !== 'success') throw new Error('expected the filled-in form to be valid')
    for (const day of WEEKDAYS) {
      expect(submission.value.stores.BlueWater.hours[day], day).toEqual({
        closed: false,
        opens: '10:00',
        closes: '19:00',
      })
      expect(submission.value.stores.Lindsey.hours[day], day).toEqual(DEFAULT_SETTINGS.stores.Lindsey.hours[day])
    }
    expect(shortcut!.formData.get(HOURS_SHORTCUT)).toBeNull()
  })

  it('copies a closed Monday as closed, and a plain save is no shortcut', () => {
    const shortcut = applyHoursShortcut(
      formOf({ 'stores.Lindsey.hours.monday.closed': 'on', [HOURS_SHORTCUT]: copyMondayValue('Lindsey') }),
    )
    expect(shortcut!.formData.get('stores.Lindsey.hours.sunday.closed')).toBe('on')
    expect(applyHoursShortcut(formOf())).toBeNull()
    for (const value of ['copy-monday:Elsewhere', `x${copyMondayValue('Lindsey')}`, `${copyMondayValue('Lindsey')}x`])
      expect(applyHoursShortcut(formOf({ [HOURS_SHORTCUT]: value })), value).toBeNull()
  })

  it('a Sunday ticked closed opens like Monday, and a Monday open past midnight is copied with its tick', () => {
    const shortcut = applyHoursShortcut(
      formOf({
        'stores.Lindsey.hours.sunday.closed': 'on',
        'stores.Lindsey.hours.monday.opens': '11:00',
        'stores.Lindsey.hours.monday.closes': '02:00',
        'stores.Lindsey.hours.monday.overnight': 'on',
        [HOURS_SHORTCUT]: copyMondayValue('Lindsey'),
      }),
    )
    const submission = parseWithZod(shortcut!.formData, { schema: SettingsFormSchema })
    if (submission.status !== 'success')
      throw new Error(`expected the filled-in form to be valid: ${JSON.stringify(submission.error)}`)
    for (const day of WEEKDAYS)
      expect(submission.value.stores.Lindsey.hours[day], day).toEqual({
        closed: false,
        opens: '11:00',
        closes: '02:00',
      })
  })
})
