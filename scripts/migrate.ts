// npm run db:migrate — applies every pending migration to DATABASE_PATH, then
// does the work they left to the app (app/models/upkeep.server.ts), as a start does.
import { config } from '~/config.server'
import { db } from '~/db/db.server'
import { migrateAndUpkeep } from '~/models/upkeep.server'
import { runAsDataOwner } from '~/ops/run-as-data-owner.server'

import { runCommand } from './command'

async function main() {
  const { DATABASE_PATH } = config()
  runAsDataOwner(DATABASE_PATH)
  const { migrated, upkeep } = await migrateAndUpkeep(db())
  const applied = (migrated.results ?? []).filter((r) => r.status === 'Success')
  if (applied.length === 0) {
    console.log(`Database is up to date (${DATABASE_PATH})`)
  } else {
    for (const r of applied) console.log(`Applied migration ${r.migrationName}`)
    console.log(`Database migrated (${DATABASE_PATH})`)
  }
  for (const { task, count } of upkeep) console.log(`Upkeep after the migrations: ${task} (${count})`)
}

runCommand(main)
