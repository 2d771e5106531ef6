import { onWrite, type WrittenTables } from '~/db/db.server'

/**
 * The page cache's view of the database: a counter that moves whenever
 * something a visitor can see may have changed. The render cache keeps a page
 * only while the counter stands where it stood when the page was rendered.
 *
 * The database layer reports every committed write with the tables it changed
 * (`onWrite`: Kysely statements, read from their syntax tree, and commits by
 * other connections), so no model can forget to report one. Which of those
 * tables public pages never read is decided here: the tables listed below. A
 * write to any other table, or to one that could not be named, counts as a
 * change: a table added later is public until someone lists it, which costs a
 * cache refill and never shows a stale page.
 */
export const PRIVATE_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'user_roles',
  'password_reset_tokens',
  'contact_inquiries',
  'attempt_counters',
  'mail_queue',
  'setup_tokens',
  'activity_log',
  'post_revisions',
  'visit_counts',
  'upkeep_tasks',
  'staff_invitations',
  'totp_factors',
  'recovery_codes',
  'auth_policy',
  'kysely_migration',
  'kysely_migration_lock',
])

let version = 0

/** The current version; compare two readings to learn whether anything public changed between them. */
export function contentVersion(): number {
  return version
}

/** Marks every cached public page stale. */
export function markContentChanged(): void {
  version++
}

/** Whether a write to these tables may change what visitors see: one of them is not private, or has no name. */
export function touchesPublicTable(tables: WrittenTables): boolean {
  for (const table of tables) if (table === null || !PRIVATE_TABLES.has(table)) return true
  return false
}

onWrite((tables) => {
  if (touchesPublicTable(tables)) markContentChanged()
})
