import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '~/auth/password.server'
import { findUserByEmail, upgradePasswordHash, type PublicUser } from '~/models/users.server'

/** The one message for an unknown email and a wrong password alike. */
export const INVALID_CREDENTIALS = 'Invalid email or password'

export class InvalidCredentialsError extends Error {
  override name = 'InvalidCredentialsError'
  constructor() {
    super(INVALID_CREDENTIALS)
  }
}

/**
 * Checks an email and password; throws InvalidCredentialsError when they do
 * not match an account. An unknown email still pays for one comparison, so
 * the answer time does not tell whether an account exists.
 */
export async function verifyCredentials(email: string, password: string): Promise<PublicUser> {
  const user = await findUserByEmail(email)
  const stored = user?.password_hash ?? UNKNOWN_ACCOUNT_HASH
  const check = await verifyPassword(password, stored)
  if (!user || !check.matches) throw new InvalidCredentialsError()
  if (check.outdated) await upgradePasswordHash(user.id, stored, password)
  return { id: user.id, email: user.email }
}

/**
 * remix-auth 4 keeps no session (STACK.md trap 3): `authenticate('form', request)`
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
