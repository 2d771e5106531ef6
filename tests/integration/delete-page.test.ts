import { beforeEach, describe, expect, it } from 'vitest'

import { startSession } from '~/auth/session.server'
import { readToast } from '~/http/toast.server'
import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from '~/lib/record-lists'
import { createBrand } from '~/models/brands.server'
import { createDealSlide } from '~/models/deals.server'
import { createPost } from '~/models/posts.server'
import { listTrash } from '~/models/trash.server'
import { action, loader } from '~/routes/admin.$list.$id.delete'

import { answer, cookiePair, insertUser, routeArgs, SITE_URL, useAuthTest } from './auth-support'

/**
 * The one delete page that serves posts, deals and brands, through its loader
 * and action as React Router calls them: the list it serves is the one whose
 * address matched, and pressing Delete a second time (a second tab, a page
 * kept open) says the record is gone instead of asking to try again.
 */
const t = useAuthTest()
let cookie: string
beforeEach(async () => {
  cookie = cookiePair(await startSession(insertUser(t, 'owner@example.com', 'password-1', true)))
})

/** One record of each list, and how its delete page names it. */
const SAMPLES: Record<RecordKind, { make: () => Promise<number>; name: string }> = {
  post: {
    make: () => createPost({ title: 'Curbside pickup is here', slug: 'curbside', content: 'x' }),
    name: 'Curbside pickup is here',
  },
  deal: {
    make: () => createDealSlide({ title: 'Half-off Fridays', start_date: '2027-01-01', end_date: '2027-01-31' }),
    name: 'Half-off Fridays (Jan 1, 2027 – Jan 31, 2027)',
  },
  brand: { make: () => createBrand({ name: 'Prairie Gold', logo_url: '/brands/pg.svg' }), name: 'Prairie Gold' },
}

/** The arguments React Router gives the module at one list's delete address (its pattern has no leading slash). */
function argsAt(kind: RecordKind, id: number, method: 'GET' | 'POST') {
  const path = RECORD_LISTS[kind].deletePath.replace(':id', String(id))
  const request = new Request(new URL(path, SITE_URL), {
    method,
    headers: { Cookie: cookie, Origin: SITE_URL },
  })
  return { ...routeArgs(request), params: { id: String(id) }, pattern: RECORD_LISTS[kind].deletePath.slice(1) }
}

async function toastAfter(setCookies: string[]) {
  const request = new Request(SITE_URL, { headers: { Cookie: setCookies.map(cookiePair).join('; ') } })
  return (await readToast(request)).toast
}

describe.each(RECORD_KINDS)('the delete page of a %s', (kind) => {
  const { list, noun, deleteToasts } = RECORD_LISTS[kind]

  it('names the record and its list, and the Delete button moves it to the Trash once', async () => {
    const id = await SAMPLES[kind].make()
    const page = await answer(() => loader(argsAt(kind, id, 'GET')))
    expect(page.data).toEqual({ kind, name: SAMPLES[kind].name })

    const deleted = await answer(() => action(argsAt(kind, id, 'POST')))
    expect(deleted.status).toBe(302)
    expect(deleted.location).toBe(list)
    expect(await toastAfter(deleted.cookies)).toMatchObject({ type: 'success', title: deleteToasts.deleted })
    expect((await listTrash()).map((item) => [item.kind, item.id])).toEqual([[kind, id]])
  })

  it('pressed again from a second tab, says the record no longer exists, and the Trash holds it once', async () => {
    const id = await SAMPLES[kind].make()
    await answer(() => action(argsAt(kind, id, 'POST')))

    const again = await answer(() => action(argsAt(kind, id, 'POST')))
    expect(again.location).toBe(list)
    const toast = await toastAfter(again.cookies)
    expect(toast).toMatchObject({ type: 'error' })
    expect(`${toast?.title} ${toast?.description ?? ''}`).toContain(`This ${noun.toLowerCase()} no longer exists.`)
    expect(`${toast?.title} ${toast?.description ?? ''}`).not.toContain('try again')
    expect(await listTrash()).toHaveLength(1)

    // Its page is gone too: the address answers 404.
    expect((await answer(() => loader(argsAt(kind, id, 'GET')))).status).toBe(404)
  })
})
