// npm run user:create -- --email E --password P [--admin]
// Creates a staff user or, when the email exists (any case), replaces its
// password, which signs the account out everywhere.
import { parseArgs } from 'node:util'
import { config } from '~/config.server'
import { closeDatabase, db } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { queuePasswordChangedMail } from '~/auth/account-events.server'
import { runAsDataOwner } from '~/ops/run-as-data-owner.server'
import { ADMIN_ROLE, grantRole, hasAdminRole, upsertUser } from '~/models/users.server'

const USAGE = 'Usage: npm run user:create -- --email you@example.com --password secret12 [--admin]'

class UsageError extends Error {}

function readArguments(argv: string[]) {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        admin: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const { values } = parsed
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const email = values.email?.trim() ?? ''
  const password = values.password ?? ''
  if (!email) throw new UsageError('--email is required')
  if (!email.includes('@') || email.length < 3 || email.length > 255) {
    throw new UsageError('--email must be an email address')
  }
  if (values.password === undefined) throw new UsageError('--password is required')
  if (password.length < 6) throw new UsageError('Password must be at least 6 characters')
  if (password.length > 200) throw new UsageError('Password must be at most 200 characters')
  return { email, password, admin: values.admin }
}

async function main() {
  const args = readArguments(process.argv.slice(2))
  const { DATABASE_PATH } = config()
  runAsDataOwner(DATABASE_PATH)
  await migrateToLatest(db())
  const user = await upsertUser(args.email, args.password)
  if (args.admin) await grantRole(user.id, ADMIN_ROLE)
  if (!user.created) await queuePasswordChangedMail(user.email, 'command line')
  const isAdmin = await hasAdminRole(user.id)
  console.log(
    user.created
      ? `Created user ${user.email} (user ${user.id}) in ${DATABASE_PATH}`
      : `Updated the password of ${user.email} (user ${user.id}) in ${DATABASE_PATH}. ` +
          `Signed out ${user.endedSessions} session${user.endedSessions === 1 ? '' : 's'}; unused reset links no longer work; ` +
          'the running server will email the account that its password changed.',
  )
  console.log(
    isAdmin ? 'Role: admin (can sign in at /admin/login)' : 'Role: none (add --admin to grant the admin role)',
  )
}

main()
  .then(() => closeDatabase())
  .catch(async (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    console.error(error instanceof UsageError ? `${message}\n${USAGE}` : message)
    await closeDatabase().catch(() => {})
    process.exit(error instanceof UsageError ? 2 : 1)
  })
