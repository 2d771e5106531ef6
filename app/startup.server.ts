import { randomBytes } from 'node:crypto'

import { type Config, config, configWarnings } from '~/config.server'
import { db, sqlite } from '~/db/db.server'
import { startVisitCounting } from '~/http/visit-counter.server'
import { pruneActivity } from '~/models/activity.server'
import { startMailQueue, stopMailQueue } from '~/models/mail-delivery.server'
import { startPostScheduler, stopPostScheduler } from '~/models/post-schedule.server'
import { countAdmins, issueSetupToken } from '~/models/setup-tokens.server'
import { startTrashSweep } from '~/models/trash-sweep.server'
import { migrateAndUpkeep } from '~/models/upkeep.server'
import { startUploadSweep } from '~/models/upload-sweep.server'
import { ADMIN_ROLE, countUsers, grantRole, upsertUser } from '~/models/users.server'
import { checkDataFolder } from '~/ops/data-folder.server'
import { restoreIfMissing, startReplication, stopReplication } from '~/ops/replication.server'
import { seedContent } from '~/seed/seed.server'

import { migrations } from '../migrations'

/**
 * Everything between `node server.mjs` and the first request, in this order
 * (docs/decisions/startup-sequence.md):
 *
 * 1. read the environment (a bad variable stops here, named);
 * 2. check that the data folder can be written by this user;
 * 3. with LITESTREAM_REPLICA_URL and no database file: restore it from the replica
 *    (a replica that cannot be read stops here: never start empty over it);
 * 4. apply the migrations, then do the work they left to the app (stored posts
 *    rendered, stored images converted: app/models/upkeep.server.ts);
 * 5. fill an empty database: the store's own content, plus demo posts and
 *    inquiries on a laptop (or when DEMO_CONTENT=1 asks for them);
 * 6. make sure an admin can exist: ADMIN_EMAIL/ADMIN_PASSWORD, else in production a
 *    one-time setup link, else (laptop) a demo admin with a printed password;
 * 7. publish every scheduled post whose time has come (a restart or a restore
 *    after it), and arm the timer that publishes the next ones at their time;
 *    remove for good what has been in the Trash for 30 days (then daily);
 * 8. with LITESTREAM_REPLICA_URL: start Litestream beside the server.
 *
 * server.mjs then listens, and on SIGTERM/SIGINT stops accepting requests, lets
 * the open ones finish, and calls `shutdown` (Litestream's final sync) before exiting.
 */
export async function startup() {
  const cfg = config()
  for (const warning of configWarnings(cfg)) console.warn(warning)
  checkDataFolder(cfg.DATABASE_PATH)
  if (cfg.LITESTREAM_REPLICA_URL) await restoreIfMissing(cfg.DATABASE_PATH, cfg.LITESTREAM_REPLICA_URL)
  try {
    const { upkeep } = await migrateAndUpkeep(db())
    for (const { task, count } of upkeep) console.log(`Upkeep after the migrations: ${task} (${count})`)
    const seeded = await seedContent(cfg.demoContent ? 'demo' : 'store')
    if (seeded.inserted) console.log(`${cfg.demoContent ? 'Demo' : 'Store'} content added: ${seeded.summary}`)
    await ensureAdmin(cfg)
    // The activity log keeps a year.
    const pruned = await pruneActivity()
    if (pruned) console.log(`Activity log: ${pruned} entries older than a year removed`)
  } catch (error) {
    // A read-only file that is already up to date can still serve every page.
    if (!(await isReadOnlyButCurrent())) throw error
    console.error(
      `The database ${cfg.DATABASE_PATH} cannot be written by user id ${process.getuid?.() ?? '?'}: ` +
        'pages are served, forms answer 503 until it can.',
    )
  }
  // Queued mail is sent, unused uploads swept and the Trash emptied of expired items, by this process until it stops.
  startMailQueue()
  startUploadSweep()
  const stopTrashSweep = startTrashSweep()
  await startPostScheduler()
  // Page views and taps, counted in memory and written every few seconds (ANALYTICS=0: nothing is counted).
  const stopCounting = cfg.ANALYTICS ? startVisitCounting({ siteUrl: cfg.SITE_URL, trustProxy: cfg.TRUST_PROXY }) : null
  if (cfg.LITESTREAM_REPLICA_URL) await startReplication(cfg.DATABASE_PATH, cfg.LITESTREAM_REPLICA_URL)
  return {
    PORT: cfg.PORT,
    SITE_URL: cfg.SITE_URL,
    allowedActionOrigins: [new URL(cfg.SITE_URL).host],
    /** After the HTTP server has closed: records any mail being sent, then stops Litestream after its final sync. */
    shutdown: async () => {
      stopPostScheduler()
      stopTrashSweep()
      await stopCounting?.()
      await stopMailQueue()
      await stopReplication()
    },
  }
}

const RULE = '─'.repeat(60)

/**
 * Makes sure someone can sign in to /admin on a new database.
 * - ADMIN_EMAIL/ADMIN_PASSWORD set: that account, once.
 * - Production (real data) without them: while no admin exists, a one-time setup
 *   link valid 24 hours is logged at each start (a new link replaces the last).
 *   No password is ever written to the log.
 * - Laptop without them: a demo admin with a generated password, printed once.
 */
export async function ensureAdmin(cfg: Config = config()): Promise<void> {
  if (cfg.holdsRealData) {
    if ((await countAdmins()) > 0) return
    if (cfg.ADMIN_EMAIL && cfg.ADMIN_PASSWORD) {
      await createAdmin(cfg.ADMIN_EMAIL, cfg.ADMIN_PASSWORD)
      console.log(`\n${RULE}\nStaff admin ${cfg.ADMIN_EMAIL} created (the ADMIN_PASSWORD you set).`)
      console.log(`Sign in at ${cfg.SITE_URL}/admin/login\n${RULE}\n`)
      return
    }
    const token = await issueSetupToken()
    console.log(`\n${RULE}\nNo admin yet. Create the first one within 24 hours at:`)
    console.log(`  ${cfg.SITE_URL}/admin/setup?token=${token}`)
    console.log('The link works once. While no admin exists, each start logs a new link and the old one stops working.')
    console.log(`${RULE}\n`)
    return
  }
  if ((await countUsers()) > 0) return
  const email = cfg.ADMIN_EMAIL ?? 'admin@example.com'
  const password = cfg.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url')
  await createAdmin(email, password)
  console.log(`\n${RULE}\nStaff admin created. Sign in at ${cfg.SITE_URL}/admin/login`)
  console.log(`  email:    ${email}`)
  console.log(
    cfg.ADMIN_PASSWORD
      ? '  password: (the ADMIN_PASSWORD you set)'
      : `  password: ${password}   (shown once; change it with npm run user:create)`,
  )
  console.log(`${RULE}\n`)
}

async function createAdmin(email: string, password: string) {
  const user = await upsertUser(email, password)
  await grantRole(user.id, ADMIN_ROLE)
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
