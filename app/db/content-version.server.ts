/**
 * A counter that moves whenever something a visitor can see may have changed:
 * a write to any table that public pages read. The render cache keeps a page
 * only while the counter stands where it stood when the page was rendered.
 *
 * Writes are seen where every statement of the app passes (the database
 * wrapper in db.server.ts), so no model can forget to report one. Tables whose
 * rows never reach a public page are listed here; a write to any other table,
 * or one whose table cannot be read from its SQL, counts as a change: a table
 * added later is public until someone says otherwise, which costs a cache
 * refill and never shows a stale page.
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

const WRITE_TARGET =
  /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`[]?(\w+)/i

/** The table a data-changing statement writes, or null when its SQL does not say plainly. */
export function writtenTable(sql: string): string | null {
  return WRITE_TARGET.exec(sql)?.[1]?.toLowerCase() ?? null
}

/** Whether a data-changing statement may change what visitors see: its table is not private, or cannot be told. */
export function writesPublicTable(sql: string): boolean {
  const table = writtenTable(sql)
  return table === null || !PRIVATE_TABLES.has(table)
}
