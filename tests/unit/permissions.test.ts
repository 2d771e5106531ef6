import { describe, expect, it } from 'vitest'

import { isSecondFactorSetupPath, mayUse } from '~/auth/permissions'

/** The one table of what each role may open under /admin. */
describe('what each role may open', () => {
  const staffMay = [
    '/admin',
    '/admin/',
    '/admin/blog',
    '/admin/blog/new',
    '/admin/blog/edit/3',
    '/admin/blog/3/delete',
    '/admin/blog/preview',
    '/admin/uploads/blog-images',
    '/admin/inquiries',
    '/admin/inquiries/export',
    '/admin/applications',
    '/admin/applications/export',
    '/admin/account',
    '/admin/account/two-factor',
    // The Trash screen; which records it lists and restores is checked against their own lists.
    '/admin/trash',
    '/admin/blog.data',
    // A page opened with a trailing slash asks for its data at …/_.data.
    '/admin/blog/new/_.data',
    '/ADMIN/Blog',
    // Repeated slashes are one, as the router reads them.
    '/admin//blog/new',
    '/admin/blog///',
    // A dot inside a name is not a '.' segment.
    '/admin/blog/edit/my.post',
  ]
  const adminOnly = [
    '/admin/deals',
    '/admin/deals/new',
    '/admin/deals/4/delete',
    '/admin/brands',
    '/admin/brands/2/edit',
    '/admin/settings',
    '/admin/staff',
    '/admin/activity',
    '/admin/uploads/deals',
    '/admin/uploads/brands',
    // A page added later is for admins until someone opens it to staff.
    '/admin/reports',
    // Addresses that only look like a staff area.
    '/admin/blogroll',
    '/admin/accounts',
    '/admin/deals.data',
    '/admin/deals/new/_.data',
    '/ADMIN/DEALS',
    '/admin//deals',
    '/admin/%64eals',
    '/admin/blog/../deals',
    '/admin/blog/%2e%2e/deals',
    '/admin/blog%2F..%2Fsettings',
    '/admin/%E0%A4%A',
    '/admin/blog/%2e',
    '/admin/account/%2E/../staff',
    // Only a final '.data' is a script's request for the page before it.
    '/admin/blog.data/deals',
  ]

  it('lets staff use the blog, inquiries, applications, their own account and the Trash', () => {
    for (const path of staffMay) expect(mayUse('staff', path), path).toBe(true)
  })

  it('keeps deals, brands, settings, staff, activity and anything unlisted for admins', () => {
    for (const path of adminOnly) {
      expect(mayUse('staff', path), path).toBe(false)
      expect(mayUse('admin', path), path).toBe(true)
    }
  })

  it('opens nothing to an account without a role', () => {
    for (const path of [...staffMay, ...adminOnly]) {
      expect(mayUse(null, path), path).toBe(false)
      expect(mayUse(undefined, path), path).toBe(false)
    }
  })

  it('leaves only the account pages open while a required second factor is missing', () => {
    expect(isSecondFactorSetupPath('/admin/account')).toBe(true)
    expect(isSecondFactorSetupPath('/admin/account/two-factor')).toBe(true)
    expect(isSecondFactorSetupPath('/admin/account/two-factor.data')).toBe(true)
    expect(isSecondFactorSetupPath('/admin')).toBe(false)
    expect(isSecondFactorSetupPath('/admin/accountant')).toBe(false)
    expect(isSecondFactorSetupPath('/admin/account/../staff')).toBe(false)
  })
})
