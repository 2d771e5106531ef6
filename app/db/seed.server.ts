import { ensureSettings } from '~/models/settings.server'

/**
 * Demo content for an empty database. Seeding twice adds nothing.
 * (The full demo content is filled in by the seed data modules.)
 */
export async function seedDemoContent(): Promise<{ inserted: boolean; summary: string }> {
  const settings = await ensureSettings()
  return { inserted: settings, summary: settings ? 'settings' : '' }
}
