import { type Kysely, sql } from 'kysely'

/**
 * `upkeep_tasks`: work a migration asks the app to do after the migrations
 * have run, because it needs live code (the markdown renderer, the image
 * pipeline) that a migration must not call. Migrations 0005, 0009 and 0016
 * create it when they first ask for work; this one creates it for a database
 * that ran their first versions, which did that work themselves, so every
 * database has the same tables. The app runs and removes the tasks
 * (app/models/upkeep.server.ts).
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE IF NOT EXISTS upkeep_tasks (
    task TEXT PRIMARY KEY,
    requested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`.execute(db)
}

export async function down() {
  // The table belongs to 0005 on a database that ran its present version; it stays.
}
