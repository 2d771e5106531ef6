import { type Kysely, sql } from 'kysely'

/**
 * Attempt counters (sign-in, reset and contact limits) and the outgoing mail
 * queue, both in the database so that a restart forgets neither.
 */
const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`

const statements = [
  // One row per rule and key. The key is a SHA-256 of what is counted (an
  // account, an address, or both), so the table holds no emails or addresses.
  `CREATE TABLE attempt_counters (
    rule TEXT NOT NULL CHECK (length(rule) BETWEEN 1 AND 100),
    key TEXT NOT NULL CHECK (length(key) = 64),
    hits INTEGER NOT NULL CHECK (hits >= 1),
    blocked_until TEXT,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (rule, key)
  )`,
  // Pruning deletes the rows whose expires_at has passed.
  `CREATE INDEX attempt_counters_expires ON attempt_counters (expires_at)`,
  // 'message' rows carry their text; 'password-reset' rows are written when
  // sent (a fresh link each time), so no usable reset link is ever stored.
  `CREATE TABLE mail_queue (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('message', 'password-reset')),
    recipient TEXT NOT NULL CHECK (length(recipient) BETWEEN 3 AND 320),
    subject TEXT NOT NULL DEFAULT '' CHECK (length(subject) <= 1000),
    body TEXT NOT NULL DEFAULT '' CHECK (length(body) <= 200000),
    reply_to TEXT CHECK (reply_to IS NULL OR length(reply_to) <= 320),
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL DEFAULT ${NOW},
    last_error TEXT,
    sent_at TEXT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    updated_at TEXT NOT NULL DEFAULT ${NOW},
    CHECK (kind <> 'message' OR (subject <> '' AND body <> ''))
  )`,
  // The sender's question: queued rows that are due, oldest first.
  `CREATE INDEX mail_queue_due ON mail_queue (status, next_attempt_at)`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>) {
  await sql.raw('DROP TABLE IF EXISTS mail_queue').execute(db)
  await sql.raw('DROP TABLE IF EXISTS attempt_counters').execute(db)
}
