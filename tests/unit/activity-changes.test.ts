import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { ActivityChanges } from '~/components/admin/ActivityChanges'
// Imported with the file, not inside a test: the form's schemas are built when their
// modules load, code that mutation testing leaves to the schema tests. Loaded inside
// the label test, that code would count as reached by it alone, and it checks labels.
import { SettingsForm } from '~/components/admin/SettingsForm'
import {
  changeInWords,
  type FieldChange,
  fieldChanges,
  parseChanges,
  readableOldSummary,
  readValue,
  settingsChanges,
  settingsFieldSpec,
  settingsLeaves,
  statusWord,
} from '~/lib/activity-changes'
import { DEFAULT_SETTINGS } from '~/schemas/settings-defaults'

/**
 * The owner reads the activity log in the shop's words: Central time in long
 * US format, clock times, statuses and flags as words, settings by the labels
 * of the settings form.
 */
describe('a value as the log reads it', () => {
  it('reads an instant in Central time, long US format', () => {
    expect(readValue('instant', '2026-11-29T15:00:00.000Z')).toBe('Nov 29, 2026, 9:00 AM')
    // Summer time too.
    expect(readValue('instant', '2026-07-04T17:30:00Z')).toBe('Jul 4, 2026, 12:30 PM')
  })

  it.each([
    ['date', '2026-11-29', 'Nov 29, 2026'],
    ['clock', '22:00', '10 PM'],
    ['clock', '00:00', '12 AM'],
    ['yes-no', 1, 'yes'],
    ['yes-no', false, 'no'],
    ['yes-no', null, 'no'],
    ['status', 'in-progress', 'In progress'],
    ['number', 1000, '1,000'],
    ['text', null, ''],
  ] as const)('reads the %s %s in words', (format, value, words) => {
    expect(readValue(format, value)).toBe(words)
  })

  it('reads a status it has never seen as words, not code', () => {
    expect(statusWord('pending-review')).toBe('Pending review')
  })

  it('reads a run of dashes and underscores in an unknown status as a single space', () => {
    expect(statusWord('awaiting--call_back')).toBe('Awaiting call back')
  })

  // Forms send a ticked box as 'on', and older saves kept flags as '1' or 'true'.
  it.each(['1', 'true', 'on'])('reads a flag stored as %j as yes', (stored) => {
    expect(readValue('yes-no', stored)).toBe('yes')
  })

  // A number can come back from a form or an old save as text; it still reads as a number.
  it.each([
    ['1250', '1,250'],
    ['4.80', '4.8'],
  ])('reads the number saved as the text %j as %s', (stored, words) => {
    expect(readValue('number', stored)).toBe(words)
  })

  it.each(['about 40', '40 or so'])('keeps words typed into a number field, %j, as they are', (stored) => {
    expect(readValue('number', stored)).toBe(stored)
  })
})

describe('the changes of a record', () => {
  const fields = {
    status: { label: 'Status', format: 'status' as const },
    published_at: { label: 'Publish date', format: 'instant' as const },
    is_featured: { label: 'Featured', format: 'yes-no' as const },
    title: { label: 'Title' },
  }

  it('lists only the fields that read differently, in the order of the form, with both values whole', () => {
    const long = 'word '.repeat(400)
    const changes = fieldChanges(
      { status: 'draft', published_at: null, is_featured: 1, title: 'Old' },
      { status: 'published', published_at: '2026-11-29T15:00:00.000Z', is_featured: true, title: long },
      fields,
    )
    expect(changes).toEqual([
      { field: 'status', label: 'Status', format: 'status', before: 'draft', after: 'published' },
      {
        field: 'published_at',
        label: 'Publish date',
        format: 'instant',
        before: null,
        after: '2026-11-29T15:00:00.000Z',
      },
      { field: 'title', label: 'Title', format: 'text', before: 'Old', after: long },
    ])
    expect(changeInWords(changes[1]!)).toBe('Publish date: (empty) → Nov 29, 2026, 9:00 AM')
  })

  it('finds no change when the values read the same (1 and true, the same minute)', () => {
    expect(
      fieldChanges<{ is_featured: number | boolean; published_at: string; title: string }>(
        { is_featured: 1, published_at: '2026-11-29T15:00:00.000Z', title: 'Same' },
        { is_featured: true, published_at: '2026-11-29T15:00:00Z', title: 'Same' },
        fields,
      ),
    ).toEqual([])
  })

  it('finds no change in a text saved again whose line breaks only went from CR LF to one character', () => {
    const text = { label: 'Content' }
    expect(fieldChanges({ content: 'One\r\nTwo\r\n' }, { content: 'One\nTwo\n' }, { content: text })).toEqual([])
    expect(fieldChanges({ content: 'One\r\nTwo' }, { content: 'One\nThree' }, { content: text })).toHaveLength(1)
  })

  it('finds no change in a text whose line breaks an old save kept as a lone CR', () => {
    expect(
      fieldChanges({ body: 'Open late\rFridays' }, { body: 'Open late\nFridays' }, { body: { label: 'Body' } }),
    ).toEqual([])
  })
})

describe('store settings by the form’s labels', () => {
  it('names a store’s day and field as the form does', () => {
    expect(settingsFieldSpec('stores.Lindsey.hours.monday.closes')).toEqual({
      label: 'Lindsey Street · Monday closes',
      format: 'clock',
      known: true,
    })
    expect(settingsFieldSpec('stores.BlueWater.phone').label).toBe('Blue Water · Phone')
    expect(settingsFieldSpec('stores.BlueWater.hours.friday.closed')).toEqual({
      label: 'Blue Water · Friday closed all day',
      format: 'yes-no',
      known: true,
    })
    expect(settingsFieldSpec('social.weedmaps').label).toBe('Social links · Weedmaps')
    expect(settingsFieldSpec('brand_name').label).toBe('Brand name')
  })

  it('names a field added later in words, never as a dotted path', () => {
    const spec = settingsFieldSpec('stores.Lindsey.hours.monday.closes_after_midnight', true)
    expect(spec).toEqual({ label: 'Lindsey Street · Monday closes after midnight', format: 'yes-no', known: false })
    expect(settingsFieldSpec('stores.Lindsey.maps_fixed_by_hand', false).label).toBe(
      'Lindsey Street · Maps fixed by hand',
    )
  })

  it('has a label of its own for every setting the store keeps today', () => {
    for (const path of Object.keys(settingsLeaves(DEFAULT_SETTINGS))) {
      const { label, known } = settingsFieldSpec(path)
      expect(label, path).not.toMatch(/[._]/)
      expect(known, `${path} has a label of its own, as the settings form names it`).toBe(true)
    }
  })

  it('reads an hours change as the owner would say it', () => {
    const after = structuredClone(DEFAULT_SETTINGS)
    after.stores.Lindsey.hours.monday.closes = '21:00'
    const changes = settingsChanges(DEFAULT_SETTINGS, after)
    expect(changes.map((change) => changeInWords(change))).toEqual(['Lindsey Street · Monday closes: 10 PM → 9 PM'])
  })

  it('tells the owner’s week at Lindsey Street back in the words of the settings form', () => {
    // New phone line, Saturdays open an hour later, Sundays closed, and the review count caught up.
    const after = structuredClone(DEFAULT_SETTINGS)
    const lindsey = after.stores.Lindsey
    lindsey.phone = '(405) 555-0199'
    lindsey.hours.saturday.opens = '10:00'
    lindsey.hours.sunday.closed = true
    lindsey.review_count = 1250
    const changes = settingsChanges(DEFAULT_SETTINGS, after)
    expect(changes.map((change) => changeInWords(change))).toEqual([
      'Lindsey Street · Phone: “(405) 555-0142” → “(405) 555-0199”',
      'Lindsey Street · Saturday opens: 9 AM → 10 AM',
      'Lindsey Street · Sunday closed all day: no → yes',
      'Lindsey Street · Number of reviews: 1,000 → 1,250',
    ])
    // The flag is kept as the flag it was, not as the text 'true'.
    expect(changes[2]).toMatchObject({ before: false, after: true })
  })

  it('reads a rating set for the first time as set from empty', () => {
    const changes = settingsChanges({ stores: { Lindsey: { rating: null } } }, { stores: { Lindsey: { rating: 4.9 } } })
    expect(changes.map((change) => changeInWords(change))).toEqual(['Lindsey Street · Rating out of 5: (empty) → 4.9'])
  })

  // A path no list names is spelled out in words, part by part; only the parts a list knows get its label.
  it.each([
    ['social.tiktok', 'Social links · Tiktok', 'link', false],
    ['announcement.text', 'Announcement · Text', 'text', false],
    ['stores.default', 'Stores · Default', 'text', false],
    ['social.facebook.page_id', 'Social · Facebook · Page id', 'text', false],
    ['stores.Lindsey.delivery.zone_miles', 'Lindsey Street · Delivery · Zone miles', 'text', false],
    ['stores.Lindsey.hours.holiday_note', 'Lindsey Street · Hours · Holiday note', 'text', false],
    ['stores.Lindsey.pickup.window.opens', 'Lindsey Street · Pickup · Window · Opens', 'text', false],
    ['stores.Lindsey.hours.christmas_eve.closes', 'Lindsey Street · Christmas eve closes', 'clock', true],
  ] as const)('names the setting %s as “%s”', (path, label, format, known) => {
    expect(settingsFieldSpec(path)).toEqual({ label, format, known })
  })

  // A setting the lists do not name yet reads by the look of its first value.
  it.each([
    ['parking_spaces', 1500, 'number', 'Parking spaces: (empty) → 1,500'],
    ['pickup_from', '09:30', 'clock', 'Pickup from: (empty) → 9:30 AM'],
    ['last_call', '21:00', 'clock', 'Last call: (empty) → 9 PM'],
    ['holiday_closure', '2026-12-24T18:00:00.000Z', 'instant', 'Holiday closure: (empty) → Dec 24, 2026, 12:00 PM'],
    [
      'menu_pdf',
      'https://lindseystreetcannabis.com/menu.pdf',
      'link',
      'Menu pdf: (empty) → “https://lindseystreetcannabis.com/menu.pdf”',
    ],
    ['late_night_delivery', true, 'yes-no', 'Late night delivery: no → yes'],
    ['pickup_note', 'Ready after 13:30', 'text', 'Pickup note: (empty) → “Ready after 13:30”'],
    ['pickup_note', '13:30 at the latest', 'text', 'Pickup note: (empty) → “13:30 at the latest”'],
    [
      'pickup_note',
      'Closed 2026-12-24T18:00 for stocktaking',
      'text',
      'Pickup note: (empty) → “Closed 2026-12-24T18:00 for stocktaking”',
    ],
    [
      'pickup_note',
      'Order ahead at https://dutchie.com',
      'text',
      'Pickup note: (empty) → “Order ahead at https://dutchie.com”',
    ],
  ] as const)('reads a new setting %s first saved as %j as %s', (key, value, format, line) => {
    const [change] = settingsChanges({}, { stores: { Lindsey: { [key]: value } } })
    expect(change).toMatchObject({ format, before: null, after: value })
    expect(changeInWords(change!)).toBe(`Lindsey Street · ${line}`)
  })
})

describe('entries written before the changes were kept', () => {
  it('read their dotted paths, clock times, statuses and ISO times in words', () => {
    expect(readableOldSummary('stores.Lindsey.hours.monday.closes: “22:00” → “21:00”; brand name: “A” → “B”')).toBe(
      'Lindsey Street · Monday closes: 10 PM → 9 PM; Brand name: “A” → “B”',
    )
    expect(readableOldSummary('stores.BlueWater.postal code: “73069” → “73070”')).toBe(
      'Blue Water · ZIP code: “73069” → “73070”',
    )
    expect(
      readableOldSummary('Status: “draft” → “published”; Publish date: (empty) → “2026-11-26T13:43:00.000Z”'),
    ).toBe('Status: “draft” → “published”; Publish date: (empty) → “Nov 26, 2026, 7:43 AM”')
    expect(readableOldSummary('Status: new → in-progress')).toBe('Status: New → In progress')
    expect(readableOldSummary('Name: “Green Co” → “Greener Co”; Featured: no → yes')).toBe(
      'Name: “Green Co” → “Greener Co”; Featured: no → yes',
    )
  })

  it('are told apart from new ones by having no stored changes; broken JSON is treated the same', () => {
    expect(parseChanges(null)).toBeNull()
    expect(parseChanges('{not json')).toBeNull()
    expect(parseChanges('[{"field":"x","label":"X","format":"weird","before":1,"after":2}]')).toEqual([
      { field: 'x', label: 'X', format: 'text', before: 1, after: 2 },
    ])
  })

  it('read a status given without a before (a new inquiry) as one word', () => {
    expect(readableOldSummary('Status: new')).toBe('Status: New')
  })

  it('read an unquoted flag of a dotted path by the form’s label', () => {
    expect(readableOldSummary('stores.Lindsey.hours.sunday.closed: no → yes')).toBe(
      'Lindsey Street · Sunday closed all day: no → yes',
    )
  })

  it('read a quoted time under a field no list names as a clock time, and a note that mentions a time as a note', () => {
    expect(
      readableOldSummary(
        'stores.Lindsey.hours.friday.last call: “21:00” → “20:30”; stores.Lindsey.pickup from: “09:30” → “12:30”',
      ),
    ).toBe('Lindsey Street · Friday last call: 9 PM → 8:30 PM; Lindsey Street · Pickup from: 9:30 AM → 12:30 PM')
    expect(readableOldSummary('stores.Lindsey.pickup note: “Ready after 12:30” → “12:30 at the latest”')).toBe(
      'Lindsey Street · Pickup note: “Ready after 12:30” → “12:30 at the latest”',
    )
  })
})

describe('the changes column as stored', () => {
  // Whatever is in the column, the log page still opens: anything but a list reads as no stored changes.
  it.each(['', '{"field":"title","before":"Old","after":"New"}', '"Title changed"', '42'])(
    'reads %j as no stored changes',
    (stored) => {
      expect(parseChanges(stored)).toBeNull()
    },
  )

  it('skips what in a stored list is not a change, and reads the rest', () => {
    expect(
      parseChanges('[null, "Title changed", 5, {"field":"title","label":"Title","before":"Old","after":"New"}]'),
    ).toEqual([{ field: 'title', label: 'Title', format: 'text', before: 'Old', after: 'New' }])
  })

  it('reads a change stored without its name or a value as blanks, never as the word “undefined”', () => {
    expect(
      parseChanges('[{"field":"staff_note","after":"Called back"}, {"label":"Title","before":"Old"}, {}]'),
    ).toEqual([
      { field: 'staff_note', label: 'staff_note', format: 'text', before: null, after: 'Called back' },
      { field: '', label: 'Title', format: 'text', before: 'Old', after: null },
      { field: '', label: '', format: 'text', before: null, after: null },
    ])
  })

  it('reads a list or a record stored as a value as its JSON text', () => {
    const [change] = parseChanges('[{"field":"tags","label":"Tags","before":["Indica"],"after":{"strain":"Sativa"}}]')!
    expect(changeInWords(change!)).toBe('Tags: “["Indica"]” → “{"strain":"Sativa"}”')
  })
})

describe('a change in one line of words', () => {
  const line = (change: Omit<FieldChange, 'field'>) => changeInWords({ field: 'x', ...change })

  it.each([
    [
      'link',
      'Live menu address',
      'https://dutchie.com/old',
      'https://dutchie.com/new',
      'Live menu address: “https://dutchie.com/old” → “https://dutchie.com/new”',
    ],
    ['image', 'Logo', null, '/images/brands/logo.webp', 'Logo: (empty) → “/images/brands/logo.webp”'],
  ] as const)('quotes an address read as a %s, as it quotes text', (format, label, before, after, words) => {
    expect(line({ label, format, before, after })).toBe(words)
  })

  it('puts a text of several lines on one line, without the spaces around it', () => {
    const before = '  Open late on Fridays.\r\n\r\n  Closed Sundays.  '
    expect(line({ label: 'Notice', format: 'text', before, after: 'Open daily.' })).toBe(
      'Notice: “Open late on Fridays. Closed Sundays.” → “Open daily.”',
    )
  })

  // The summary keeps a text of up to 60 characters whole; a longer one keeps 59 and ends in “…”.
  const notice = 'Half-price pre-rolls every Friday, free delivery on Saturdays, and more.'
  it.each([
    [60, `“${notice.slice(0, 60)}”`],
    [61, `“${notice.slice(0, 59)}…”`],
  ])('shows a text of %i characters as %s', (length, shown) => {
    expect(line({ label: 'Notice', format: 'text', before: null, after: notice.slice(0, length) })).toBe(
      `Notice: (empty) → ${shown}`,
    )
  })
})

describe('the log’s list of changes', () => {
  const render = (changes: FieldChange[], created = false) =>
    renderToStaticMarkup(createElement(ActivityChanges, { changes, created }))

  it('shows a long value shortened, with the whole before and after one click away', () => {
    const before = `Old opening line. ${'more words '.repeat(30)}`
    const after = `New opening line. ${'other words '.repeat(30)}THE END`
    const html = render([{ field: 'excerpt', label: 'Excerpt', format: 'text', before, after }])
    expect(html).toContain('<details')
    expect(html).toContain('Full text of excerpt')
    expect(html).toContain('THE END')
    // The line itself shows only the start.
    const line = html.slice(0, html.indexOf('<details'))
    expect(line).not.toContain('THE END')
    expect(line).toContain('New opening line.')
  })

  it('shows a short change on one line with no disclosure, and a new record only with what it started with', () => {
    const status: FieldChange = {
      field: 'status',
      label: 'Status',
      format: 'status',
      before: 'draft',
      after: 'published',
    }
    const html = render([status])
    expect(html).not.toContain('<details')
    expect(html.replace(/<[^>]+>/g, '')).toBe('Status: Draft → Published')
    expect(render([{ ...status, before: null }], true).replace(/<[^>]+>/g, '')).toBe('Status: Published')
  })
})

describe('the labels match the settings form', () => {
  it('every store field, day field and top field named here is a label on the settings form', () => {
    const Stub = createRoutesStub([
      {
        path: '/admin/settings',
        Component: () => createElement(SettingsForm, { settings: DEFAULT_SETTINGS, lastResult: undefined }),
      },
    ])
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ['/admin/settings'] }))
    // The text of each <label> and <legend>, tags stripped.
    const labels = [...html.matchAll(/<(label|legend)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) =>
      m[2]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    const labelled = (text: string) => labels.some((label) => label.toLowerCase().startsWith(text.toLowerCase()))
    const store = Object.keys(settingsLeaves(DEFAULT_SETTINGS.stores.Lindsey)).filter((p) => !p.startsWith('hours.'))
    for (const path of ['brand_name', 'contact_email', 'live_menu_url', ...store.map((p) => `stores.Lindsey.${p}`)]) {
      const label = settingsFieldSpec(path).label.split(' · ').at(-1)!
      expect(labelled(label), `${path}: “${label}”`).toBe(true)
    }
    for (const [key, spec] of Object.entries({ opens: 'Opens', closes: 'Closes', closed: 'Closed all day' })) {
      expect(labelled(spec), key).toBe(true)
    }
    for (const social of ['Facebook', 'Instagram', 'Leafly', 'Weedmaps']) expect(labelled(social)).toBe(true)
  })
})

describe('account entries, which keep a summary of their own', () => {
  it('read their statuses as words and keep the rest', () => {
    expect(readableOldSummary('Status: active → deactivated; 2 sessions signed out')).toBe(
      'Status: Active → Deactivated; 2 sessions signed out',
    )
    expect(readableOldSummary('Role: staff → admin')).toBe('Role: staff → admin')
  })
})
