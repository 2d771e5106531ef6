import { describe, expect, it } from 'vitest'

import { startSession } from '~/auth/session.server'
import { loader as loginLoader } from '~/routes/admin.login'
import { action as ageGateAction } from '~/routes/age-gate'

import { answer, cookiePair, getRequest, insertUser, postTo, routeArgs, useAuthTest } from './auth-support'

/**
 * A return address is followed by a redirect, whose Location header holds only
 * bytes: letters beyond ASCII in it made React Router throw, a 500 where the
 * visitor expected to go back.
 */
const t = useAuthTest()

describe('going back to a page whose address has letters beyond ASCII', () => {
  it('a patient confirms their age on /blog/café-menu?tag=✓ and is taken back to it', async () => {
    const result = await postTo(ageGateAction, '/age-gate', { redirectTo: '/blog/café-menu?tag=✓' })
    expect(result.status).toBe(302)
    const location = result.location!
    expect(location).toBe('/blog/caf%C3%A9-menu?tag=%E2%9C%93')
    const back = new URL(location, 'http://shop.example')
    expect(decodeURIComponent(back.pathname)).toBe('/blog/café-menu')
    expect(back.searchParams.get('tag')).toBe('✓')
  })

  it('a signed-in owner opening the sign-in page with such a return address is taken there', async () => {
    const cookie = cookiePair(await startSession(insertUser(t, 'owner@example.com', 'password-1', true)))
    const result = await answer(() =>
      loginLoader(routeArgs(getRequest('/admin/login?redirectTo=/admin/blog%3Fq%3D%E2%9C%93', { Cookie: cookie }))),
    )
    expect(result.status).toBe(302)
    expect(result.location).toBe('/admin/blog?q=%E2%9C%93')
  })
})
