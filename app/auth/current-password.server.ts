import { logAccountEvent } from '~/auth/account-events.server'
import { loginRefusal, recordFailedLogin, type Refusal } from '~/auth/attempt-limits.server'
import { verifyPassword } from '~/auth/password.server'
import { findUserByEmail } from '~/models/users.server'

export const WRONG_CURRENT_PASSWORD = 'That is not your current password'

/**
 * Asks a signed-in account for its password again before a change to its
 * security (a new password, turning the second factor off, new recovery
 * codes). Wrong answers count against the sign-in limits, so a session left
 * open cannot be used to guess the password.
 */
export async function checkCurrentPassword(
  email: string,
  password: string,
  address: string,
): Promise<{ ok: true } | { ok: false; refused?: Refusal; message: string }> {
  const account = email.trim().toLowerCase()
  const locked = await loginRefusal(address, account)
  if (locked) return { ok: false, refused: locked, message: locked.message }
  const user = await findUserByEmail(email)
  if (user && (await verifyPassword(password, user.password_hash)).matches) return { ok: true }
  const nowLocked = await recordFailedLogin(address, account)
  logAccountEvent('sign-in-failed', { account, address, step: 'current password' })
  return nowLocked
    ? { ok: false, refused: nowLocked, message: nowLocked.message }
    : { ok: false, message: WRONG_CURRENT_PASSWORD }
}
