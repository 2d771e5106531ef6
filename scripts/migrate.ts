// npm run db:migrate — applies every pending migration to DATABASE_PATH.
import { config } from '~/config.server'
import { db } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { runAsDataOwner } from '~/ops/run-as-data-owner.server'

import { runCommand } from './command'

async function main() {
  const { DATABASE_PATH } = config()
  runAsDataOwner(DATABASE_PATH)
  const result = await migrateToLatest(db())
  const applied = (result.results ?? []).filter((r) => r.status === 'Success')
  if (applied.length === 0) {
    console.log(`Database is up to date (${DATABASE_PATH})`)
  } else {
    for (const r of applied) console.log(`Applied migration ${r.migrationName}`)
    console.log(`Database migrated (${DATABASE_PATH})`)
  }
}

runCommand(main)
