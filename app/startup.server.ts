import { randomBytes } from 'node:crypto'
import { config } from '~/config.server'
import { db, sqlite } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { migrations } from '../migrations'
import { seedDemoContent } from '~/db/seed.server'
import { startMailQueue, stopMailQueue } from '~/lib/mail-queue.server'
import { countUsers, grantRole, upsertUser, ADMIN_ROLE } from '~/models/users.server'
import { pruneActivity } from '~/models/activity.server'

/**
 * Runs before the server listens: validates the environment, migrates, seeds an
 * empty database with demo content and makes sure someone can sign in.
 */
export async function startup() {
  const cfg = config()
  try {
    await migrateToLatest(db())
    const seeded = await seedDemoContent()
    if (seeded.inserted) console.log(`Demo content added: ${seeded.summary}`)
    await ensureAdmin()
    // The activity log keeps a year.
    const pruned = await pruneActivity()
    if (pruned) console.log(`Activity log: ${pruned} entries older than a year removed`)
  } catch (error) {
    // A read-only file that is already up to date can still serve every page.
    if (!(await isReadOnlyButCurrent())) throw error
    console.error('The database cannot be written: pages are served, forms answer 503 until it can.')
  }
  // Queued mail is sent by this process until server.mjs calls stopMailQueue at shutdown.
  startMailQueue()
  return {
    PORT: cfg.PORT,
    SITE_URL: cfg.SITE_URL,
    allowedActionOrigins: [new URL(cfg.SITE_URL).host],
    stopMailQueue,
  }
}

/** On an empty users table: ADMIN_EMAIL/ADMIN_PASSWORD, or a demo admin with a printed password. */
export async function ensureAdmin(): Promise<void> {
  if ((await countUsers()) > 0) return
  const cfg = config()
  const email = cfg.ADMIN_EMAIL ?? 'admin@example.com'
  const password = cfg.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url')
  const user = await upsertUser(email, password)
  await grantRole(user.id, ADMIN_ROLE)
  const line = '─'.repeat(60)
  console.log(`\n${line}\nStaff admin created. Sign in at ${cfg.SITE_URL}/admin/login`)
  console.log(`  email:    ${email}`)
  console.log(
    cfg.ADMIN_PASSWORD
      ? '  password: (the ADMIN_PASSWORD you set)'
      : `  password: ${password}   (shown once; change it with npm run user:create)`,
  )
  console.log(`${line}\n`)
}

/** True when writes are refused but every migration has already been applied. */
async function isReadOnlyButCurrent(): Promise<boolean> {
  try {
    const handle = sqlite()
    const writable = (() => {
      try {
        handle.prepare('CREATE TABLE IF NOT EXISTS startup_write_probe (x)').run()
        handle.prepare('DROP TABLE IF EXISTS startup_write_probe').run()
        return true
      } catch {
        return false
      }
    })()
    if (writable) return false
    const applied = handle.prepare('SELECT name FROM kysely_migration').all() as { name: string }[]
    const names = new Set(applied.map((row) => row.name))
    return Object.keys(migrations).every((name) => names.has(name))
  } catch {
    return false
  }
}
