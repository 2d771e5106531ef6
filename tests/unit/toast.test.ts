import { createCookie } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { resetConfigForTesting } from '~/config.server'
import { readToast, redirectWithToast, toastHeader } from '~/http/toast.server'

import { cookieAttributes } from '../support/cookies'

const savedEnv = { ...process.env }
const SECRET = 'a-session-secret-for-the-toast-tests'

beforeEach(() => {
  process.env.SITE_URL = 'http://localhost:3000'
  process.env.SESSION_SECRET = SECRET
  resetConfigForTesting()
})
afterEach(() => {
  process.env = { ...savedEnv }
  resetConfigForTesting()
})

/** The request the browser sends next, carrying the cookie a Set-Cookie header gave it. */
function nextRequest(setCookie: string, others = ''): Request {
  return new Request('http://localhost:3000/admin', { headers: { Cookie: `${others}${setCookie.split(';')[0]}` } })
}

describe('the message shown after a redirect', () => {
  it('travels in a cookie scripts cannot read, sent on every path, only on same-site navigation, for a minute', async () => {
    const setCookie = await toastHeader({ title: 'Saved' })
    expect(setCookie.startsWith('toast=')).toBe(true)
    const attrs = cookieAttributes(setCookie)
    expect(attrs.has('httponly')).toBe(true)
    expect(attrs.get('samesite')).toBe('Lax')
    expect(attrs.get('path')).toBe('/')
    expect(attrs.get('max-age')).toBe('60')
    expect(attrs.has('secure')).toBe(false)
  })

  it('is a Secure cookie on an https site', async () => {
    process.env.SITE_URL = 'https://shop.example'
    resetConfigForTesting()
    expect(cookieAttributes(await toastHeader({ title: 'Saved' })).has('secure')).toBe(true)
  })

  it('is read on the next page, once: the answer clears the cookie', async () => {
    const setCookie = await toastHeader({ type: 'error', title: 'Not saved', description: 'Check the form' })
    const { toast, headers } = await readToast(nextRequest(setCookie, 'age_verified=IjEi;'))
    expect(toast).toEqual({ type: 'error', title: 'Not saved', description: 'Check the form' })
    const clearing = headers.get('Set-Cookie')!
    expect(clearing.startsWith('toast=;')).toBe(true)
    expect(cookieAttributes(clearing).get('max-age')).toBe('0')
    expect(cookieAttributes(clearing).get('path')).toBe('/')
  })

  it('is a success unless said otherwise', async () => {
    const { toast } = await readToast(nextRequest(await toastHeader({ title: 'Saved' })))
    expect(toast).toEqual({ type: 'success', title: 'Saved' })
  })

  it('is signed: a cookie someone wrote or signed with another secret shows nothing, and is cleared', async () => {
    const forged = await createCookie('toast', { secrets: ['somebody-elses-secret-value'] }).serialize({
      type: 'success',
      title: 'You won a prize',
    })
    const read = await readToast(nextRequest(forged))
    expect(read.toast).toBeNull()
    expect(read.headers.get('Set-Cookie')).toMatch(/^toast=;/)

    const unsigned = `toast=${btoa(JSON.stringify({ type: 'success', title: 'You won a prize' }))}`
    expect((await readToast(nextRequest(unsigned))).toast).toBeNull()
  })

  it('shows nothing for a signed cookie that is not a message', async () => {
    const odd = await createCookie('toast', { secrets: [SECRET] }).serialize({ type: 'warning', title: 5 })
    expect((await readToast(nextRequest(odd))).toast).toBeNull()
  })

  it('leaves requests without it alone: no message, nothing cleared', async () => {
    for (const cookie of [undefined, 'age_verified=IjEi', 'mytoast=x']) {
      const request = new Request('http://localhost:3000/', cookie ? { headers: { Cookie: cookie } } : {})
      const { toast, headers } = await readToast(request)
      expect(toast).toBeNull()
      expect(headers.get('Set-Cookie')).toBeNull()
    }
  })

  it('comes with a redirect that keeps the other cookies it was given', async () => {
    const response = await redirectWithToast(
      '/admin/deals',
      { title: 'Deal saved' },
      { headers: { 'Set-Cookie': 'session=abc; Path=/' } },
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/deals')
    const cookies = response.headers.getSetCookie()
    expect(cookies[0]).toBe('session=abc; Path=/')
    const read = await readToast(nextRequest(cookies[1]))
    expect(read.toast).toEqual({ type: 'success', title: 'Deal saved' })
  })

  it('shows nothing for a cookie that cannot be decoded, and clears it', async () => {
    const read = await readToast(new Request('http://localhost:3000/', { headers: { Cookie: 'toast=%E0%A4%A' } }))
    expect(read.toast).toBeNull()
    expect(read.headers.get('Set-Cookie')).toMatch(/^toast=;/)
  })

  it('refuses a title longer than a toast can show', async () => {
    await expect(toastHeader({ title: 'x'.repeat(301) })).rejects.toThrow()
  })
})
