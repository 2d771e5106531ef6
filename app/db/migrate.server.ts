import { type MigrationResultSet, Migrator } from 'kysely/migration'

import { migrations } from '../../migrations'
import type { DB } from './db.server'

/** Applies every pending migration; running it twice changes nothing. */
export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  })
  const result = await migrator.migrateToLatest()
  if (result.error) throw result.error
  return result
}
