import { AsyncLocalStorage } from 'node:async_hooks'

import type { Kysely, Transaction } from 'kysely'

import { db } from '~/db/db.server'
import type { ActivityKind, Database } from '~/db/types'
import { changeInWords, type FieldChange, settingsChanges } from '~/lib/activity-changes'

/**
 * The activity log: who changed what, when. Every model function that
 * changes posts, deals, brands, settings, inquiries or accounts writes its
 * entry with the change, in the same transaction, so an entry exists exactly
 * when the change does. Entries are kept for a year.
 *
 * Who is acting: the admin guard (requireAdmin) names the signed-in member of
 * staff for the rest of the request, in a per-request scope the HTTP layer
 * opens; the account flows (invitation, sign-in) name theirs explicitly. A
 * change made outside any request (the command line) has no actor.
 */
export interface Actor {
  id: number
  email: string
}

const scope = new AsyncLocalStorage<{ actor: Actor | null }>()

/** Runs one request with a place to note who is acting. */
export function runInActorScope<T>(run: () => T): T {
  return scope.run({ actor: null }, run)
}

/** Runs `run` as `actor` (the command line, tests). */
export function runAs<T>(actor: Actor | null, run: () => T): T {
  return scope.run({ actor }, run)
}

/** Names who is acting for the rest of the current request. */
export function setActor(actor: Actor | null): void {
  const store = scope.getStore()
  if (store) store.actor = actor ? { id: actor.id, email: actor.email } : null
}

export function currentActor(): Actor | null {
  return scope.getStore()?.actor ?? null
}

export const KEEP_ACTIVITY_DAYS = 365
const LABEL_MAX = 200
const SUMMARY_MAX = 1000

type Writer = Kysely<Database> | Transaction<Database>

export interface ActivityInput {
  kind: ActivityKind
  /** a short verb: 'created', 'updated', 'deleted', 'status changed', 'invited' … */
  action: string
  subject_id?: number | null
  /** what the record was called then: a title, a name, an email */
  subject_label?: string
  /** a short before/after summary, e.g. 'Status: new → closed'; made from `changes` when not given */
  summary?: string
  /** what changed, field by field, every value whole (see app/lib/activity-changes.ts) */
  changes?: FieldChange[]
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** Writes one entry with the writer it is given: pass the change's transaction. */
export async function recordActivity(
  writer: Writer,
  entry: ActivityInput,
  actor: Actor | null = currentActor(),
  now: Date = new Date(),
): Promise<void> {
  await writer
    .insertInto('activity_log')
    .values({
      created_at: now.toISOString(),
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      kind: entry.kind,
      action: cut(entry.action, 40),
      subject_id: entry.subject_id ?? null,
      subject_label: cut(entry.subject_label ?? '', LABEL_MAX),
      // The summary is a digest for plain readers; the entry's whole story is in `changes`.
      summary: cut(
        entry.summary ?? (entry.changes ?? []).map((change) => changeInWords(change)).join('; '),
        SUMMARY_MAX,
      ),
      changes: entry.changes?.length ? JSON.stringify(entry.changes) : null,
    })
    .execute()
}

/** A value as the summary shows it: short, quoted when text, '(empty)' when blank. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'number') return String(value)
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return `“${cut(text, 60)}”`
}

/** A 1/0 flag as the summary shows it. */
export const yesNo = (value: unknown) => (value ? 'yes' : 'no')

/** Values longer than this are named as changed without their text (post bodies, long descriptions). */
const SHOWN_MAX = 80

/**
 * "Status: draft → published; Title changed" for the fields that differ, in
 * the order of `labels`. Short values are shown before and after; long ones
 * (a post's content) are only named.
 */
export function describeChanges<T extends object>(
  before: Partial<T>,
  after: Partial<T>,
  labels: Partial<Record<keyof T, string>>,
  show: Partial<Record<keyof T, (value: unknown) => string>> = {},
): string {
  const parts: string[] = []
  for (const key of Object.keys(labels) as (keyof T)[]) {
    if (!(key in after)) continue
    const was = before[key] ?? null
    const now = after[key] ?? null
    if (JSON.stringify(was) === JSON.stringify(now)) continue
    const label = labels[key]!
    const format = show[key] ?? shown
    const long = [was, now].some((v) => typeof v === 'string' && v.length > SHOWN_MAX)
    parts.push(long ? `${label} changed` : `${label}: ${format(was)} → ${format(now)}`)
  }
  return parts.join('; ')
}

/** The settings that read differently between two stored records, field by field, by the form's labels. */
export function describeSettingsChanges(before: unknown, after: unknown): FieldChange[] {
  return settingsChanges(before, after)
}

export interface ActivityFilter {
  /** a user id, or 'system' for changes made on the server (command line, start-up) */
  person?: number | 'system'
  kind?: ActivityKind
  page?: number
  pageSize?: number
}

export interface ActivityRow {
  id: number
  created_at: string
  actor_id: number | null
  /** the actor's name now (or '' when none is set) */
  actor_name: string
  /** the actor's email now, or as it was, or null for the server */
  actor_email: string | null
  kind: ActivityKind
  action: string
  subject_id: number | null
  subject_label: string
  summary: string
  /** JSON of FieldChange[], or null for an entry written before changes were kept */
  changes: string | null
}

/** One page of entries, newest first, and how many match in all. */
export async function listActivity(filter: ActivityFilter = {}): Promise<{ rows: ActivityRow[]; total: number }> {
  const pageSize = filter.pageSize ?? 50
  const page = Math.max(1, filter.page ?? 1)
  let query = db().selectFrom('activity_log').leftJoin('users', 'users.id', 'activity_log.actor_id')
  if (filter.person === 'system') query = query.where('activity_log.actor_id', 'is', null)
  else if (typeof filter.person === 'number') query = query.where('activity_log.actor_id', '=', filter.person)
  if (filter.kind) query = query.where('activity_log.kind', '=', filter.kind)
  const [rows, count] = await Promise.all([
    query
      .select([
        'activity_log.id',
        'activity_log.created_at',
        'activity_log.actor_id',
        'activity_log.kind',
        'activity_log.action',
        'activity_log.subject_id',
        'activity_log.subject_label',
        'activity_log.summary',
        'activity_log.changes',
        (eb) => eb.fn.coalesce('users.name', eb.val('')).as('actor_name'),
        (eb) => eb.fn.coalesce('users.email', 'activity_log.actor_email').as('actor_email'),
      ])
      .orderBy('activity_log.created_at', 'desc')
      .orderBy('activity_log.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows as ActivityRow[], total: Number(count.n) }
}

/** Forgets entries older than a year (run at start-up). Returns how many went. */
export async function pruneActivity(now: Date = new Date(), days: number = KEEP_ACTIVITY_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString()
  const result = await db().deleteFrom('activity_log').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
