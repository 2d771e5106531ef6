import { afterEach, describe, expect, it } from 'vitest'

import { openDatabase, useDatabase } from '~/db/db.server'
import { loader } from '~/routes/healthz'

import { createTestDatabase } from '../support/test-db'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  useDatabase(undefined)
  await cleanup?.()
})

describe('GET /healthz', () => {
  it('answers 200 {"ok":true} when the database answers', async () => {
    ;({ cleanup } = await createTestDatabase())
    const response = loader()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('answers 503 when the database does not answer', async () => {
    const { path, cleanup: done } = await createTestDatabase()
    cleanup = done
    const broken = openDatabase(path)
    broken.sqlite.close()
    useDatabase(broken)
    const response = loader()
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ ok: false })
  })
})
