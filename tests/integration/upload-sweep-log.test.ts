import { randomUUID } from 'node:crypto'

import { describe, expect, it, vi } from 'vitest'

import {
  startUploadSweep,
  sweepUnusedUploads,
  UNUSED_UPLOAD_GRACE_MS,
  UPLOAD_SWEEP_INTERVAL_MS,
} from '~/models/upload-sweep.server'
import { insertUpload } from '~/models/uploads.server'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

const NOW = new Date('2026-11-22T18:00:00.000Z')

async function upload(bytes: number, createdAt: Date): Promise<string> {
  const fileName = `${randomUUID()}.png`
  await insertUpload({ bucket: 'deals', file_name: fileName, content_type: 'image/png', data: Buffer.alloc(bytes) })
  t.sqlite.prepare('UPDATE uploads SET created_at = ? WHERE file_name = ?').run(createdAt.toISOString(), fileName)
  return fileName
}

describe('the sweep of unused uploads', () => {
  it('waits a day after an upload and runs every hour', () => {
    expect(UNUSED_UPLOAD_GRACE_MS).toBe(24 * 3600_000)
    expect(UPLOAD_SWEEP_INTERVAL_MS).toBe(3600_000)
  })

  it('keeps an image uploaded just less than a day before, and deletes one just over a day', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const young = await upload(10, new Date(NOW.getTime() - UNUSED_UPLOAD_GRACE_MS + 1000))
    const old = await upload(10, new Date(NOW.getTime() - UNUSED_UPLOAD_GRACE_MS - 1000))
    expect((await sweepUnusedUploads(NOW)).map((u) => u.file_name)).toEqual([old])
    expect(t.sqlite.prepare('SELECT file_name FROM uploads').pluck().all()).toEqual([young])
  })

  it('logs what it deleted, with the bytes freed', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const dayAgo = new Date(NOW.getTime() - 2 * UNUSED_UPLOAD_GRACE_MS)
    const one = await upload(100, dayAgo)
    await sweepUnusedUploads(NOW)
    expect(log.mock.calls).toEqual([[`Deleted 1 unused uploaded image (100 bytes): deals/${one}`]])

    log.mockClear()
    const a = await upload(100, dayAgo)
    const b = await upload(250, dayAgo)
    await sweepUnusedUploads(NOW)
    const message = log.mock.calls[0][0] as string
    expect(message.startsWith('Deleted 2 unused uploaded images (350 bytes): ')).toBe(true)
    expect(
      message
        .slice(message.indexOf(': ') + 2)
        .split(', ')
        .sort(),
    ).toEqual([`deals/${a}`, `deals/${b}`].sort())

    log.mockClear()
    expect(await sweepUnusedUploads(NOW)).toEqual([])
    expect(log).not.toHaveBeenCalled()
  })

  it('never throws: a failure is logged and the next run tries again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    t.sqlite.exec('DROP TABLE uploads')
    expect(await sweepUnusedUploads(NOW)).toEqual([])
    expect(error).toHaveBeenCalledWith('The sweep of unused uploads failed; it runs again later', expect.any(Error))
  })
})

describe('stopping the sweep', () => {
  it('before its first run means it never runs', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const orphan = await upload(10, new Date(Date.now() - 2 * UNUSED_UPLOAD_GRACE_MS))
    const stop = startUploadSweep({ firstDelayMs: 20, intervalMs: 20 })
    stop()
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(t.sqlite.prepare('SELECT file_name FROM uploads').pluck().all()).toEqual([orphan])
  })

  it('after it ran ends the hourly runs too', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const stop = startUploadSweep({ firstDelayMs: 0, intervalMs: 20 })
    await new Promise((resolve) => setTimeout(resolve, 60))
    stop()
    const orphan = await upload(10, new Date(Date.now() - 2 * UNUSED_UPLOAD_GRACE_MS))
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(t.sqlite.prepare('SELECT file_name FROM uploads').pluck().all()).toEqual([orphan])
  })
})
