import { afterEach, describe, expect, it, vi } from 'vitest'

import { deleteAndReturn, findOr404, notFound, parseId, requireId } from '~/http/records.server'
import { readToast } from '~/http/toast.server'

/** Record ids from addresses and forms, the admin's 404, and the delete pattern of admin lists. */
afterEach(() => {
  vi.restoreAllMocks()
})

async function refusal(run: () => unknown): Promise<{ status?: number; data: unknown }> {
  try {
    await run()
  } catch (thrown) {
    const { data, init } = thrown as { data: unknown; init?: { status?: number } }
    return { status: init?.status, data }
  }
  throw new Error('expected a 404')
}

async function toastOf(response: Response) {
  const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!
  return (await readToast(new Request('http://localhost/admin', { headers: { Cookie: cookie } }))).toast
}

describe('a record id', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 9007199254740991],
  ])('%j names record %i', (raw, id) => {
    expect(parseId(raw)).toBe(id)
    expect(requireId(raw, 'Brand')).toBe(id)
  })

  it.each([
    null,
    undefined,
    '',
    '0',
    '007',
    '-1',
    '1.5',
    '1e3',
    ' 1',
    '1 ',
    'x1',
    '1x',
    '9007199254740993',
    '12345678901234567',
  ])('%j names none', (raw) => {
    expect(parseId(raw)).toBeNull()
  })

  it('that names no record is a 404 saying what was not found', async () => {
    expect(await refusal(() => notFound('Deal'))).toEqual({ status: 404, data: 'Deal not found' })
    expect(await refusal(() => requireId('abc', 'Post'))).toEqual({ status: 404, data: 'Post not found' })
    const find = vi.fn(async (id: number) => (id === 3 ? { id, title: 'Three' } : undefined))
    expect(await findOr404('3', find, 'Deal')).toEqual({ id: 3, title: 'Three' })
    expect(await refusal(() => findOr404('4', find, 'Deal'))).toEqual({ status: 404, data: 'Deal not found' })
    expect(await refusal(() => findOr404('x', find, 'Brand'))).toEqual({ status: 404, data: 'Brand not found' })
    // A malformed id is not looked up.
    expect(find).toHaveBeenCalledTimes(2)
  })
})

describe('deleting from an admin list', () => {
  const options = {
    listPath: '/admin/deals',
    deleted: 'Deal deleted',
    failed: { title: 'Could not delete the deal', description: 'Try again.' },
    missing: { title: 'That deal is already gone' },
    undo: 'deal' as const,
  }

  it('goes back to the list saying it was deleted, with an Undo for it', async () => {
    const remove = vi.fn(async () => ({ id: 5 }))
    const response = await deleteAndReturn({ ...options, id: 5, remove })
    expect(remove).toHaveBeenCalledWith(5)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/deals')
    expect(await toastOf(response)).toEqual({
      type: 'success',
      title: 'Deal deleted',
      description: 'It stays in the Trash for 30 days.',
      undo: { kind: 'deal', id: 5 },
    })
  })

  it('says the record is gone when there is none, or no id', async () => {
    const gone = await deleteAndReturn({ ...options, id: 5, remove: async () => undefined })
    expect(await toastOf(gone)).toEqual({ type: 'error', title: 'That deal is already gone' })
    const remove = vi.fn()
    const noId = await deleteAndReturn({ ...options, id: null, remove })
    expect(remove).not.toHaveBeenCalled()
    expect(noId.headers.get('Location')).toBe('/admin/deals')
    expect(await toastOf(noId)).toEqual({ type: 'error', title: 'That deal is already gone' })
  })

  it('says it could not when deleting failed, and logs why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failure = new Error('disk full')
    const response = await deleteAndReturn({
      ...options,
      id: 7,
      remove: async () => {
        throw failure
      },
    })
    expect(response.headers.get('Location')).toBe('/admin/deals')
    expect(await toastOf(response)).toEqual({
      type: 'error',
      title: 'Could not delete the deal',
      description: 'Try again.',
    })
    expect(error).toHaveBeenCalledWith('Could not delete /admin/deals #7', failure)
  })
})
