import { describe, expect, it } from 'vitest'

import {
  applyStaffAreaHeaders,
  etagMatches,
  hasSessionCookie,
  isPubliclyCacheable,
  PRIVATE_NO_STORE,
  publicPageCache,
  sealPublicDocument,
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
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/posts/3',
      '/admin.data',
      '/admin/deals/_.data',
      '/login',
      '/login.data',
      '/login/_.data',
    ]) {
      expect(isStaffPath(path), path).toBe(true)
    }
  })

  it('is not a public page whose name merely starts like it', () => {
    for (const path of [
      '/',
      '/administration',
      '/admins',
      '/blog/admin',
      '/login/help',
      '/logins',
      '/admin.json',
      '/_.data',
    ]) {
      expect(isStaffPath(path), path).toBe(false)
    }
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

describe('a sealed public page', () => {
  const policy = (nonce: string) => `script-src 'nonce-${nonce}'`

  it('replaces every placeholder with a 22-character nonce and carries a weak ETag', () => {
    const sealed = sealPublicDocument('<script nonce="P">a</script><script nonce="P">b</script>', 'P', 'secret', policy)
    expect(sealed.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(sealed.html).toBe(`<script nonce="${sealed.nonce}">a</script><script nonce="${sealed.nonce}">b</script>`)
    expect(sealed.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/)
  })

  it('gets another nonce and ETag when only its policy changes (a new frame host), so a kept copy is not reused', () => {
    const html = '<script nonce="P">a</script>'
    const a = sealPublicDocument(html, 'P', 'secret', policy)
    const b = sealPublicDocument(html, 'P', 'secret', (nonce) => `${policy(nonce)}; frame-src https://maps.example`)
    expect(b.nonce).not.toBe(a.nonce)
    expect(b.etag).not.toBe(a.etag)
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
