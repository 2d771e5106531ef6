import { createHmac } from 'node:crypto'

import bcrypt from 'bcryptjs'

/**
 * Password hashing.
 *
 * bcrypt reads only the first 72 bytes of its input, so a long password
 * would be cut short ('A'×72 followed by anything would match). Every
 * password is therefore first put in Unicode NFC (the same characters typed
 * on any keyboard or system are the same password), then condensed with
 * HMAC-SHA-256 into 44 base64 characters, and that is hashed with bcrypt:
 * every character of any length of password counts. The HMAC key is not a
 * secret; it only makes these hashes useless to anyone holding plain SHA-256
 * hashes of passwords from elsewhere.
 *
 * Stored hashes start with PREHASHED. Hashes made before (plain bcrypt of
 * the password as typed) still verify, for passwords of at most 72 bytes, and
 * are replaced at the next successful sign-in.
 */
export const BCRYPT_COST = 12
export const PREHASHED = '$bcrypt-sha256$v=1'
const HMAC_KEY = 'lindsey-street-cannabis/password/v1'
/** bcrypt's input limit: a plain bcrypt hash says nothing about bytes after these. */
const BCRYPT_MAX_BYTES = 72

export function normalizePassword(password: string): string {
  return password.normalize('NFC')
}

function prehash(password: string): string {
  // Node reads a string as UTF-8.
  return createHmac('sha256', HMAC_KEY).update(normalizePassword(password)).digest('base64')
}

export async function hashPassword(password: string, cost: number = BCRYPT_COST): Promise<string> {
  return PREHASHED + (await bcrypt.hash(prehash(password), cost))
}

/** The same hash, made synchronously (fixtures and scripts). */
export function hashPasswordSync(password: string, cost: number = BCRYPT_COST): string {
  return PREHASHED + bcrypt.hashSync(prehash(password), cost)
}

/**
 * A hash of a random password nobody knows, at the real cost: checking a
 * password for an unknown account costs the same time as for a real one.
 */
export const UNKNOWN_ACCOUNT_HASH = `${PREHASHED}$2b$12$Yz7rNMIlinn4Ly6OOwvJvO4MbnpXForgZIi5fSFKwfIKQNVY1zZY6`

export interface PasswordCheck {
  matches: boolean
  /** the stored hash is of the old kind and should be replaced now that the password is known */
  outdated: boolean
}

/** Whether a password matches a stored hash. Always costs one bcrypt comparison. */
export async function verifyPassword(password: string, storedHash: string): Promise<PasswordCheck> {
  if (storedHash.startsWith(PREHASHED)) {
    return { matches: await bcrypt.compare(prehash(password), storedHash.slice(PREHASHED.length)), outdated: false }
  }
  // A plain bcrypt hash: only a password bcrypt read in full can be told apart.
  // Node counts a string's bytes in UTF-8.
  if (Buffer.byteLength(password) > BCRYPT_MAX_BYTES) {
    await bcrypt.compare(prehash(password), UNKNOWN_ACCOUNT_HASH.slice(PREHASHED.length))
    return { matches: false, outdated: true }
  }
  return { matches: await bcrypt.compare(password, storedHash), outdated: true }
}
