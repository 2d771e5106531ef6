import { describe, expect, it } from 'vitest'

import { startSession } from '~/auth/session.server'
import { action as dealEditorAction } from '~/routes/admin.deals.editor'
import { action as loginAction } from '~/routes/admin.login'
import { action as contactAction } from '~/routes/contact'

import { answer, cookiePair, formErrors, insertUser, postTo, routeArgs, SITE_URL, useAuthTest } from './auth-support'

/**
 * A short post naming a far list position (`x[10000000]=a`) or repeating one
 * name thousands of times made the form library build a list of millions of
 * places, or copy its values again and again: seconds of work and a reply of
 * many MB, for a body of a few bytes. The public forms now refuse such a post
 * at once, as a form that could not be read.
 */
const t = useAuthTest()

/** The answer's size as JSON, and how much the heap grew while the action ran. */
async function measure(run: () => ReturnType<typeof answer>) {
  const before = process.memoryUsage().heapUsed
  const result = await run()
  const grewMB = (process.memoryUsage().heapUsed - before) / 2 ** 20
  return { result, bytes: JSON.stringify(result.data ?? '').length, grewMB }
}

describe('an outsider posting a form of a shape no page sends', () => {
  it('to the contact form, with a list position of ten million: told the form could not be read, in a small answer', async () => {
    const { result, bytes, grewMB } = await measure(() => postTo(contactAction, '/contact', { 'x[10000000]': 'a' }))
    expect(result.status).toBe(400)
    expect(formErrors(result.data)).toEqual(['The form could not be read. Please try again.'])
    expect(bytes).toBeLessThan(1000)
    // Generous: the list alone would be 80 MB.
    expect(grewMB).toBeLessThan(40)
  })

  it('to the contact form, one name 32,000 times (64 KB): the same answer', async () => {
    const body = 'x&'.repeat(32_000)
    const request = new Request(new URL('/contact', SITE_URL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE_URL },
      body,
    })
    const { result, bytes } = await measure(() => answer(() => contactAction(routeArgs(request))))
    expect(result.status).toBe(400)
    expect(formErrors(result.data)).toEqual(['The form could not be read. Please try again.'])
    expect(bytes).toBeLessThan(1000)
  })

  it('to the sign-in form: a 400 that says the form could not be read', async () => {
    const { result, bytes } = await measure(() =>
      postTo(loginAction, '/admin/login', { email: 'pat@example.com', password: 'x', 'email[10000000]': 'a' }),
    )
    expect(result.status).toBe(400)
    expect(result.data).toBe('The form could not be read. Please reload the page and try again.')
    expect(bytes).toBeLessThan(1000)
  })

  it('to a staff form with a picture (multipart): refused with the same words, and nothing saved', async () => {
    const cookie = cookiePair(await startSession(insertUser(t, 'owner@example.com', 'password-1', true)))
    const body = new FormData()
    body.set('title', 'Half-off Fridays')
    body.set('x[10000000]', 'a')
    const request = new Request(new URL('/admin/deals/new', SITE_URL), {
      method: 'POST',
      headers: { Cookie: cookie, Origin: SITE_URL },
      body,
    })
    const { result, bytes } = await measure(() => answer(() => dealEditorAction({ ...routeArgs(request), params: {} })))
    expect(result.status).toBe(400)
    expect(result.data.failure.title).toBe('The form could not be read. Please reload the page and try again.')
    expect(bytes).toBeLessThan(2000)
    expect(t.sqlite.prepare('SELECT COUNT(*) AS n FROM deals_slides').get()).toEqual({ n: 0 })
  })

  it("to the contact form, with the form library's own fields made up: told the form could not be read, never a server error", async () => {
    const filled = { name: 'Pat', email: 'pat@example.com', topic: 'general', message: 'Hello there, a question.' }
    for (const [name, value] of [
      ['__intent__', 'x'],
      ['__intent__', 'null'],
      ['__state__', '{'],
      ['__intent__', '{"type":"update","payload":{"name":"x[150000000]","value":"a"}}'],
    ]) {
      const { result, bytes } = await measure(() => postTo(contactAction, '/contact', { ...filled, [name]: value }))
      expect(result.status, `${name}=${value}`).toBe(400)
      expect(formErrors(result.data)).toEqual(['The form could not be read. Please try again.'])
      expect(bytes).toBeLessThan(1000)
    }
  })

  it("while the contact form's own fields, sent as a page sends them, still reach its checks", async () => {
    const { result } = await measure(() => postTo(contactAction, '/contact', { name: 'Pat', website: '' }))
    expect(result.status).toBe(400)
    expect(formErrors(result.data)).not.toContain('The form could not be read. Please try again.')
  })
})
