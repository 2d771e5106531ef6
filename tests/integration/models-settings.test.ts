import { describe, expect, it, vi } from 'vitest'

import { ensureSettings, getSettings, saveSettings } from '~/models/settings.server'
import { DEFAULT_SETTINGS, type SiteSettings } from '~/schemas/settings'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

const changed = (): SiteSettings => {
  const next = structuredClone(DEFAULT_SETTINGS)
  next.brand_name = 'Lindsey Street Cannabis'
  next.contact_email = 'team@example.com'
  next.stores.BlueWater.phone = '(405) 555-0199'
  next.stores.Lindsey.hours.sunday = { closed: true, opens: '10:00', closes: '18:00' }
  return next
}

/** Writes a raw value, as an older release or a hand edit might have left it. */
function storeRaw(data: string) {
  t.sqlite.pragma('ignore_check_constraints = ON')
  try {
    t.sqlite
      .prepare(`INSERT INTO settings (id, data) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data`)
      .run(data)
  } finally {
    t.sqlite.pragma('ignore_check_constraints = OFF')
  }
}

describe('settings model', () => {
  it('reads the defaults when no record exists', async () => {
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
  })

  it('saves and reads back the same settings, and saves again over them', async () => {
    const first = changed()
    await saveSettings(first)
    expect(await getSettings()).toEqual(first)
    const second = { ...first, brand_name: 'Second Save' }
    await saveSettings(second)
    expect(await getSettings()).toEqual(second)
    expect(t.sqlite.prepare(`SELECT count(*) FROM settings`).pluck().get()).toBe(1)
  })

  it('moves updated_at forward on save', async () => {
    await saveSettings(DEFAULT_SETTINGS)
    t.sqlite.prepare(`UPDATE settings SET updated_at = '2000-01-01T00:00:00.000Z'`).run()
    await saveSettings(changed())
    const updated = t.sqlite.prepare(`SELECT updated_at FROM settings`).pluck().get() as string
    expect(updated > '2000-01-01T00:00:00.000Z').toBe(true)
  })

  it('refuses to save settings that do not fit the schema', async () => {
    const bad = { ...changed(), contact_email: 'not an email' }
    await expect(saveSettings(bad)).rejects.toThrow()
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
  })

  it('falls back to the defaults when the stored JSON is corrupt', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    storeRaw('{"brand_name": "Half a rec')
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
    expect(log).toHaveBeenCalled()
  })

  it('falls back to the defaults when the stored JSON no longer fits the schema', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    storeRaw(JSON.stringify({ brand_name: 'Only a name' }))
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
    expect(log).toHaveBeenCalled()
  })

  it('ensureSettings seeds the defaults once and never overwrites saved settings', async () => {
    expect(await ensureSettings()).toBe(true)
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
    await saveSettings(changed())
    expect(await ensureSettings()).toBe(false)
    expect(await getSettings()).toEqual(changed())
  })
})
