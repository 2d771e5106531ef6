import { beforeEach, describe, expect, it, vi } from 'vitest'

import { startSession } from '~/auth/session.server'
import { createDealSlide } from '~/models/deals.server'
import { action as brandEditor } from '~/routes/admin.brands.editor'
import { action as dealEditor } from '~/routes/admin.deals.editor'

import { answer, cookiePair, insertUser, routeArgs, SITE_URL, useAuthTest } from './auth-support'

/**
 * A save the database refuses (a full disk, a locked file) is answered with
 * its message, and the page comes back with what staff typed: without
 * JavaScript the page is drawn from the answer alone, and an answer without
 * the typed values showed the stored record again, the changes gone.
 */
const t = useAuthTest()
let cookie: string
beforeEach(async () => {
  cookie = cookiePair(await startSession(insertUser(t, 'owner@example.com', 'owner-password-1', true)))
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

function post(path: string, fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return new Request(new URL(path, SITE_URL), {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, Origin: SITE_URL },
  })
}

/** Every write to `table` fails from now on, as a full disk would make it. */
function refuseWrites(table: string) {
  for (const when of ['INSERT', 'UPDATE']) {
    t.sqlite.exec(
      `CREATE TRIGGER refuse_${when.toLowerCase()} BEFORE ${when} ON ${table} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`,
    )
  }
}

describe('a save the database refuses', () => {
  it('story: I rewrite a deal and save as the disk fills up; I am told it failed, and my new words are still in the form', async () => {
    const id = await createDealSlide({
      title: 'Half-off Fridays',
      description: 'Old words.',
      is_active: true,
      sort_order: 0,
    })
    refuseWrites('deals_slides')
    const typed = {
      title: 'Half-off Fridays and Saturdays',
      description: 'New words I do not want to type again.',
      start_date: '2026-12-04',
      end_date: '2026-12-26',
      is_active: 'on',
      sort_order: '2',
    }
    const result = await answer(() =>
      dealEditor({ ...routeArgs(post(`/admin/deals/${id}/edit`, typed)), params: { id: String(id) } }),
    )
    expect(result.status).toBe(500)
    expect(result.data.failure).toEqual({ title: 'Failed to update deal' })
    expect(result.data.result.initialValue).toMatchObject(typed)
  })

  it('the same for a new brand', async () => {
    refuseWrites('brands')
    const typed = {
      name: 'Red River Farms',
      logo_url: 'https://cdn.example/red-river.png',
      site_url: 'https://redriver.example',
      sort_order: '1',
    }
    const result = await answer(() => brandEditor({ ...routeArgs(post('/admin/brands/new', typed)), params: {} }))
    expect(result.status).toBe(500)
    expect(result.data.result.initialValue).toMatchObject(typed)
  })
})
