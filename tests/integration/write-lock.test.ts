import { Worker } from 'node:worker_threads'

import { afterEach, describe, expect, it } from 'vitest'

import { createInquiry, updateInquiryStatus } from '~/models/inquiries.server'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

/**
 * Another connection to the same file (a command-line script, the backup
 * tool's checkpoint, a test seeding rows) takes the write lock, changes a row
 * and lets go after `holdMs`. Resolves once it holds the lock; `released`
 * resolves when it has committed.
 */
async function anotherWriterHolds(path: string, holdMs: number): Promise<{ released: Promise<void> }> {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads')
    const Database = require('better-sqlite3')
    const db = new Database(workerData.path)
    db.pragma('busy_timeout = 5000')
    db.exec('BEGIN IMMEDIATE')
    db.prepare("INSERT INTO contact_inquiries (name, email, phone, topic, message) VALUES ('Other', 'o@example.com', '', 'general', 'from another connection')").run()
    parentPort.postMessage('locked')
    setTimeout(() => { db.exec('COMMIT'); db.close(); parentPort.postMessage('released') }, workerData.holdMs)
    `,
    { eval: true, workerData: { path, holdMs } },
  )
  workers.push(worker)
  const released = new Promise<void>((resolve, reject) => {
    worker.on('message', (message) => message === 'released' && resolve())
    worker.on('error', reject)
  })
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve())
    worker.once('error', reject)
  })
  return { released }
}

const workers: Worker[] = []
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.terminate()))
})

describe('a change saved while another connection briefly holds the write lock', () => {
  it('an owner marking an application "in progress" sees it saved, not "Failed to update status"', async () => {
    const application = await createInquiry({
      name: 'Riley Applicant',
      email: 'riley@example.com',
      phone: '',
      topic: 'career',
      message: 'I would like to apply for the budtender opening.',
    })
    const { released } = await anotherWriterHolds(t.path, 300)

    await expect(updateInquiryStatus(application.id, 'in-progress')).resolves.toBe(true)
    await released

    const row = t.sqlite.prepare('SELECT status FROM contact_inquiries WHERE id = ?').get(application.id)
    expect(row).toEqual({ status: 'in-progress' })
    // The other connection's row is there too: both writes landed, one after the other.
    expect(t.sqlite.prepare("SELECT count(*) AS n FROM contact_inquiries WHERE name = 'Other'").get()).toEqual({ n: 1 })
  })
})
