import { data } from 'react-router'

/** SQLite result codes that mean "the database cannot take writes right now". */
const UNAVAILABLE_CODES = /^SQLITE_(READONLY|CANTOPEN|FULL|IOERR|BUSY|LOCKED|PERM)/

export const DATABASE_UNAVAILABLE_MESSAGE =
  'We cannot save changes right now because the site is under maintenance. Nothing was saved; please try again in a few minutes.'

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && UNAVAILABLE_CODES.test(code)
}

/**
 * What a loader or action throws when the database cannot be written: a 503
 * with a message a person understands (rendered by the error boundary).
 */
export function databaseUnavailableResponse() {
  return data(DATABASE_UNAVAILABLE_MESSAGE, { status: 503, headers: { 'Retry-After': '120' } })
}

/** Whether a caught error is the 503 thrown by the database layer (or the raw SQLite error). */
export function isUnavailableResponse(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true
  const init = (error as { init?: { status?: number } } | null)?.init
  return typeof init?.status === 'number' && init.status === 503
}
