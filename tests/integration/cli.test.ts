import { type ChildProcess, spawn } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { verifyPassword } from '~/auth/password.server'

import { expectCleanFailure, ROOT, type Run, runScript, SLOW, tableCounts, withDb } from '../support/cli'

/**
 * The command-line scripts, run for real as separate processes (as `npm run`
 * does, through tsx) against a temporary DATABASE_PATH.
 */

let dir: string
let dbPath: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lsc-cli-'))
  dbPath = join(dir, 'nested', 'folder', 'app.db')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A script against this test's database. */
function run(script: string, args: string[] = [], env: Record<string, string | undefined> = {}): Promise<Run> {
  return runScript(script, args, { DATABASE_PATH: dbPath, ...env })
}

/** Every byte SQLite keeps for the database: the file, and its WAL if one is left. */
function databaseBytes(path: string): string {
  return [path, `${path}-wal`]
    .filter((p) => existsSync(p))
    .map((p) => readFileSync(p).toString('latin1'))
    .join('')
}

describe('the commands that take arguments', () => {
  it('print their usage for --help (exit 0) and after a mistake in the call (exit 2)', SLOW, async () => {
    for (const script of ['backup.ts', 'restore.ts', 'user-create.ts']) {
      const help = await run(script, ['--help'])
      expect(help.code, `${script} --help`).toBe(0)
      expect(help.stdout).toMatch(/^Usage: npm run /)
      const wrong = await run(script, ['--no-such-option'])
      expect(wrong.code, `${script} --no-such-option`).toBe(2)
      expect(wrong.stderr).toMatch(/Unknown option '--no-such-option'.*\nUsage: npm run /)
    }
  })
})

// Started as root (as `fly ssh console` does), a command that wrote the database as root would
// leave files the server's own user cannot open. Only a root test run can check it.
describe.skipIf(process.getuid?.() !== 0)('a command started as root', () => {
  it('leaves the database it makes to the owner of the data folder', SLOW, async () => {
    const NOBODY = 65534
    chmodSync(dir, 0o755)
    for (const [script, args] of [
      ['migrate.ts', []],
      ['seed.ts', []],
      ['render-posts.ts', []],
      ['user-create.ts', ['--email', 'owner@example.com', '--password', 'owner-password', '--admin']],
    ] as const) {
      const folder = join(dir, script)
      mkdirSync(folder)
      chownSync(folder, NOBODY, NOBODY)
      const result = await runScript(script, [...args], { DATABASE_PATH: join(folder, 'app.db') })
      expect(result.code, `${script}: ${result.stderr}`).toBe(0)
      for (const file of readdirSync(folder))
        expect(statSync(join(folder, file)).uid, `${script}: ${file}`).toBe(NOBODY)
    }
  })
})

describe('npm run db:migrate', () => {
  it('creates the folders and the file, migrates, and is a no-op the second time', SLOW, async () => {
    const first = await run('migrate.ts')
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('Applied migration 0001_initial')
    expect(existsSync(dbPath)).toBe(true)
    const schema = () =>
      withDb(dbPath, (db) => db.prepare(`SELECT type, name, sql FROM sqlite_master ORDER BY name`).all())
    const before = schema()

    const second = await run('migrate.ts')
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toContain('Database is up to date')
    expect(second.stdout).not.toContain('Applied migration')
    expect(schema()).toEqual(before)
  })

  it('stops with a message naming a bad variable', SLOW, async () => {
    expectCleanFailure(await run('migrate.ts', [], { PORT: 'abc' }), /PORT/)
  })
})

describe('npm run user:create', () => {
  const PASSWORD = 'Correct-Horse-Battery-9'

  it('creates an admin with a bcrypt hash and never stores or prints the password', SLOW, async () => {
    const result = await run('user-create.ts', ['--email', 'a@b.co', '--password', PASSWORD, '--admin'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('a@b.co')
    expect(result.stdout + result.stderr).not.toContain(PASSWORD)

    const user = withDb(dbPath, (db) =>
      db
        .prepare(
          `SELECT users.id, users.email, users.password_hash, user_roles.role
           FROM users LEFT JOIN user_roles ON user_roles.user_id = users.id`,
        )
        .all(),
    ) as { id: number; email: string; password_hash: string; role: string | null }[]
    expect(user).toHaveLength(1)
    expect(user[0]).toMatchObject({ email: 'a@b.co', role: 'admin' })
    expect(user[0]!.password_hash.startsWith('$bcrypt-sha256$v=1$2b$12$')).toBe(true)
    expect((await verifyPassword(PASSWORD, user[0]!.password_hash)).matches).toBe(true)
    expect(databaseBytes(dbPath)).not.toContain(PASSWORD)
  })

  it(
    'changes the password when run again for the same email (any case), signing the account out everywhere',
    SLOW,
    async () => {
      expect((await run('user-create.ts', ['--email', 'a@b.co', '--password', PASSWORD, '--admin'])).code).toBe(0)
      // Two browsers are signed in as this account.
      const writable = new Database(dbPath)
      try {
        const insert = writable.prepare('INSERT INTO sessions (id, user_id, expires_at) VALUES (?, 1, ?)')
        for (const id of ['a'.repeat(64), 'b'.repeat(64)])
          insert.run(id, new Date(Date.now() + 86_400_000).toISOString())
      } finally {
        writable.close()
      }
      const again = await run('user-create.ts', ['--email', 'A@B.CO', '--password', 'second-password'])
      expect(again.code, again.stderr).toBe(0)
      expect(withDb(dbPath, (db) => db.prepare('SELECT count(*) FROM sessions').pluck().get())).toBe(0)
      // The owner will be told by email (the running server sends the queue).
      expect(withDb(dbPath, (db) => db.prepare('SELECT recipient, subject FROM mail_queue').all())).toEqual([
        { recipient: 'a@b.co', subject: 'Your Lindsey Street Cannabis Co. staff password was changed' },
      ])
      expect(again.stdout).toMatch(/Updated/)
      expect(again.stdout).toContain('Signed out 2 sessions')
      expect(again.stdout).toMatch(/admin/) // the role granted before is kept

      const rows = withDb(dbPath, (db) => db.prepare(`SELECT email, password_hash FROM users`).all()) as {
        email: string
        password_hash: string
      }[]
      expect(rows).toHaveLength(1)
      expect((await verifyPassword('second-password', rows[0]!.password_hash)).matches).toBe(true)
      expect((await verifyPassword(PASSWORD, rows[0]!.password_hash)).matches).toBe(false)
      expect(databaseBytes(dbPath)).not.toContain('second-password')
    },
  )

  it('creates a user without the admin role unless --admin is given', SLOW, async () => {
    const result = await run('user-create.ts', ['--email', 'staff@example.com', '--password', 'secret12'])
    expect(result.code, result.stderr).toBe(0)
    expect(withDb(dbPath, (db) => db.prepare(`SELECT count(*) FROM user_roles`).pluck().get())).toBe(0)
  })

  it('refuses bad arguments with a message and a non-zero exit', SLOW, async () => {
    const cases: [string[], RegExp][] = [
      [[], /--email is required/],
      [['--email', 'a@b.co'], /--password is required/],
      [['--email', 'a@b.co', '--password', '12345'], /Password must be at least 6 characters/],
      [['--email', 'not-an-email', '--password', 'secret12'], /email/],
      [['--email', 'a@b.co', '--password', 'secret12', '--colour', 'blue'], /Unknown option '--colour'/],
      [['--email', 'a@b.co', '--password', 'secret12', 'extra'], /positional/i],
      [['--email'], /--email/],
    ]
    const results = await Promise.all(cases.map(([args]) => run('user-create.ts', args)))
    results.forEach((result, i) => {
      expectCleanFailure(result, cases[i]![1])
      expect(result.stderr).toContain('Usage: npm run user:create')
    })
    expect(results[2]!.stderr).not.toContain('12345')
    // Nothing was written for any of them.
    expect(
      existsSync(dbPath) ? withDb(dbPath, (db) => db.prepare(`SELECT count(*) FROM users`).pluck().get()) : 0,
    ).toBe(0)
  })
})

describe('npm run posts:render', () => {
  it('renders every post again and stores its HTML; --missing only those without', SLOW, async () => {
    expect((await run('migrate.ts')).code).toBe(0)
    const db = new Database(dbPath)
    try {
      const insert = db.prepare(`INSERT INTO posts (title, slug, content) VALUES (?, ?, ?)`)
      insert.run('One', 'one', '# One\n\n![Counter](/images/gallery/shop-counter.svg)')
      insert.run('Two', 'two', '*two*')
    } finally {
      db.close()
    }
    const first = await run('render-posts.ts', ['--missing'])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('Rendered 2 posts')
    const html = () =>
      withDb(dbPath, (d) => d.prepare(`SELECT content_html FROM posts ORDER BY id`).pluck().all() as string[])
    expect(html()).toEqual([
      '<h1>One</h1>\n<p><img src="/images/gallery/shop-counter.svg" width="1200" height="800" alt="Counter" loading="lazy" decoding="async" /></p>\n',
      '<p><em>two</em></p>\n',
    ])
    expect((await run('render-posts.ts', ['--missing'])).stdout).toContain('Rendered 0 posts')
    expect((await run('render-posts.ts')).stdout).toContain('Rendered 2 posts')
  })
})

describe('npm run user:create for staff accounts', () => {
  it(
    'gives the staff role with --role staff, and --reset-second-factor removes a lost phone and signs the account out',
    SLOW,
    async () => {
      const created = await run('user-create.ts', [
        '--email',
        'robin@example.com',
        '--password',
        'secret12',
        '--role',
        'staff',
      ])
      expect(created.code, created.stderr).toBe(0)
      expect(created.stdout).toContain('Role: staff')
      const writable = new Database(dbPath)
      try {
        writable
          .prepare(`INSERT INTO totp_factors (user_id, secret, confirmed_at) VALUES (1, 'ABCDEFGHIJKLMNOP', 'x')`)
          .run()
        writable.prepare(`INSERT INTO recovery_codes (user_id, code_hash) VALUES (1, ?)`).run('c'.repeat(64))
        writable
          .prepare('INSERT INTO sessions (id, user_id, expires_at) VALUES (?, 1, ?)')
          .run('a'.repeat(64), new Date(Date.now() + 86_400_000).toISOString())
      } finally {
        writable.close()
      }
      const reset = await run('user-create.ts', ['--email', 'Robin@Example.com', '--reset-second-factor'])
      expect(reset.code, reset.stderr).toBe(0)
      expect(reset.stdout).toContain('Removed the two-step sign-in of robin@example.com')
      const left = withDb(dbPath, (db) =>
        db
          .prepare(
            `SELECT (SELECT count(*) FROM totp_factors) AS factors, (SELECT count(*) FROM recovery_codes) AS codes,
                    (SELECT count(*) FROM sessions) AS sessions, (SELECT role FROM user_roles) AS role`,
          )
          .get(),
      )
      expect(left).toEqual({ factors: 0, codes: 0, sessions: 0, role: 'staff' })

      const unknown = await run('user-create.ts', ['--email', 'nobody@example.com', '--reset-second-factor'])
      expectCleanFailure(unknown, /No account with the email nobody@example.com/)
      const badRole = await run('user-create.ts', ['--email', 'a@b.co', '--password', 'secret12', '--role', 'owner'])
      expectCleanFailure(badRole, /--role must be staff or admin/)
    },
  )
})

describe('npm run db:seed', () => {
  it(
    'migrates, seeds, creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD once, and adds nothing the second time',
    SLOW,
    async () => {
      const env = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-secret-1' }
      const first = await run('seed.ts', [], env)
      expect(first.code, first.stderr).toBe(0)
      expect(first.stdout).toContain('owner@example.com')
      expect(first.stdout).not.toContain('owner-secret-1')
      const countsAfterFirst = withDb(dbPath, tableCounts)
      expect(countsAfterFirst.users).toBe(1)
      expect(countsAfterFirst.settings).toBe(1)

      const second = await run('seed.ts', [], env)
      expect(second.code, second.stderr).toBe(0)
      expect(second.stdout).not.toContain('Staff admin created')
      expect(withDb(dbPath, tableCounts)).toEqual(countsAfterFirst)
    },
  )
})

/**
 * Stands in for the running server: another process that keeps committing. Each
 * transaction adds one inquiry AND one deal slide, so a consistent copy holds as
 * many of one as of the other. Bounded: it stops when told, or after 60 s.
 */
const WRITER = `
const Database = require(process.argv[2])
const db = new Database(process.argv[3])
db.pragma('journal_mode = WAL')
db.pragma('busy_timeout = 5000')
db.pragma('synchronous = NORMAL')
const addInquiry = db.prepare("INSERT INTO contact_inquiries (name, email, topic, message) VALUES (?, 'w@example.com', 'general', 'Written while the backup runs')")
const addSlide = db.prepare("INSERT INTO deals_slides (title) VALUES (?)")
const both = db.transaction((n) => { addInquiry.run('Writer ' + n); addSlide.run('Slide ' + n) })
let n = 0
let stopped = false
const deadline = Date.now() + 60000
process.stdin.on('data', () => { stopped = true })
process.stdin.on('end', () => { stopped = true })
function tick() {
  if (stopped || Date.now() > deadline) {
    db.close()
    process.stdout.write('done ' + n + '\\n')
    process.exit(0)
  }
  for (let i = 0; i < 5; i++) both(++n)
  if (n === 5) process.stdout.write('started\\n')
  setTimeout(tick, 1)
}
tick()
`

function startWriter(): { child: ChildProcess; started: Promise<void>; stop: () => Promise<number> } {
  const script = join(dir, 'writer.cjs')
  writeFileSync(script, WRITER)
  const child = spawn(process.execPath, [script, join(ROOT, 'node_modules/better-sqlite3'), dbPath], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let out = ''
  const started = new Promise<void>((ok, fail) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk
      if (out.includes('started')) ok()
    })
    child.on('exit', (code) => fail(new Error(`writer exited early (${code})`)))
  })
  const stop = () =>
    new Promise<number>((ok) => {
      child.on('exit', () => ok(Number(/done (\d+)/.exec(out)?.[1] ?? NaN)))
      child.stdin!.end('stop\n')
    })
  return { child, started, stop }
}

describe('npm run db:backup', () => {
  /** A migrated database with a few MB of rows, so the copy is not instant. */
  function populate() {
    const db = new Database(dbPath)
    try {
      db.pragma('journal_mode = WAL')
      const post = db.prepare(
        `INSERT INTO posts (title, slug, content, status, published_at) VALUES (?, ?, ?, 'published', ?)`,
      )
      const upload = db.prepare(
        `INSERT INTO uploads (bucket, file_name, content_type, size, data) VALUES ('blog-images', ?, 'image/png', ?, ?)`,
      )
      db.transaction(() => {
        for (let i = 0; i < 400; i++) {
          post.run(
            `Post ${i}`,
            `post-${i}`,
            `# Post ${i}\n\n${'Lorem ipsum dolor sit amet. '.repeat(150)}`,
            new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
          )
        }
        for (let i = 0; i < 12; i++) {
          const bytes = Buffer.alloc(400_000, i)
          upload.run(`image-${i}.png`, bytes.length, bytes)
        }
      })()
    } finally {
      db.close()
    }
  }

  it('writes a consistent, checked copy while another process keeps writing', SLOW, async () => {
    expect((await run('migrate.ts')).code).toBe(0)
    populate()
    const writer = startWriter()
    let stopped = false
    try {
      await writer.started
      const target = join(dir, 'backups', 'live', 'copy.db')
      const result = await run('backup.ts', [target])
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain('integrity_check: ok')
      const written = await writer.stop()
      stopped = true
      expect(written).toBeGreaterThan(5)

      const source = withDb(dbPath, tableCounts)
      const copy = withDb(target, (db) => {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
        expect(db.pragma('journal_mode', { simple: true })).toBe('delete') // one self-contained file
        return tableCounts(db)
      })
      // Tables nobody wrote to match exactly.
      for (const table of Object.keys(source)) {
        if (table === 'contact_inquiries' || table === 'deals_slides') continue
        expect(copy[table], table).toBe(source[table])
      }
      expect(copy.posts).toBe(400)
      expect(copy.uploads).toBe(12)
      // The written tables hold one snapshot: whole transactions only, none missing in between.
      expect(copy.contact_inquiries).toBe(copy.deals_slides)
      expect(copy.contact_inquiries).toBeGreaterThan(0)
      expect(copy.contact_inquiries).toBeLessThanOrEqual(source.contact_inquiries!)
      expect(source.contact_inquiries).toBe(written)
      withDb(target, (db) => {
        expect(db.prepare(`SELECT max(id) FROM contact_inquiries`).pluck().get()).toBe(copy.contact_inquiries)
        expect(db.prepare(`SELECT max(id) FROM deals_slides`).pluck().get()).toBe(copy.deals_slides)
      })
      // The counts it printed are the copy's.
      for (const [table, rows] of Object.entries(copy)) {
        expect(result.stdout).toMatch(new RegExp(`^\\s+${table}\\s+${rows}$`, 'm'))
      }
      expect(existsSync(`${target}-wal`)).toBe(false)
    } finally {
      if (!stopped) writer.child.kill()
    }
  })

  it(
    'equals the source exactly once the writer has stopped, and refuses to overwrite without --force',
    SLOW,
    async () => {
      expect((await run('migrate.ts')).code).toBe(0)
      populate()
      const writer = startWriter()
      await writer.started
      await new Promise((r) => setTimeout(r, 200))
      await writer.stop()

      const target = join(dir, 'backup.db')
      const result = await run('backup.ts', [target])
      expect(result.code, result.stderr).toBe(0)
      const source = withDb(dbPath, tableCounts)
      expect(withDb(target, tableCounts)).toEqual(source)
      expect(withDb(target, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok')

      const before = readFileSync(target)
      expectCleanFailure(await run('backup.ts', [target]), /already exists; use --force/)
      expect(readFileSync(target).equals(before)).toBe(true)

      const forced = await run('backup.ts', [target, '--force'])
      expect(forced.code, forced.stderr).toBe(0)
      expect(withDb(target, tableCounts)).toEqual(source)
    },
  )

  it('refuses bad arguments with a message and a non-zero exit', SLOW, async () => {
    expect((await run('migrate.ts')).code).toBe(0)
    const [none, two, unknown, live] = await Promise.all([
      run('backup.ts', []),
      run('backup.ts', [join(dir, 'a.db'), join(dir, 'b.db')]),
      run('backup.ts', [join(dir, 'a.db'), '--fast']),
      run('backup.ts', [dbPath, '--force']),
    ])
    expectCleanFailure(none!, /Give the file to write the backup to/)
    expectCleanFailure(two!, /Give one file/)
    expectCleanFailure(unknown!, /Unknown option '--fast'/)
    expectCleanFailure(live!, /cannot overwrite the live database/)
    expect(existsSync(join(dir, 'a.db'))).toBe(false)
  })

  it('says so when there is no database to back up', SLOW, async () => {
    expectCleanFailure(await run('backup.ts', [join(dir, 'x.db')]), /No database at/)
    expect(existsSync(dbPath)).toBe(false)
  })
})
