/**
 * The browser's age record (docs/decisions/age-gate.md): localStorage key `ageVerified`
 * holding `{"timestamp": <ms since the epoch>}`. A record counts for
 * AGE_CONFIRMATION_DAYS; anything unparseable, malformed, expired or dated in
 * the future does not.
 */
export const AGE_RECORD_KEY = 'ageVerified'
/**
 * How long a visitor's age confirmation lasts: the one number behind the
 * browser's record (below), the server's cookie (app/http/age-gate.server.ts)
 * and what the privacy page tells visitors.
 */
export const AGE_CONFIRMATION_DAYS = 30
export const AGE_RECORD_MAX_AGE_MS = AGE_CONFIRMATION_DAYS * 24 * 60 * 60 * 1000
/** Clock skew tolerated for a timestamp slightly ahead of this device's clock. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000

export interface AgeRecord {
  timestamp: number
}

/** The record in a stored string, or null when it cannot be read. */
export function parseAgeRecord(raw: string | null | undefined): AgeRecord | null {
  let value: unknown
  // Stryker disable BlockStatement: equivalent mutant (an empty catch): the value then stays undefined, which the next check refuses too
  try {
    // A missing value reads as "undefined", which JSON refuses, or "null", which the next check refuses.
    value = JSON.parse(String(raw))
  } catch {
    return null
  }
  // Stryker restore BlockStatement
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const timestamp = (value as { timestamp?: unknown }).timestamp
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp <= 0) return null
  return { timestamp }
}

/** Whether a record still confirms the visitor at `now` (less than AGE_CONFIRMATION_DAYS old). */
export function isAgeRecordValid(record: AgeRecord | null, now: number = Date.now()): boolean {
  if (!record) return false
  const age = now - record.timestamp
  return age < AGE_RECORD_MAX_AGE_MS && age > -FUTURE_TOLERANCE_MS
}

/** Parse and validate in one step: the rule the gate applies on load. */
export function isStoredAgeRecordValid(raw: string | null | undefined, now: number = Date.now()): boolean {
  return isAgeRecordValid(parseAgeRecord(raw), now)
}

/** The string 'Yes, Enter' stores. */
export function serializeAgeRecord(now: number = Date.now()): string {
  return JSON.stringify({ timestamp: now } satisfies AgeRecord)
}
