// npm run db:seed — migrates, fills an empty database as a first start does (the
// store's own content; demo posts and inquiries too on a laptop or with
// DEMO_CONTENT=1) and makes sure an admin can exist, by the same rules as a start.
import { config } from '~/config.server'
import { db } from '~/db/db.server'
import { migrateAndUpkeep } from '~/models/upkeep.server'
import { runAsDataOwner } from '~/ops/run-as-data-owner.server'
import { seedContent } from '~/seed/seed.server'
import { ensureAdmin } from '~/startup.server'

import { runCommand } from './command'

async function main() {
  const { DATABASE_PATH, demoContent } = config()
  runAsDataOwner(DATABASE_PATH)
  const { migrated } = await migrateAndUpkeep(db())
  for (const r of migrated.results ?? []) {
    if (r.status === 'Success') console.log(`Applied migration ${r.migrationName}`)
  }
  const seeded = await seedContent(demoContent ? 'demo' : 'store')
  console.log(
    seeded.inserted
      ? `${demoContent ? 'Demo' : 'Store'} content added to ${DATABASE_PATH}: ${seeded.summary}`
      : `Nothing to add: ${DATABASE_PATH} already holds content${seeded.summary ? ` (${seeded.summary})` : ''}`,
  )
  await ensureAdmin()
}

runCommand(main)
