import { data } from 'react-router'
import {
  hitRateLimit,
  peekRateLimit,
  retryMessage,
  type RateLimitRule,
  type RateLimitState,
} from '~/auth/rate-limit.server'

/** Spec issue 5: at most 10 failed sign-ins / reset requests per 15 minutes, per client address and per account. */
const WINDOW_MS = 15 * 60 * 1000
export const LOGIN_ADDRESS_RULE: RateLimitRule = { name: 'login-address', limit: 10, windowMs: WINDOW_MS }
export const LOGIN_ACCOUNT_RULE: RateLimitRule = { name: 'login-account', limit: 10, windowMs: WINDOW_MS }
export const RESET_ADDRESS_RULE: RateLimitRule = { name: 'reset-address', limit: 10, windowMs: WINDOW_MS }
export const RESET_ACCOUNT_RULE: RateLimitRule = { name: 'reset-account', limit: 10, windowMs: WINDOW_MS }

export interface Refusal {
  message: string
  retryAfterSeconds: number
}

function refusal(prefix: string, states: RateLimitState[]): Refusal | null {
  const limited = states.filter((s) => s.limited)
  if (limited.length === 0) return null
  const seconds = Math.max(...limited.map((s) => s.retryAfterSeconds))
  return { message: `${prefix} ${retryMessage(seconds)}`, retryAfterSeconds: seconds }
}

const LOGIN_PREFIX = 'Too many failed sign-in attempts.'
const RESET_PREFIX = 'Too many reset requests.'

/** Whether sign-in is locked for this address or account (counts nothing). */
export function loginRefusal(address: string, account: string): Refusal | null {
  const states = [peekRateLimit(LOGIN_ADDRESS_RULE, address)]
  if (account) states.push(peekRateLimit(LOGIN_ACCOUNT_RULE, account))
  return refusal(LOGIN_PREFIX, states)
}

/** Counts one failed sign-in; returns the refusal when this failure used up a limit. */
export function recordFailedLogin(address: string, account: string): Refusal | null {
  const states = [hitRateLimit(LOGIN_ADDRESS_RULE, address)]
  if (account) states.push(hitRateLimit(LOGIN_ACCOUNT_RULE, account))
  return refusal(LOGIN_PREFIX, states)
}

/** Whether reset requests are locked for this address (counts nothing). */
export function resetAddressRefusal(address: string): Refusal | null {
  return refusal(RESET_PREFIX, [peekRateLimit(RESET_ADDRESS_RULE, address)])
}

/** Counts one reset request; returns the refusal when it is over a limit. */
export function recordResetRequest(address: string, account: string): Refusal | null {
  return refusal(RESET_PREFIX, [hitRateLimit(RESET_ADDRESS_RULE, address), hitRateLimit(RESET_ACCOUNT_RULE, account)])
}

/** The 429 answer of a refused attempt, saying when to come back (Retry-After). */
export function refusedResponse<T>(body: T, refused: Refusal) {
  return data(body, { status: 429, headers: { 'Retry-After': String(refused.retryAfterSeconds) } })
}
