import { describe, expect, it } from 'vitest'

import {
  claimMail,
  insertMail,
  mailQueueOverview,
  markMailFailed,
  markMailSent,
  nextDueMail,
  pruneMail,
} from '~/models/mail-queue.server'

import { useTestDatabase } from '../support/test-db'

/** The rows of the outgoing mail queue: taking one to send, what the dashboard counts, and forgetting old ones. */
const t = useTestDatabase()

const DAY = 24 * 60 * 60 * 1000
const NOW = new Date('2090-01-31T12:00:00.000Z')
const message = (recipient: string) => ({ kind: 'message' as const, recipient, subject: 'Hello', body: 'Text' })

describe('a due message', () => {
  it('is taken by one sender only', async () => {
    await insertMail(message('a@example.com'))
    const row = (await nextDueMail(NOW))!
    expect(await claimMail(row, NOW, new Date(NOW.getTime() + 60_000))).toBe(true)
    // A second sender holding the same row as it read it finds it taken.
    expect(await claimMail(row, NOW, new Date(NOW.getTime() + 60_000))).toBe(false)
    expect(t.sqlite.prepare('SELECT attempts FROM mail_queue').pluck().get()).toBe(1)
  })
})

describe('the dashboard’s count of mail', () => {
  it('counts waiting and failed mail apart, and lists the latest of both', async () => {
    const ids: number[] = []
    for (const who of ['a', 'b', 'c', 'd']) ids.push(await insertMail(message(`${who}@example.com`)))
    await markMailFailed(ids[0]!, 'refused', NOW)
    await markMailSent(ids[1]!, NOW)
    const overview = await mailQueueOverview()
    expect({ queued: overview.queued, failed: overview.failed }).toEqual({ queued: 2, failed: 1 })
    expect(overview.unsent.map((m) => [m.recipient, m.status, m.last_error])).toEqual([
      ['d@example.com', 'queued', null],
      ['c@example.com', 'queued', null],
      ['a@example.com', 'failed', 'refused'],
    ])
    expect((await mailQueueOverview(1)).unsent).toHaveLength(1)
  })

  it('is nothing when nothing waits', async () => {
    expect(await mailQueueOverview()).toEqual({ queued: 0, failed: 0, unsent: [] })
  })
})

describe('old mail', () => {
  it('is forgotten: sent mail after its days, failed mail after its own, waiting mail never', async () => {
    const at = (id: number, status: string, daysAgo: number) =>
      t.sqlite
        .prepare('UPDATE mail_queue SET status = ?, updated_at = ? WHERE id = ?')
        .run(status, new Date(NOW.getTime() - daysAgo * DAY).toISOString(), id)
    const sentOld = await insertMail(message('sent-old@example.com'))
    const sentNew = await insertMail(message('sent-new@example.com'))
    const failedOld = await insertMail(message('failed-old@example.com'))
    const failedNew = await insertMail(message('failed-new@example.com'))
    const waiting = await insertMail(message('waiting@example.com'))
    at(sentOld, 'sent', 8)
    at(sentNew, 'sent', 6)
    at(failedOld, 'failed', 31)
    at(failedNew, 'failed', 29)
    at(waiting, 'queued', 100)
    expect(await pruneMail(NOW, 7, 30)).toBe(2)
    expect(t.sqlite.prepare('SELECT recipient FROM mail_queue ORDER BY id').pluck().all()).toEqual([
      'sent-new@example.com',
      'failed-new@example.com',
      'waiting@example.com',
    ])
  })
})
