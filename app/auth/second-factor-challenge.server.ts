import { signedCookie } from '~/auth/session-cookie.server'
import { SIGN_IN_CODE_COOKIE } from '~/http/cookies.server'

/**
 * The step between a correct password and the second-factor code: a signed,
 * HttpOnly cookie naming the account and where to go after, valid 10
 * minutes. No session exists until the code is right, so nothing of the
 * admin opens with the password alone.
 */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000

export interface Challenge {
  userId: number
  redirectTo: string
}

function challengeCookie() {
  return signedCookie(SIGN_IN_CODE_COOKIE, CHALLENGE_TTL_MS / 1000)
}

/** The Set-Cookie that asks this browser for a code for `userId`. */
export async function startChallenge(challenge: Challenge, now: Date = new Date()): Promise<string> {
  return challengeCookie().serialize({
    u: challenge.userId,
    r: challenge.redirectTo,
    e: now.getTime() + CHALLENGE_TTL_MS,
  })
}

/** The challenge this browser carries, or null (none, forged, or expired). */
export async function readChallenge(request: Request, now: Date = new Date()): Promise<Challenge | null> {
  try {
    const value: unknown = await challengeCookie().parse(request.headers.get('Cookie'))
    // Any value but an object has no whole-number u and is refused below; destructuring null throws into the catch.
    const { u, r, e } = value as { u?: unknown; r?: unknown; e?: unknown }
    if (typeof u !== 'number' || !Number.isInteger(u) || typeof r !== 'string' || typeof e !== 'number') return null
    if (!(e > now.getTime())) return null
    return { userId: u, redirectTo: r }
  } catch {
    return null
  }
}

/** The Set-Cookie that ends the challenge. */
export async function clearChallenge(): Promise<string> {
  // Stryker disable next-line StringLiteral: equivalent mutant (text for the empty value): a cookie with Max-Age=0 is deleted whatever its value
  return challengeCookie().serialize('', { maxAge: 0 })
}
