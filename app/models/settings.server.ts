import { db } from '~/db/db.server'
import { describeSettingsChanges, recordActivity } from '~/models/activity.server'
import { DEFAULT_SETTINGS, SettingsSchema, type SiteSettings } from '~/schemas/settings'

/**
 * The one settings record. A stored value that no longer fits the schema falls
 * back to the defaults (logged) rather than breaking every page.
 */
/** The last stored JSON and its validated value: every page reads settings (twice), rarely changed. */
let parsedCache: { raw: string; value: SiteSettings } | undefined

export async function getSettings(): Promise<SiteSettings> {
  const row = await db().selectFrom('settings').select('data').where('id', '=', 1).executeTakeFirst()
  return storedSettings(row?.data)
}

/** A stored settings record as values; the defaults (logged) for none, or for one that no longer fits. */
function storedSettings(raw: string | undefined): SiteSettings {
  if (raw === undefined) return DEFAULT_SETTINGS
  if (parsedCache?.raw === raw) return parsedCache.value
  try {
    const parsed = SettingsSchema.safeParse(JSON.parse(raw))
    if (parsed.success) {
      parsedCache = { raw, value: parsed.data }
      return parsed.data
    }
    console.error('Stored settings do not match the schema; using defaults', parsed.error.issues)
  } catch (error) {
    console.error('Stored settings are not valid JSON; using defaults', error)
  }
  return DEFAULT_SETTINGS
}

/** Saves the store facts; what changed is logged, before and after, in the same transaction. */
export async function saveSettings(settings: SiteSettings): Promise<void> {
  const valid = SettingsSchema.parse(settings)
  const data = JSON.stringify(valid)
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom('settings').select('data').where('id', '=', 1).executeTakeFirst()
      await trx
        .insertInto('settings')
        .values({ id: 1, data })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data, updated_at: new Date().toISOString() }))
        .execute()
      // A stored record that no longer reads is compared as the defaults: the save that mends it still goes through.
      const changes = describeSettingsChanges(storedSettings(before?.data), valid)
      // A save that changes nothing a person would see is not an event.
      if (changes.length > 0)
        await recordActivity(trx, { kind: 'settings', action: 'updated', subject_label: 'Store settings', changes })
    })
}

/** Seeds the defaults when no record exists; returns true when it inserted. */
export async function ensureSettings(): Promise<boolean> {
  const result = await db()
    .insertInto('settings')
    .values({ id: 1, data: JSON.stringify(DEFAULT_SETTINGS) })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}
