import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'

import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '~/auth/password.server'
import { findUserByEmail, type PublicUser, upgradePasswordHash } from '~/models/users.server'

/** The one message for an unknown email and a wrong password alike. */
export const INVALID_CREDENTIALS = 'Invalid email or password'

export class InvalidCredentialsError extends Error {
  // Named in a log line of the error; callers tell the errors apart with instanceof.
  override name = 'InvalidCredentialsError'
  constructor() {
    super(INVALID_CREDENTIALS)
  }
}

export const DEACTIVATED_MESSAGE = 'This account has been deactivated. Ask an admin if you need it again.'

/** The right password for an account an admin has deactivated. */
export class AccountDeactivatedError extends Error {
  // Named in a log line of the error; callers tell the errors apart with instanceof.
  override name = 'AccountDeactivatedError'
  constructor() {
    super(DEACTIVATED_MESSAGE)
  }
}

/**
 * Checks an email and password; throws InvalidCredentialsError when they do
 * not match an account. An unknown email still pays for one comparison, so
 * the answer time does not tell whether an account exists. A deactivated
 * account is refused with AccountDeactivatedError, and only once its
 * password was right, so the refusal tells nothing to anyone else.
 */
export async function verifyCredentials(email: string, password: string): Promise<PublicUser> {
  const user = await findUserByEmail(email)
  const stored = user?.password_hash ?? UNKNOWN_ACCOUNT_HASH
  const check = await verifyPassword(password, stored)
  if (!user || !check.matches) throw new InvalidCredentialsError()
  if (user.deactivated_at !== null) throw new AccountDeactivatedError()
  if (check.outdated) await upgradePasswordHash(user.id, stored, password)
  return { id: user.id, email: user.email }
}

/**
 * remix-auth 4 keeps no session: `authenticate('form', request)`
 * returns the user or throws; the login action starts the session itself.
 */
export const authenticator = new Authenticator<PublicUser>()

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get('email')
    const password = form.get('password')
    if (typeof email !== 'string' || typeof password !== 'string') throw new InvalidCredentialsError()
    return verifyCredentials(email, password)
  }),
  'form',
)
