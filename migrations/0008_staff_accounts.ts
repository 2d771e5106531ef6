import { type Kysely, sql } from 'kysely'

/**
 * Staff accounts managed in the admin: names, deactivation and last sign-in on
 * users; device, address and last use on sessions; invitations; the second
 * factor (an authenticator app's secret and single-use recovery codes); the
 * rule that everyone must use it; and the activity log.
 */
const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`

const statements = [
  // A deactivated account keeps its row (its posts keep their author and the
  // activity log its name) but cannot sign in.
  `ALTER TABLE users ADD COLUMN name TEXT NOT NULL DEFAULT '' CHECK (length(name) <= 100)`,
  `ALTER TABLE users ADD COLUMN deactivated_at TEXT`,
  `ALTER TABLE users ADD COLUMN last_sign_in_at TEXT`,

  // What the account page shows of each session: the browser's own words, the
  // address it came from, and when it was last used.
  `ALTER TABLE sessions ADD COLUMN user_agent TEXT CHECK (user_agent IS NULL OR length(user_agent) <= 500)`,
  `ALTER TABLE sessions ADD COLUMN ip_address TEXT CHECK (ip_address IS NULL OR length(ip_address) <= 100)`,
  `ALTER TABLE sessions ADD COLUMN last_seen_at TEXT`,

  // An invitation's link is made when its email is written (a fresh one at
  // each send), so the table holds only the hash of the latest link, and no
  // usable link is ever stored. One open invitation per address.
  `CREATE TABLE staff_invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL COLLATE NOCASE CHECK (email LIKE '%@%' AND length(email) <= 255),
    role TEXT NOT NULL CHECK (role IN ('staff', 'admin')),
    token_hash TEXT UNIQUE CHECK (token_hash IS NULL OR length(token_hash) = 64),
    expires_at TEXT,
    invited_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    accepted_at TEXT,
    accepted_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    revoked_at TEXT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    updated_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
  `CREATE UNIQUE INDEX staff_invitations_open ON staff_invitations (email)
    WHERE accepted_at IS NULL AND revoked_at IS NULL`,

  // An authenticator app's secret. A row without confirmed_at is an enrolment
  // in progress; at most one of each per account. last_step is the time step
  // of the latest code accepted: a code is never accepted twice.
  `CREATE TABLE totp_factors (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL CHECK (length(secret) BETWEEN 16 AND 128),
    algorithm TEXT NOT NULL DEFAULT 'SHA-1',
    digits INTEGER NOT NULL DEFAULT 6,
    period INTEGER NOT NULL DEFAULT 30,
    last_step INTEGER NOT NULL DEFAULT 0,
    confirmed_at TEXT,
    created_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
  `CREATE UNIQUE INDEX totp_factors_confirmed ON totp_factors (user_id) WHERE confirmed_at IS NOT NULL`,
  `CREATE UNIQUE INDEX totp_factors_pending ON totp_factors (user_id) WHERE confirmed_at IS NULL`,

  // Recovery codes, stored only as SHA-256 hashes; each works once.
  `CREATE TABLE recovery_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL CHECK (length(code_hash) = 64),
    used_at TEXT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    UNIQUE (user_id, code_hash)
  )`,

  // Account rules set by admins (one row).
  `CREATE TABLE auth_policy (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    require_second_factor INTEGER NOT NULL DEFAULT 0 CHECK (require_second_factor IN (0, 1)),
    updated_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
  `INSERT INTO auth_policy (id) VALUES (1)`,

  // Who changed what, written in the transaction of the change. actor_email
  // keeps the address as it was; both are null for the command line.
  `CREATE TABLE activity_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    actor_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_email TEXT CHECK (actor_email IS NULL OR length(actor_email) <= 255),
    kind TEXT NOT NULL CHECK (kind IN ('post', 'deal', 'brand', 'settings', 'inquiry', 'account')),
    action TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 40),
    subject_id INTEGER,
    subject_label TEXT NOT NULL DEFAULT '' CHECK (length(subject_label) <= 200),
    summary TEXT NOT NULL DEFAULT '' CHECK (length(summary) <= 1000)
  )`,
  `CREATE INDEX activity_log_created ON activity_log (created_at)`,
  `CREATE INDEX activity_log_actor ON activity_log (actor_id, created_at)`,
  `CREATE INDEX activity_log_kind ON activity_log (kind, created_at)`,

  // The mail queue learns a third kind: an invitation, written when sent like a
  // reset link. SQLite cannot change a CHECK in place, so the table is rebuilt.
  `CREATE TABLE mail_queue_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('message', 'password-reset', 'invitation')),
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
  `INSERT INTO mail_queue_next SELECT * FROM mail_queue`,
  `DROP TABLE mail_queue`,
  `ALTER TABLE mail_queue_next RENAME TO mail_queue`,
  `CREATE INDEX mail_queue_due ON mail_queue (status, next_attempt_at)`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`DELETE FROM mail_queue WHERE kind = 'invitation'`).execute(db)
  for (const table of ['activity_log', 'auth_policy', 'recovery_codes', 'totp_factors', 'staff_invitations']) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db)
  }
  for (const [table, column] of [
    ['sessions', 'last_seen_at'],
    ['sessions', 'ip_address'],
    ['sessions', 'user_agent'],
    ['users', 'last_sign_in_at'],
    ['users', 'deactivated_at'],
    ['users', 'name'],
  ]) {
    await sql.raw(`ALTER TABLE ${table} DROP COLUMN ${column}`).execute(db)
  }
}
