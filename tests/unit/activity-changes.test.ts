import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { ActivityChanges } from '~/components/admin/ActivityChanges'
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
  it('every store field, day field and top field named here is a label on the settings form', async () => {
    const { createRoutesStub } = await import('react-router')
    const { SettingsForm } = await import('~/components/admin/SettingsForm')
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
