import { describe, expect, it } from 'vitest'

import {
  applyStaffAreaHeaders,
  etagMatches,
  hasSessionCookie,
  isPubliclyCacheable,
  PRIVATE_NO_STORE,
  publicDocumentEtag,
  publicPageCache,
  sharedPageNonce,
} from '~/http/http-cache.server'
import { isStaffPath } from '~/lib/staff-area'

const SITE = 'http://shop.example'

function request(path: string, init: { method?: string; cookie?: string } = {}): Request {
  const headers = new Headers()
  if (init.cookie) headers.set('Cookie', init.cookie)
  return new Request(`${SITE}${path}`, { method: init.method ?? 'GET', headers })
}

describe('the cache lifetime of a public page', () => {
  it('lets browsers keep it max-age seconds, shared caches at least five minutes, then serve it stale while revalidating', () => {
    expect(publicPageCache(60)).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600')
    expect(publicPageCache(1)).toBe('public, max-age=1, s-maxage=300, stale-while-revalidate=600')
    expect(publicPageCache(900)).toBe('public, max-age=900, s-maxage=900, stale-while-revalidate=600')
  })

  it('is none at all for personal answers', () => {
    expect(PRIVATE_NO_STORE).toBe('private, no-store')
  })
})

describe('the staff area', () => {
  it('is /admin, everything under it, its data requests and the sign-in page', () => {
    const admin = ['/admin', '/admin/', '/admin/posts/3']
    const dataRequests = ['/admin.data', '/admin/deals/_.data', '/login.data', '/login/_.data']
    for (const path of [...admin, ...dataRequests, '/login']) expect(isStaffPath(path), path).toBe(true)
  })

  it('is not a public page whose name merely starts like it', () => {
    const lookalikes = ['/administration', '/admins', '/blog/admin', '/login/help', '/logins', '/admin.json', '/_.data']
    for (const path of ['/', ...lookalikes]) expect(isStaffPath(path), path).toBe(false)
  })

  it('is answered noindex and no-store, and nothing else is touched', () => {
    const staff = new Headers({ 'Cache-Control': 'public, max-age=60' })
    applyStaffAreaHeaders('/admin/deals', staff)
    expect(staff.get('X-Robots-Tag')).toBe('noindex')
    expect(staff.get('Cache-Control')).toBe('no-store')

    const page = new Headers({ 'Cache-Control': 'public, max-age=60' })
    applyStaffAreaHeaders('/blog', page)
    expect(page.get('X-Robots-Tag')).toBeNull()
    expect(page.get('Cache-Control')).toBe('public, max-age=60')
  })
})

describe('a signed-in visitor', () => {
  it('is recognised by the session cookie, with or without the __Host- prefix, anywhere in the header', () => {
    expect(hasSessionCookie(request('/', { cookie: 'session=abc' }))).toBe(true)
    expect(hasSessionCookie(request('/', { cookie: '__Host-session=abc' }))).toBe(true)
    expect(hasSessionCookie(request('/', { cookie: 'age_verified=IjEi; session=abc' }))).toBe(true)
    expect(hasSessionCookie(request('/', { cookie: 'age_verified=IjEi;session=abc' }))).toBe(true)
  })

  it('is not anybody whose cookies only end in "session" or carry none', () => {
    expect(hasSessionCookie(request('/'))).toBe(false)
    expect(hasSessionCookie(request('/', { cookie: 'mysession=abc' }))).toBe(false)
    expect(hasSessionCookie(request('/', { cookie: 'age_verified=IjEi' }))).toBe(false)
    expect(hasSessionCookie(request('/', { cookie: 'toast=x' }))).toBe(false)
  })
})

describe('a page shared caches may keep', () => {
  const ok = () => new Headers({ 'Content-Type': 'text/html' })

  it('is a GET or HEAD answered 200 outside the staff area, for nobody in particular', () => {
    expect(isPubliclyCacheable(request('/blog'), 200, ok())).toBe(true)
    expect(isPubliclyCacheable(request('/blog', { method: 'HEAD' }), 200, ok())).toBe(true)
    expect(isPubliclyCacheable(request('/', { cookie: 'age_verified=IjEi' }), 200, ok())).toBe(true)
  })

  it('is never a form post or another status', () => {
    expect(isPubliclyCacheable(request('/contact', { method: 'POST' }), 200, ok())).toBe(false)
    expect(isPubliclyCacheable(request('/blog'), 404, ok())).toBe(false)
    expect(isPubliclyCacheable(request('/blog'), 304, ok())).toBe(false)
    expect(isPubliclyCacheable(request('/blog'), 500, ok())).toBe(false)
  })

  it('is never a staff page, a signed-in visitor’s page, or an answer that sets a cookie or its own caching', () => {
    expect(isPubliclyCacheable(request('/admin'), 200, ok())).toBe(false)
    expect(isPubliclyCacheable(request('/blog', { cookie: 'session=abc' }), 200, ok())).toBe(false)
    expect(isPubliclyCacheable(request('/blog'), 200, new Headers({ 'Set-Cookie': 'toast=; Max-Age=0' }))).toBe(false)
    expect(isPubliclyCacheable(request('/blog'), 200, new Headers({ 'Cache-Control': 'no-store' }))).toBe(false)
  })
})

describe('the nonce and ETag of a shared page', () => {
  it('is the same 22-character nonce for every rendering of the same page while nothing public changes', () => {
    const nonce = sharedPageNonce('secret', 'gate /blog', 7)
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(sharedPageNonce('secret', 'gate /blog', 7)).toBe(nonce)
  })

  it('is another nonce for another page, another age-gate state, after a change, or under another secret', () => {
    const nonce = sharedPageNonce('secret', 'gate /blog', 7)
    expect(sharedPageNonce('secret', 'gate /blog?q=cbd', 7)).not.toBe(nonce)
    expect(sharedPageNonce('secret', 'confirmed /blog', 7)).not.toBe(nonce)
    expect(sharedPageNonce('secret', 'gate /blog', 8)).not.toBe(nonce)
    expect(sharedPageNonce('another secret', 'gate /blog', 7)).not.toBe(nonce)
    // Key and version are kept apart: page "/a1" at version 2 is not page "/a" at version 12.
    expect(sharedPageNonce('secret', 'gate /a1', 2)).not.toBe(sharedPageNonce('secret', 'gate /a', 12))
  })

  it('gets another weak ETag when its body or only its policy changes (a new frame host), so a kept copy is not reused', () => {
    const html = '<script nonce="n">a</script>'
    const policy = "script-src 'nonce-n'"
    const etag = publicDocumentEtag(html, policy)
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/)
    expect(publicDocumentEtag(html, policy)).toBe(etag)
    expect(publicDocumentEtag('<script nonce="n">b</script>', policy)).not.toBe(etag)
    expect(publicDocumentEtag(html, `${policy}; frame-src https://maps.example`)).not.toBe(etag)
  })
})

describe('If-None-Match', () => {
  it('matches whatever the spaces and the list form, and an array of headers', () => {
    expect(etagMatches('  W/"abc"  ', 'W/"abc"')).toBe(true)
    expect(etagMatches('"x",W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches(['"x"', 'W/"abc"'], 'W/"abc"')).toBe(true)
    expect(etagMatches(' * ', 'W/"abc"')).toBe(true)
  })

  it('does not match an empty header, another tag, or a tag that only contains ours', () => {
    expect(etagMatches('', 'W/"abc"')).toBe(false)
    expect(etagMatches(null, 'W/"abc"')).toBe(false)
    expect(etagMatches([], 'W/"abc"')).toBe(false)
    expect(etagMatches('"x", "y"', 'W/"abc"')).toBe(false)
    expect(etagMatches('W/"abcd"', 'W/"abc"')).toBe(false)
    expect(etagMatches('xW/"abc"', 'W/"abc"')).toBe(false)
    expect(etagMatches('"aW/bc"', '"abc"')).toBe(false)
  })
})
