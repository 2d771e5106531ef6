import { type Kysely, sql } from 'kysely'

/**
 * Visits and taps, counted on our own server and rolled up per day: one row per
 * day, metric and item (a page's path, a referring site's name, a device class,
 * a tap), holding how many. Nothing in it identifies a person: no address, no
 * user agent, no visitor hash. WITHOUT ROWID keeps each row in the primary
 * key's order (metric, day, item), so a range of days of one metric is one
 * contiguous read.
 */
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE visit_counts (
    metric TEXT NOT NULL CHECK (metric IN ('views', 'visitors', 'device', 'referrer', 'utm_source', 'utm_campaign', 'tap')),
    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    item TEXT NOT NULL DEFAULT '' CHECK (length(item) <= 200),
    count INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (metric, day, item)
  ) WITHOUT ROWID`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP TABLE IF EXISTS visit_counts`.execute(db)
}
