import { beforeEach, describe, expect, it } from 'vitest'

import { db } from '~/db/db.server'
import {
  currentActor,
  describeChanges,
  listActivity,
  recordActivity,
  runAs,
  runInActorScope,
  setActor,
} from '~/models/activity.server'

import { useTestDatabase } from '../support/test-db'

/** The activity log's details: who is named as acting, and how entries and summaries read. */
const t = useTestDatabase()
beforeEach(() => {
  const user = t.sqlite.prepare(`INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')`)
  user.run(3, 'lee@example.com')
  user.run(7, 'pat@example.com')
})

const entries = () =>
  t.sqlite.prepare('SELECT actor_id, actor_email, action, subject_label, summary FROM activity_log ORDER BY id').all()

describe('who is acting', () => {
  it('is whoever the guard named for the rest of the request, and no one outside a request', async () => {
    expect(currentActor()).toBeNull()
    // Outside a request there is nowhere to note it: nothing changes.
    setActor({ id: 7, email: 'pat@example.com' })
    expect(currentActor()).toBeNull()
    await runInActorScope(async () => {
      expect(currentActor()).toBeNull()
      const signedIn = { id: 7, email: 'pat@example.com', name: 'Pat', role: 'admin' }
      setActor(signedIn)
      // Only who it is is kept, not the rest of the signed-in account.
      expect(currentActor()).toEqual({ id: 7, email: 'pat@example.com' })
      await recordActivity(db(), { kind: 'brand', action: 'created', subject_label: 'Green Co' })
      setActor(null)
      expect(currentActor()).toBeNull()
    })
    expect(currentActor()).toBeNull()
    expect(entries()).toEqual([
      { actor_id: 7, actor_email: 'pat@example.com', action: 'created', subject_label: 'Green Co', summary: '' },
    ])
  })

  it('keeps each request’s actor apart from another running at the same time', async () => {
    const seen = await Promise.all(
      [1, 2].map((id) =>
        runInActorScope(async () => {
          setActor({ id, email: `person${id}@example.com` })
          await new Promise((resolve) => setTimeout(resolve, 10))
          return currentActor()
        }),
      ),
    )
    expect(seen).toEqual([
      { id: 1, email: 'person1@example.com' },
      { id: 2, email: 'person2@example.com' },
    ])
  })
})

describe('an entry', () => {
  it('is written on one line, labels cut at 200 characters and summaries at 1000', async () => {
    await runAs({ id: 3, email: 'lee@example.com' }, () =>
      recordActivity(db(), {
        kind: 'post',
        action: 'updated',
        subject_label: `Fall\n\thours   ${'x'.repeat(300)}`,
        summary: 'y'.repeat(1001),
      }),
    )
    await recordActivity(db(), {
      kind: 'post',
      action: 'created',
      subject_label: 'z'.repeat(200),
      summary: 'w'.repeat(1000),
    })
    await recordActivity(db(), { kind: 'account', action: 'policy changed' })
    const [first, second, third] = entries() as { subject_label: string; summary: string }[]
    expect(first).toMatchObject({ actor_id: 3, actor_email: 'lee@example.com' })
    expect(first!.subject_label).toBe(`Fall hours ${'x'.repeat(188)}…`)
    expect(first!.subject_label).toHaveLength(200)
    expect(first!.summary).toBe(`${'y'.repeat(999)}…`)
    expect(second).toMatchObject({
      actor_id: null,
      actor_email: null,
      subject_label: 'z'.repeat(200),
      summary: 'w'.repeat(1000),
    })
    expect(third).toMatchObject({ subject_label: '', summary: '' })
  })

  it('names no one, and no name, for a change made on the server', async () => {
    await recordActivity(db(), { kind: 'settings', action: 'updated', subject_label: 'Store settings' })
    const { rows } = await listActivity()
    expect(rows).toMatchObject([{ actor_id: null, actor_name: '', actor_email: null }])
  })
})

describe('a summary of changes', () => {
  it('shows short values before and after: empty, yes/no, numbers, quoted text and lists', () => {
    const before = { a: null, b: true, c: 3, d: 'Old', e: ['x'], g: 'same' }
    const after = { a: 'New', b: false, c: 4, d: 'New', e: ['x', 'y'], g: 'same' }
    const labels = { a: 'A', b: 'B', c: 'C', d: 'D', e: 'E', g: 'G' }
    expect(describeChanges(before, after, labels)).toBe(
      'A: (empty) → “New”; B: yes → no; C: 3 → 4; D: “Old” → “New”; E: “["x"]” → “["x","y"]”',
    )
  })

  it('names a value of more than 80 characters as changed, and shows one of 80 cut at 60', () => {
    const eighty = 'e'.repeat(80)
    expect(describeChanges({ a: 'short' }, { a: eighty }, { a: 'Excerpt' })).toBe(
      `Excerpt: “short” → “${'e'.repeat(59)}…”`,
    )
    expect(describeChanges({ a: 'short' }, { a: `${eighty}!` }, { a: 'Excerpt' })).toBe('Excerpt changed')
  })
})
