import { type Kysely, sql } from 'kysely'

/**
 * One-time setup links for creating the first admin of a production site. Only
 * the SHA-256 of a token is kept; a link works once, for 24 hours, and only
 * while no admin exists.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE setup_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS setup_tokens`.execute(db)
}
