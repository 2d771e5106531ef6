// npm run db:seed — migrates, adds the demo content to an empty database and
// makes sure an admin exists (ADMIN_EMAIL/ADMIN_PASSWORD or a printed demo admin).
import { config } from '~/config.server'
import { closeDatabase, db } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { seedDemoContent } from '~/db/seed.server'
import { ensureAdmin } from '~/startup.server'

async function main() {
  const { DATABASE_PATH } = config()
  const migrated = await migrateToLatest(db())
  for (const r of migrated.results ?? []) {
    if (r.status === 'Success') console.log(`Applied migration ${r.migrationName}`)
  }
  const seeded = await seedDemoContent()
  console.log(
    seeded.inserted
      ? `Demo content added to ${DATABASE_PATH}: ${seeded.summary}`
      : `Nothing to add: ${DATABASE_PATH} already holds content${seeded.summary ? ` (${seeded.summary})` : ''}`,
  )
  await ensureAdmin()
}

main()
  .then(() => closeDatabase())
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    await closeDatabase().catch(() => {})
    process.exit(1)
  })
