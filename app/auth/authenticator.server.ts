import bcrypt from 'bcryptjs'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { findUserByEmail, type PublicUser } from '~/models/users.server'

/** The one message for an unknown email and a wrong password alike. */
export const INVALID_CREDENTIALS = 'Invalid email or password'

export class InvalidCredentialsError extends Error {
  override name = 'InvalidCredentialsError'
  constructor() {
    super(INVALID_CREDENTIALS)
  }
}

/**
 * A bcrypt hash (cost 12, like real accounts) of a random password nobody
 * knows: an unknown email still pays for one comparison, so the answer time
 * does not tell whether an account exists.
 */
const DUMMY_HASH = '$2b$12$2sMIwwtcX5KBcp1TFpxM6uB8EFCJWBhUtVpT9HJC1qilgJ0OqhXc6'

/** Checks an email and password; throws InvalidCredentialsError when they do not match an account. */
export async function verifyCredentials(email: string, password: string): Promise<PublicUser> {
  const user = await findUserByEmail(email)
  const matches = await bcrypt.compare(password, user?.password_hash ?? DUMMY_HASH)
  if (!user || !matches) throw new InvalidCredentialsError()
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
