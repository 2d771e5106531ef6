// npm run user:create -- --email E --password P [--admin | --role staff|admin]
// npm run user:create -- --email E --reset-second-factor [--password P]
// Creates a staff user or, when the email exists (any case), replaces its
// password, which signs the account out everywhere. --reset-second-factor
// removes the account's authenticator app and recovery codes (a lost phone).
import { queuePasswordChangedMail } from '~/auth/account-events.server'
import { config } from '~/config.server'
import { db } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { removeSecondFactor } from '~/models/second-factor.server'
import { deleteUserSessions } from '~/models/sessions.server'
import { setRole } from '~/models/staff.server'
import { findUserByEmail, roleOf, upsertUser } from '~/models/users.server'
import { runAsDataOwner } from '~/ops/run-as-data-owner.server'

import { readCommandLine, runCommand, UsageError } from './command'

const USAGE = [
  'Usage: npm run user:create -- --email you@example.com --password secret12 [--admin | --role staff|admin]',
  '       npm run user:create -- --email you@example.com --reset-second-factor [--password secret12]',
].join('\n')

function readArguments(argv: string[]) {
  const { values } = readCommandLine(argv, USAGE, {
    email: { type: 'string' },
    password: { type: 'string' },
    admin: { type: 'boolean', default: false },
    role: { type: 'string' },
    'reset-second-factor': { type: 'boolean', default: false },
  })
  const email = values.email?.trim() ?? ''
  const password = values.password ?? ''
  if (!email) throw new UsageError('--email is required')
  if (!email.includes('@') || email.length < 3 || email.length > 255) {
    throw new UsageError('--email must be an email address')
  }
  const resetSecondFactor = values['reset-second-factor']
  if (values.password === undefined && !resetSecondFactor) throw new UsageError('--password is required')
  if (values.password !== undefined) {
    if (password.length < 6) throw new UsageError('Password must be at least 6 characters')
    if (password.length > 200) throw new UsageError('Password must be at most 200 characters')
  }
  if (values.role !== undefined && values.role !== 'staff' && values.role !== 'admin') {
    throw new UsageError('--role must be staff or admin')
  }
  if (values.admin && values.role === 'staff') throw new UsageError('--admin and --role staff disagree')
  const role = values.admin ? ('admin' as const) : (values.role as 'staff' | 'admin' | undefined)
  return { email, password: values.password === undefined ? undefined : password, role, resetSecondFactor }
}

/** Removes the second factor of an existing account and signs it out everywhere. */
async function resetSecondFactor(email: string): Promise<void> {
  const user = await findUserByEmail(email)
  if (!user) throw new Error(`No account with the email ${email}`)
  const removed = await removeSecondFactor(user.id, 'reset from the command line', null)
  await deleteUserSessions(user.id)
  console.log(
    removed
      ? `Removed the two-step sign-in of ${user.email} and its recovery codes, and signed it out everywhere. ` +
          'It signs in with its password alone until it sets up an app again (required again at once when an admin requires it).'
      : `${user.email} had no two-step sign-in; signed it out everywhere.`,
  )
}

async function main() {
  const args = readArguments(process.argv.slice(2))
  const { DATABASE_PATH } = config()
  runAsDataOwner(DATABASE_PATH)
  await migrateToLatest(db())
  if (args.resetSecondFactor) await resetSecondFactor(args.email)
  if (args.password === undefined) return
  const user = await upsertUser(args.email, args.password)
  if (args.role) {
    const changed = await setRole(user.id, args.role, null)
    if (!changed.ok) console.error(changed.message)
  }
  if (!user.created) await queuePasswordChangedMail(user.email, 'command line')
  const role = await roleOf(user.id)
  console.log(
    user.created
      ? `Created user ${user.email} (user ${user.id}) in ${DATABASE_PATH}`
      : `Updated the password of ${user.email} (user ${user.id}) in ${DATABASE_PATH}. ` +
          `Signed out ${user.endedSessions} session${user.endedSessions === 1 ? '' : 's'}; unused reset links no longer work; ` +
          'the running server will email the account that its password changed.',
  )
  console.log(
    role === 'admin'
      ? 'Role: admin (can sign in at /admin/login and use everything)'
      : role === 'staff'
        ? 'Role: staff (can sign in at /admin/login for blog posts, inquiries and applications)'
        : 'Role: none (add --role staff or --admin to let it use the admin)',
  )
}

runCommand(main, { usage: USAGE })
