import { data } from 'react-router'

import {
  checkLimit,
  clearLimit,
  consumeLimit,
  type DelayRule,
  hitLimit,
  type LimitState,
  retryMessage,
  type WindowRule,
} from '~/auth/rate-limit.server'

/**
 * The limits on sign-in, password reset requests and the contact form.
 *
 * Sign-in counts failures three ways, so that nobody can lock an account's
 * owner out by failing on purpose:
 * - per address and account: 10 failures in 15 minutes refuse that account
 *   from that address until the window ends;
 * - per address: 20 failures in 15 minutes, whatever the accounts, refuse that
 *   address (one address trying many accounts);
 * - per account: after 5 failures from anywhere, each further failure asks for
 *   a delay, 1 second doubling up to 15 minutes. The delay holds back only the
 *   addresses that have failed recently; the right password from an address
 *   with no recent failures still signs in.
 */
const MINUTE = 60_000

/**
 * The schedule of an account's growing delay (sign-in and second-factor
 * codes): 5 failures free, then 1 second doubling up to 15 minutes, forgotten
 * after an hour without failures.
 */
const ACCOUNT_DELAY = {
  type: 'growing-delay',
  freeAttempts: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
} as const

export const LOGIN_ACCOUNT_ADDRESS_RULE: WindowRule = {
  name: 'login-account-address',
  keyKind: 'account+address',
  type: 'window',
  limit: 10,
  windowMs: 15 * MINUTE,
}
export const LOGIN_ADDRESS_RULE: WindowRule = {
  name: 'login-address',
  keyKind: 'address',
  type: 'window',
  limit: 20,
  windowMs: 15 * MINUTE,
}
export const LOGIN_ACCOUNT_RULE: DelayRule = {
  name: 'login-account',
  keyKind: 'account',
  ...ACCOUNT_DELAY,
}

/** Reset requests: 10 per 15 minutes from one address (refused beyond). */
export const RESET_ADDRESS_RULE: WindowRule = {
  name: 'reset-address',
  keyKind: 'address',
  type: 'window',
  limit: 10,
  windowMs: 15 * MINUTE,
}
/**
 * Reset emails: at most 5 an hour to one account. Beyond that the page answers
 * as usual and no email goes, so nobody can flood an inbox, and nobody can
 * make the owner's own request fail.
 */
export const RESET_ACCOUNT_RULE: WindowRule = {
  name: 'reset-account',
  keyKind: 'account',
  type: 'window',
  limit: 5,
  windowMs: 60 * MINUTE,
}

/**
 * Contact messages are limited two ways. One sender (email address) may send
 * 5 in 10 minutes. One network address may send 30 in 10 minutes, whoever
 * writes: enough for the customers on a shop's or a café's shared Wi-Fi, while
 * the hidden honeypot field stops the simple bots.
 */
export const CONTACT_EMAIL_RULE: WindowRule = {
  name: 'contact-email',
  keyKind: 'account',
  type: 'window',
  limit: 5,
  windowMs: 10 * MINUTE,
}
export const CONTACT_ADDRESS_RULE: WindowRule = {
  name: 'contact-address',
  keyKind: 'address',
  type: 'window',
  limit: 30,
  windowMs: 10 * MINUTE,
}

/**
 * Second-factor codes, asked for after a correct password. Whoever reaches
 * this step knows the password, so the account's delay holds back every
 * address: after 5 wrong codes in an hour each further one waits 1 second,
 * doubling up to 15 minutes (a 6-digit code cannot be guessed at that pace).
 * One address may fail 20 times in 15 minutes, whatever the accounts.
 */
export const SECOND_FACTOR_ACCOUNT_RULE: DelayRule = {
  name: 'second-factor-account',
  keyKind: 'account',
  ...ACCOUNT_DELAY,
}
export const SECOND_FACTOR_ADDRESS_RULE: WindowRule = {
  name: 'second-factor-address',
  keyKind: 'address',
  type: 'window',
  limit: 20,
  windowMs: 15 * MINUTE,
}

export interface Refusal {
  message: string
  retryAfterSeconds: number
}

const LOGIN_PREFIX = 'Too many failed sign-in attempts.'
const RESET_PREFIX = 'Too many reset requests.'
const CONTACT_PREFIX = 'You have sent several messages in a short time.'
const SECOND_FACTOR_PREFIX = 'Too many wrong codes.'

const refusal = (prefix: string, state: LimitState): Refusal => ({
  message: `${prefix} ${retryMessage(state.retryAfterSeconds)}`,
  retryAfterSeconds: state.retryAfterSeconds,
})

/**
 * Whether a sign-in from this address for this account is refused now,
 * before the password is checked (counts nothing). `account` is the
 * normalised email, or '' when the form has none.
 */
export async function loginRefusal(address: string, account: string): Promise<Refusal | null> {
  const byAddress = await checkLimit(LOGIN_ADDRESS_RULE, { address })
  if (byAddress.limited) return refusal(LOGIN_PREFIX, byAddress)
  // An empty account is never counted (recordFailedLogin skips it), so its counters read as open.
  const byPair = await checkLimit(LOGIN_ACCOUNT_ADDRESS_RULE, { account, address })
  if (byPair.limited) return refusal(LOGIN_PREFIX, byPair)
  const byAccount = await checkLimit(LOGIN_ACCOUNT_RULE, { account })
  // The account's delay holds back addresses that have failed recently, not a new one.
  const recentFailures = byPair.hits > 0 || byAddress.hits > 0
  if (byAccount.limited && recentFailures) return refusal(LOGIN_PREFIX, byAccount)
  return null
}

/**
 * Counts one failed sign-in; returns the refusal the next attempt from this
 * address would get, so the answer can say when to come back.
 */
export async function recordFailedLogin(address: string, account: string): Promise<Refusal | null> {
  await hitLimit(LOGIN_ADDRESS_RULE, { address })
  if (account) {
    await hitLimit(LOGIN_ACCOUNT_ADDRESS_RULE, { account, address })
    await hitLimit(LOGIN_ACCOUNT_RULE, { account })
  }
  return loginRefusal(address, account)
}

/**
 * A correct password clears the count of this account from this address.
 * The account's own count stays: others may still be guessing it.
 */
export async function recordSuccessfulLogin(address: string, account: string): Promise<void> {
  await clearLimit(LOGIN_ACCOUNT_ADDRESS_RULE, { account, address })
}

/** Whether second-factor codes for this account from this address are refused now (counts nothing). */
export async function secondFactorRefusal(address: string, account: string): Promise<Refusal | null> {
  const byAddress = await checkLimit(SECOND_FACTOR_ADDRESS_RULE, { address })
  if (byAddress.limited) return refusal(SECOND_FACTOR_PREFIX, byAddress)
  const byAccount = await checkLimit(SECOND_FACTOR_ACCOUNT_RULE, { account })
  return byAccount.limited ? refusal(SECOND_FACTOR_PREFIX, byAccount) : null
}

/** Counts one wrong second-factor code; returns the refusal the next attempt would get. */
export async function recordFailedSecondFactor(address: string, account: string): Promise<Refusal | null> {
  await hitLimit(SECOND_FACTOR_ADDRESS_RULE, { address })
  await hitLimit(SECOND_FACTOR_ACCOUNT_RULE, { account })
  return secondFactorRefusal(address, account)
}

/** Whether reset requests from this address are refused now (counts nothing). */
export async function resetAddressRefusal(address: string): Promise<Refusal | null> {
  const state = await checkLimit(RESET_ADDRESS_RULE, { address })
  return state.limited ? refusal(RESET_PREFIX, state) : null
}

/**
 * Counts one valid reset request. Returns a refusal when the address is over
 * its limit; otherwise whether an email may go to the account.
 */
export async function recordResetRequest(
  address: string,
  account: string,
): Promise<{ refused: Refusal } | { refused: null; mayEmail: boolean }> {
  const byAddress = await consumeLimit(RESET_ADDRESS_RULE, { address })
  if (!byAddress.allowed) return { refused: refusal(RESET_PREFIX, byAddress) }
  const byAccount = await consumeLimit(RESET_ACCOUNT_RULE, { account })
  return { refused: null, mayEmail: byAccount.allowed }
}

/**
 * Counts one contact message from this network address and this sender's
 * email; returns the refusal when either is over its limit (then nothing is
 * counted, so a refused message costs the other limit nothing).
 */
export async function recordContactMessage(address: string, email: string): Promise<Refusal | null> {
  const account = email.trim().toLowerCase()
  const byEmail = await checkLimit(CONTACT_EMAIL_RULE, { account })
  if (byEmail.limited) return refusal(CONTACT_PREFIX, byEmail)
  const byAddress = await consumeLimit(CONTACT_ADDRESS_RULE, { address })
  if (!byAddress.allowed) return refusal(CONTACT_PREFIX, byAddress)
  const after = await consumeLimit(CONTACT_EMAIL_RULE, { account })
  return after.allowed ? null : refusal(CONTACT_PREFIX, after)
}

/** The 429 answer of a refused attempt, saying when to come back (Retry-After). */
export function refusedResponse<T>(body: T, refused: Refusal) {
  return data(body, { status: 429, headers: { 'Retry-After': String(refused.retryAfterSeconds) } })
}
