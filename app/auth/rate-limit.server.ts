import type { AppLoadContext } from 'react-router'
import { config } from '~/config.server'

/**
 * Fixed-window attempt counters kept in memory (one process serves the site).
 * Every limit scales by RATE_LIMIT_MULTIPLIER (DECISIONS.md).
 */
export interface RateLimitRule {
  /** a name for the counter family, e.g. 'login-ip' */
  name: string
  limit: number
  windowMs: number
}

interface Window {
  count: number
  resetAt: number
}

const windows = new Map<string, Window>()
const MAX_KEYS = 50_000

function sweep(now: number) {
  if (windows.size < MAX_KEYS) return
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key)
  // Still full of live windows: drop the oldest entries rather than grow without bound.
  if (windows.size >= MAX_KEYS) {
    let excess = windows.size - MAX_KEYS + 1000
    for (const key of windows.keys()) {
      if (excess-- <= 0) break
      windows.delete(key)
    }
  }
}

export interface RateLimitState {
  limited: boolean
  /** seconds until the window resets */
  retryAfterSeconds: number
}

function effectiveLimit(rule: RateLimitRule) {
  return Math.max(1, Math.floor(rule.limit * config().RATE_LIMIT_MULTIPLIER))
}

/** Reads a counter without counting. */
export function peekRateLimit(rule: RateLimitRule, key: string, now = Date.now()): RateLimitState {
  const window = windows.get(`${rule.name}:${key}`)
  if (!window || window.resetAt <= now) return { limited: false, retryAfterSeconds: 0 }
  return {
    limited: window.count >= effectiveLimit(rule),
    retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000),
  }
}

/** Counts one attempt; returns whether the caller is now over the limit (this attempt included). */
export function hitRateLimit(rule: RateLimitRule, key: string, now = Date.now()): RateLimitState {
  sweep(now)
  const id = `${rule.name}:${key}`
  let window = windows.get(id)
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + rule.windowMs }
    windows.set(id, window)
  }
  window.count += 1
  return {
    limited: window.count > effectiveLimit(rule),
    retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000),
  }
}

export function resetRateLimits() {
  windows.clear()
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
export function clientAddress(_request: Request, context?: Partial<AppLoadContext>): string {
  return context?.clientAddress || 'unknown'
}
