import { describe, expect, it } from 'vitest'

import { pagePathOf } from '~/lib/data-request'

describe('the page a data request is for', () => {
  it('is the address before .data when I move from page to page without reloading', () => {
    expect(pagePathOf('/blog.data')).toBe('/blog')
    expect(pagePathOf('/admin/blog/edit/9.data')).toBe('/admin/blog/edit/9')
  })

  it('is the home page for /_.data, and the slashed address for …/_.data', () => {
    expect(pagePathOf('/_.data')).toBe('/')
    expect(pagePathOf('/admin/deals/_.data')).toBe('/admin/deals/')
  })

  it('leaves any other address as it is', () => {
    for (const path of ['/', '/blog', '/blog.data/x', '/feed.xml', '/admin/_']) expect(pagePathOf(path)).toBe(path)
  })
})
