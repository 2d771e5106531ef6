import { describe, expect, it } from 'vitest'

import { routeSpelling } from '~/http/route-spelling.server'
import { isStaffPath } from '~/lib/staff-area'

import { routeTableBuild } from '../support/stand-in-build'

const build = routeTableBuild()

describe('a path is sent to its route’s own spelling', () => {
  it('the staff area in capitals, mixed case, escapes or with a trailing slash is the staff area as the table spells it', () => {
    expect(routeSpelling(build, '/ADMIN/inquiries')).toBe('/admin/inquiries')
    expect(routeSpelling(build, '/Admin/Invitation')).toBe('/admin/invitation')
    expect(routeSpelling(build, '/%61dmin/inquiries')).toBe('/admin/inquiries')
    expect(routeSpelling(build, '/admin/inquiries/')).toBe('/admin/inquiries')
    expect(routeSpelling(build, '/ADMIN')).toBe('/admin')
    expect(routeSpelling(build, '/Login')).toBe('/login')
    expect(routeSpelling(build, '/ADMIN/inquiries.data')).toBe('/admin/inquiries.data')
    // React Router 8 asks a page typed with a trailing slash for its data at `/_.data` under it.
    expect(routeSpelling(build, '/ADMIN/inquiries/_.data')).toBe('/admin/inquiries/_.data')
  })

  it('parameters keep the spelling they came with; only the route’s own words change', () => {
    expect(routeSpelling(build, '/ADMIN/Blog/Edit/12')).toBe('/admin/blog/edit/12')
    expect(routeSpelling(build, '/Blog/Curbside-Pickup')).toBe('/blog/Curbside-Pickup')
    expect(routeSpelling(build, '/blog/Curbside-Pickup')).toBe('/blog/Curbside-Pickup')
    expect(routeSpelling(build, '/Uploads/deals/AB.png')).toBe('/uploads/deals/AB.png')
  })

  it('each address of a module that serves several (an editor, the delete page) keeps its own spelling', () => {
    const asked = ['/Admin/Blog/New', '/ADMIN/Deals/New', '/Admin/Deals/7/Delete', '/Admin/Brands/7/Delete']
    expect(asked.map((path) => routeSpelling(build, path))).toEqual(asked.map((path) => path.toLowerCase()))
  })

  it('a path already spelled as its route, or one no route names, is left alone', () => {
    for (const path of [
      '/',
      '/about',
      '/admin/inquiries',
      '/blog/curbside-pickup-is-here',
      '/_.data',
      '/admin/inquiries/_.data',
      '/No-Such-Page',
    ]) {
      expect(routeSpelling(build, path)).toBe(path)
    }
  })

  it('the staff-area rule reads paths as the router does, whatever their case', () => {
    expect(isStaffPath('/ADMIN/inquiries')).toBe(true)
    expect(isStaffPath('/Login')).toBe(true)
    expect(isStaffPath('/administrator')).toBe(false)
    expect(isStaffPath('/about')).toBe(false)
  })
})
