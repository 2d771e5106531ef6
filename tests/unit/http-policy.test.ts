import { describe, expect, it } from 'vitest'

import {
  BodyLimit,
  bodyLimitFor,
  formatLimit,
  IMAGE_FORM_LIMIT,
  POST_PREVIEW_LIMIT,
  SMALL_FORM_LIMIT,
} from '~/http/body-limit.server'
import { etagMatches, isSharedRequest } from '~/http/http-cache.server'
import { isSameOrigin } from '~/http/origin.server'
import { clientAddressOf } from '~/http/page-handler.server'
import { type CachedPage, RenderCache } from '~/http/render-cache.server'

describe('the client address', () => {
  const headers = { 'x-forwarded-for': '198.51.100.1, 10.0.0.1, 203.0.113.7', 'fly-client-ip': '192.0.2.5' }

  it('is the socket address unless a proxy is trusted', () => {
    expect(clientAddressOf(headers, '127.0.0.1', false)).toBe('127.0.0.1')
  })

  it('behind a trusted proxy is Fly-Client-IP (the edge overwrites it), else the right-most forwarded hop', () => {
    expect(clientAddressOf(headers, '127.0.0.1', true)).toBe('192.0.2.5')
    expect(clientAddressOf({ 'x-forwarded-for': headers['x-forwarded-for'] }, '127.0.0.1', true)).toBe('203.0.113.7')
    expect(clientAddressOf({ 'x-forwarded-for': ' , ' }, '127.0.0.1', true)).toBe('127.0.0.1')
    expect(clientAddressOf({}, '', true)).toBe('unknown')
  })
})

describe('the origin of a form post', () => {
  const site = 'https://shop.example'
  it('must be the site, compared on scheme, host and port', () => {
    expect(isSameOrigin({ origin: site }, site)).toBe(true)
    expect(isSameOrigin({ origin: 'http://shop.example' }, site)).toBe(false)
    expect(isSameOrigin({ origin: 'https://shop.example:8443' }, site)).toBe(false)
    expect(isSameOrigin({ origin: 'https://evil.example' }, site)).toBe(false)
    expect(isSameOrigin({ origin: 'null' }, site)).toBe(false)
  })

  it('may be the address the request was sent to (127.0.0.1 for localhost)', () => {
    expect(isSameOrigin({ origin: 'http://127.0.0.1:3000' }, 'http://localhost:3000', 'http://127.0.0.1:3000')).toBe(
      true,
    )
  })

  it('without Origin, follows Sec-Fetch-Site; without either, is not a browser', () => {
    expect(isSameOrigin({ 'sec-fetch-site': 'same-origin' }, site)).toBe(true)
    expect(isSameOrigin({ 'sec-fetch-site': 'same-site' }, site)).toBe(false)
    expect(isSameOrigin({ 'sec-fetch-site': 'cross-site' }, site)).toBe(false)
    expect(isSameOrigin({}, site)).toBe(true)
  })
})

describe('request body limits', () => {
  it('are small for plain forms, larger for the preview and the image forms', () => {
    for (const path of ['/', '/_.data', '/contact', '/contact.data', '/age-gate', '/admin/login', '/admin/settings']) {
      expect(bodyLimitFor(path), path).toBe(SMALL_FORM_LIMIT)
    }
    expect(SMALL_FORM_LIMIT).toBe(64 * 1024)
    expect(bodyLimitFor('/admin/blog/preview')).toBe(POST_PREVIEW_LIMIT)
    for (const path of [
      '/admin/uploads/deals',
      '/admin/deals/new',
      '/admin/brands/3/edit',
      '/admin/blog/edit/9.data',
      // the address typed with a trailing slash, as React Router 8 asks for its data
      '/admin/deals/new/_.data',
      '/admin/blog/pictures',
      '/admin/blog/pictures.data',
    ]) {
      expect(bodyLimitFor(path), path).toBe(IMAGE_FORM_LIMIT)
    }
  })

  it('fail the stream once more bytes than the limit have passed', async () => {
    const limit = new BodyLimit(10)
    const chunks: Buffer[] = []
    limit.on('data', (chunk) => chunks.push(chunk))
    const failed = new Promise<Error>((resolve) => limit.on('error', resolve))
    limit.write(Buffer.alloc(6))
    limit.write(Buffer.alloc(4))
    limit.write(Buffer.alloc(1))
    expect((await failed).name).toBe('BodyTooLargeError')
    expect(limit.exceeded).toBe(true)
    expect(Buffer.concat(chunks).length).toBe(10)
  })

  it('read as a person reads them', () => {
    expect(formatLimit(64 * 1024)).toBe('64 KB')
    expect(formatLimit(12 * 1024 * 1024)).toBe('12 MB')
  })
})

describe('shared pages', () => {
  const url = (path: string) => new URL(`http://shop.example${path}`)
  it('are pages outside the staff area for visitors with no session and no message waiting', () => {
    expect(isSharedRequest(url('/blog?page=2'), 'age_verified=IjEi')).toBe(true)
    expect(isSharedRequest(url('/'), undefined)).toBe(true)
    expect(isSharedRequest(url('/'), 'session=abc')).toBe(false)
    expect(isSharedRequest(url('/'), '__Host-session=abc')).toBe(false)
    expect(isSharedRequest(url('/contact'), 'age_verified=IjEi; toast=xyz')).toBe(false)
    expect(isSharedRequest(url('/admin/login'), undefined)).toBe(false)
    expect(isSharedRequest(url('/blog.data'), undefined)).toBe(false)
  })

  it('answer 304 to any If-None-Match that names their tag, weak or strong', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('*', 'W/"abc"')).toBe(true)
    expect(etagMatches('"abd"', 'W/"abc"')).toBe(false)
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false)
  })
})

describe('the render cache', () => {
  const page = (bytes: number, version = 1, expiresAt = 10_000): CachedPage => ({
    status: 200,
    headers: [],
    etag: 'W/"x"',
    body: Buffer.alloc(bytes),
    gzip: Buffer.alloc(0),
    br: Buffer.alloc(0),
    version,
    expiresAt,
  })

  it('gives a kept page back while its content version is current and its expiry ahead', () => {
    const cache = new RenderCache(10_000)
    cache.set('a', page(100))
    expect(cache.get('a', 1, 5_000)).toBeDefined()
    expect(cache.get('a', 2, 5_000)).toBeUndefined()
    cache.set('b', page(100))
    expect(cache.get('b', 1, 10_000)).toBeUndefined()
    cache.countMiss()
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 0, bytes: 0 })
  })

  it('stays within its bytes, dropping the least recently used page first', () => {
    const cache = new RenderCache(1_200)
    cache.set('a', page(300))
    cache.set('b', page(300))
    cache.get('a', 1, 0)
    cache.set('c', page(300))
    expect(cache.get('b', 1, 0)).toBeUndefined()
    expect(cache.get('a', 1, 0)).toBeDefined()
    expect(cache.get('c', 1, 0)).toBeDefined()
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_200)
    cache.set('huge', page(5_000))
    expect(cache.get('huge', 1, 0)).toBeUndefined()
  })

  it('keeps nothing when its size is 0', () => {
    const cache = new RenderCache(0)
    cache.set('a', page(10))
    expect(cache.enabled).toBe(false)
    expect(cache.get('a', 1, 0)).toBeUndefined()
  })
})
