import { describe, expect, it } from 'vitest'

import { pageAddress, pageQuery } from '~/lib/page-address'

/**
 * A marketing link, a crawler and a patient typing a search all reach the same
 * pages: only the parameters a page reads make it a different page.
 */
describe('the page a link opens', () => {
  it('a flyer link with tracking parameters opens the same page as the plain address', () => {
    for (const search of ['?utm_source=flyer&utm_campaign=fall', '?fbclid=abc', '?gclid=x&junk=1', '?', '']) {
      expect(pageAddress('/', search)).toBe('/')
      expect(pageAddress('/deals', search)).toBe('/deals')
      expect(pageAddress('/blog/curbside-pickup-is-here', search)).toBe('/blog/curbside-pickup-is-here')
    }
  })

  it.each([
    ['?q=rosin&page=2', '?q=rosin&page=2'],
    ['?page=2&utm_source=x&q=%20rosin%20', '?q=rosin&page=2'],
    ['?q=Rosin', '?q=Rosin'],
    ['?q=rosin&q=wax', '?q=rosin'],
  ])(
    'a patient searching the blog gets a page of their own, whatever order or spacing the link has: %s',
    (search, query) => {
      expect(pageQuery('/blog', search)).toBe(query)
    },
  )

  it.each([
    ['/blog', '?q=&page=1', ''],
    ['/blog', '?q=%20%20&page=abc', ''],
    ['/blog', '?page=007', '?page=7'],
    ['/reviews', '?store=Lindsey', ''],
    ['/reviews', '?store=BlueWater&utm_medium=qr', '?store=BlueWater'],
  ])('empty values and defaults are the plain list: %s%s', (path, search, query) => {
    expect(pageQuery(path, search)).toBe(query)
  })

  it('each list reads its own parameters: categories and tags page, brands search', () => {
    expect(pageQuery('/blog/category/guides', '?page=3&q=x')).toBe('?page=3')
    expect(pageQuery('/blog/tag/rosin', '?page=2')).toBe('?page=2')
    expect(pageQuery('/brands', '?q=prairie&page=2')).toBe('?q=prairie')
    // The brands search is cut where the page cuts it (100 characters), the blog's at 200.
    expect(pageQuery('/brands', `?q=${'a'.repeat(150)}`)).toBe(`?q=${'a'.repeat(100)}`)
    expect(pageQuery('/blog', `?q=${'a'.repeat(250)}`)).toBe(`?q=${'a'.repeat(200)}`)
  })

  it('the age gate preview is read on every page', () => {
    expect(pageQuery('/', '?preview=1&utm_source=x')).toBe('?preview=1')
    expect(pageQuery('/about', '?preview=yes')).toBe('')
  })
})
