import type { Kysely } from 'kysely'

import { db } from '~/db/db.server'
import type { Database } from '~/db/types'

/**
 * Attempt counters in SQLite, so limits hold across restarts. Each row is one
 * rule and one hashed key; the policy (what a hit does) belongs to the caller
 * (app/auth/rate-limit.server.ts). Every change is one short transaction.
 */
export interface CounterValue {
  hits: number
  /** ISO instant until which attempts are refused, or null */
  blocked_until: string | null
  /** ISO instant from which the row no longer counts */
  expires_at: string
}

function liveCounter(reader: Kysely<Database>, rule: string, key: string, now: Date) {
  return reader
    .selectFrom('attempt_counters')
    .select(['hits', 'blocked_until', 'expires_at'])
    .where('rule', '=', rule)
    .where('key', '=', key)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
}

/** The live counter (undefined when there is none or it has expired). */
export async function readCounter(rule: string, key: string, now: Date): Promise<CounterValue | undefined> {
  return liveCounter(db(), rule, key, now)
}

/**
 * Reads the live counter and writes what `next` makes of it, in one
 * transaction (so two requests cannot both read the same count). `next`
 * returns undefined to leave the row as it is.
 */
export async function updateCounter(
  rule: string,
  key: string,
  now: Date,
  next: (current: CounterValue | undefined) => CounterValue | undefined,
): Promise<{ before: CounterValue | undefined; after: CounterValue | undefined }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await liveCounter(trx, rule, key, now)
      const after = next(before)
      if (after) {
        await trx
          .insertInto('attempt_counters')
          .values({ rule, key, ...after })
          .onConflict((oc) => oc.columns(['rule', 'key']).doUpdateSet(after))
          .execute()
      }
      return { before, after: after ?? before }
    })
}

export async function deleteCounter(rule: string, key: string): Promise<void> {
  await db().deleteFrom('attempt_counters').where('rule', '=', rule).where('key', '=', key).execute()
}

/** Removes every counter that no longer counts; returns how many. */
export async function deleteExpiredCounters(now: Date): Promise<number> {
  const result = await db()
    .deleteFrom('attempt_counters')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
