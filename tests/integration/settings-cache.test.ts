import { describe, expect, it, vi } from 'vitest'

import { getSettings, saveSettings } from '~/models/settings.server'
import { DEFAULT_SETTINGS } from '~/schemas/settings'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

/**
 * Every page reads the settings, so a stored record is parsed and validated
 * once; any change to the stored text, from the admin or from elsewhere (a
 * restore, a hand edit), is seen by the next read.
 */
describe('reading the settings', () => {
  it('parses an unchanged record once: repeated reads give the same value', async () => {
    await saveSettings({ ...DEFAULT_SETTINGS, brand_name: 'Cached Co.' })
    const parse = vi.spyOn(JSON, 'parse')
    const first = await getSettings()
    const second = await getSettings()
    expect(second).toBe(first)
    expect(second.brand_name).toBe('Cached Co.')
    expect(parse).toHaveBeenCalledTimes(1)
  })

  it('sees a change written behind its back at the next read', async () => {
    await saveSettings({ ...DEFAULT_SETTINGS, brand_name: 'Before' })
    expect((await getSettings()).brand_name).toBe('Before')
    const data = JSON.stringify({ ...DEFAULT_SETTINGS, brand_name: 'After' })
    t.sqlite.prepare('UPDATE settings SET data = ? WHERE id = 1').run(data)
    expect((await getSettings()).brand_name).toBe('After')
  })

  it('sees the admin’s save at the next read', async () => {
    await saveSettings({ ...DEFAULT_SETTINGS, brand_name: 'One' })
    expect((await getSettings()).brand_name).toBe('One')
    await saveSettings({ ...DEFAULT_SETTINGS, brand_name: 'Two' })
    expect((await getSettings()).brand_name).toBe('Two')
  })

  it('says in the log when the stored text is not JSON at all', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    t.sqlite.pragma('ignore_check_constraints = ON')
    t.sqlite.prepare('INSERT INTO settings (id, data) VALUES (1, ?)').run('{"brand_name": "Half')
    t.sqlite.pragma('ignore_check_constraints = OFF')
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
    expect(error).toHaveBeenCalledWith('Stored settings are not valid JSON; using defaults', expect.any(SyntaxError))
  })

  it('does not keep a record that failed validation: fixing it is seen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    t.sqlite.pragma('ignore_check_constraints = ON')
    t.sqlite.prepare('INSERT INTO settings (id, data) VALUES (1, ?)').run('{"brand_name": 5}')
    t.sqlite.pragma('ignore_check_constraints = OFF')
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
    expect(console.error).toHaveBeenCalledWith(
      'Stored settings do not match the schema; using defaults',
      expect.any(Array),
    )
    await saveSettings({ ...DEFAULT_SETTINGS, brand_name: 'Fixed' })
    expect((await getSettings()).brand_name).toBe('Fixed')
  })
})
