import { createHash } from 'node:crypto'

import type { RouterContextProvider } from 'react-router'

import { config } from '~/config.server'
import { requestFacts } from '~/context'
import { addressForLimits } from '~/lib/client-network.server'
import { deleteCounter, deleteExpiredCounters, readCounter, updateCounter } from '~/models/attempt-counters.server'

/**
 * Attempt limits kept in SQLite, so a restart forgets nothing.
 *
 * A rule counts attempts per key, and a key is one of three kinds: an
 * account, a client address, or an account and address together. A rule
 * either allows `limit` attempts per fixed window, or lets a few attempts
 * through free and then asks for a delay that doubles with each further one.
 * Every limit scales by RATE_LIMIT_MULTIPLIER (test servers raise them).
 */
export type KeyKind = 'account' | 'address' | 'account+address'

export interface LimitKey {
  /** the account as typed, normalised by the caller (e.g. a lowercased email) */
  account?: string
  /** the client address (see clientAddress) */
  address?: string
}

interface RuleBase {
  /** the counter family, e.g. 'login-account'; unique per rule */
  name: string
  keyKind: KeyKind
}

/** `limit` attempts per window; the window starts at the first attempt. */
export interface WindowRule extends RuleBase {
  type: 'window'
  limit: number
  windowMs: number
}

/**
 * `freeAttempts` attempts without delay; each one after that is followed by a
 * delay, `firstDelayMs` and doubling up to `maxDelayMs`. The count is
 * forgotten `forgetAfterMs` after the latest attempt.
 */
export interface DelayRule extends RuleBase {
  type: 'growing-delay'
  freeAttempts: number
  firstDelayMs: number
  maxDelayMs: number
  forgetAfterMs: number
}

export type LimitRule = WindowRule | DelayRule

export interface LimitState {
  /** attempts counted and not yet forgotten */
  hits: number
  /** whether attempts are refused now */
  limited: boolean
  /** seconds until they are accepted again (0 when not limited) */
  retryAfterSeconds: number
}

const OPEN: LimitState = { hits: 0, limited: false, retryAfterSeconds: 0 }
const PRUNE_EVERY_MS = 60_000
let lastPrune = 0

function scaled(n: number, atLeast: number) {
  return Math.max(atLeast, Math.floor(n * config().RATE_LIMIT_MULTIPLIER))
}

/** The stored key: a SHA-256 of the kind and value, so no email or address is kept. */
function storedKey(rule: LimitRule, key: LimitKey): string {
  // Stryker disable next-line ArrayDeclaration: equivalent mutant (a list starting with text): a constant first part is the same for every key, which stay as distinct as before
  const parts: string[] = []
  if (rule.keyKind !== 'address') {
    if (key.account === undefined) throw new Error(`The limit ${rule.name} counts per account: give an account`)
    parts.push(key.account)
  }
  if (rule.keyKind !== 'account') {
    if (key.address === undefined) throw new Error(`The limit ${rule.name} counts per address: give an address`)
    parts.push(addressForLimits(key.address))
  }
  return createHash('sha256')
    .update(JSON.stringify([rule.keyKind, ...parts]))
    .digest('hex')
}

function stateOf(value: { hits: number; blocked_until: string | null } | undefined, now: Date): LimitState {
  if (!value) return OPEN
  const blockedMs = value.blocked_until ? new Date(value.blocked_until).getTime() - now.getTime() : 0
  return {
    hits: value.hits,
    limited: blockedMs > 0,
    retryAfterSeconds: blockedMs > 0 ? Math.ceil(blockedMs / 1000) : 0,
  }
}

/** The counter after one more attempt at `now`. */
function afterOneMore(rule: LimitRule, current: { hits: number; expires_at: string } | undefined, now: Date) {
  const hits = (current?.hits ?? 0) + 1
  const at = now.getTime()
  if (rule.type === 'window') {
    const expires_at = current?.expires_at ?? new Date(at + rule.windowMs).toISOString()
    return { hits, blocked_until: hits >= scaled(rule.limit, 1) ? expires_at : null, expires_at }
  }
  const over = hits - scaled(rule.freeAttempts, 0)
  const delay = over > 0 ? Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (over - 1)) : 0
  return {
    hits,
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent mutants (true, delay >= 0): a block that ends the moment it starts refuses nothing
    blocked_until: delay > 0 ? new Date(at + delay).toISOString() : null,
    expires_at: new Date(at + Math.max(rule.forgetAfterMs, delay)).toISOString(),
  }
}

async function pruneNowAndThen(now: Date) {
  if (now.getTime() - lastPrune < PRUNE_EVERY_MS && now.getTime() >= lastPrune) return
  lastPrune = now.getTime()
  await deleteExpiredCounters(now)
}

/** Where a key stands, counting nothing. */
export async function checkLimit(rule: LimitRule, key: LimitKey, now: Date = new Date()): Promise<LimitState> {
  return stateOf(await readCounter(rule.name, storedKey(rule, key), now), now)
}

/** Counts one attempt whatever the state (e.g. a failed sign-in); returns the state after it. */
export async function hitLimit(rule: LimitRule, key: LimitKey, now: Date = new Date()): Promise<LimitState> {
  const { after } = await updateCounter(rule.name, storedKey(rule, key), now, (current) =>
    afterOneMore(rule, current, now),
  )
  await pruneNowAndThen(now)
  return stateOf(after, now)
}

/**
 * Takes one attempt if the key is not limited, in one transaction. `allowed`
 * is false (and nothing is counted) when it is; the state says until when.
 */
export async function consumeLimit(
  rule: LimitRule,
  key: LimitKey,
  now: Date = new Date(),
): Promise<LimitState & { allowed: boolean }> {
  const { before, after } = await updateCounter(rule.name, storedKey(rule, key), now, (current) =>
    stateOf(current, now).limited ? undefined : afterOneMore(rule, current, now),
  )
  await pruneNowAndThen(now)
  const refused = stateOf(before, now).limited
  return { ...stateOf(after, now), allowed: !refused }
}

/** Forgets a key's count (e.g. after a successful sign-in). */
export async function clearLimit(rule: LimitRule, key: LimitKey): Promise<void> {
  await deleteCounter(rule.name, storedKey(rule, key))
}

/** "Please try again in 12 minutes." */
export function retryMessage(seconds: number): string {
  if (seconds < 60) return `Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
  const minutes = Math.ceil(seconds / 60)
  return `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/**
 * The client's address, as the HTTP layer worked it out (the socket's, or with
 * TRUST_PROXY=1 the one the trusted proxy added: see app/http/page-handler.server.ts).
 */
export function clientAddress(_request: Request, context?: Readonly<RouterContextProvider>): string {
  return context?.get(requestFacts).clientAddress || 'unknown'
}
