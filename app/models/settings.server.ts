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
  if (!row) return DEFAULT_SETTINGS
  if (parsedCache?.raw === row.data) return parsedCache.value
  try {
    const parsed = SettingsSchema.safeParse(JSON.parse(row.data))
    if (parsed.success) {
      parsedCache = { raw: row.data, value: parsed.data }
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
  const data = JSON.stringify(SettingsSchema.parse(settings))
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom('settings').select('data').where('id', '=', 1).executeTakeFirst()
      await trx
        .insertInto('settings')
        .values({ id: 1, data })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data, updated_at: new Date().toISOString() }))
        .execute()
      const changes = describeSettingsChanges(before ? JSON.parse(before.data) : DEFAULT_SETTINGS, JSON.parse(data))
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
